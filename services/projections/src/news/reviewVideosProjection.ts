import { ReviewVideoEventSchema, type ReviewVideo } from '@autobest/domain';
import { eventByEventProjection, insertWithHistory, updateWithHistory } from '../projector/projection';

/** A video's fields as columns (only those given). */
type VideoColumns = Omit<ReviewVideo, 'videoUrl' | 'publishDate'> & { video_url: string; publish_date: string };
function columnsOf(video: ReviewVideo): VideoColumns;
function columnsOf(video: Partial<ReviewVideo>): Partial<VideoColumns>;
function columnsOf(video: Partial<ReviewVideo>) {
  const { videoUrl, publishDate, ...same } = video;
  return { ...same, ...(videoUrl === undefined ? {} : { video_url: videoUrl }), ...(publishDate === undefined ? {} : { publish_date: publishDate }) };
}

/** The curated review videos visitors see and staff edit; a removed video leaves the table. */
export const reviewVideosProjection = eventByEventProjection({
  name: 'review-videos',
  tables: ['review_videos'],
  schema: ReviewVideoEventSchema,
  async applyEvent(trx, event, stored) {
    switch (event.type) {
      case 'ReviewVideoAdded': {
        const { videoId, video, addedAt } = event.data;
        await insertWithHistory(trx, 'review_videos', videoId, columnsOf(video), { at: addedAt, action: 'added', fields: [] }, stored);
        break;
      }
      case 'ReviewVideoChanged': {
        const { videoId, changes, changedAt } = event.data;
        await updateWithHistory(trx, 'review_videos', videoId, columnsOf(changes), { at: changedAt, action: 'changed', fields: Object.keys(changes) }, stored);
        break;
      }
      case 'ReviewVideoRemoved':
        await trx.deleteFrom('review_videos').where('id', '=', event.data.videoId).execute();
        break;
    }
  },
});
