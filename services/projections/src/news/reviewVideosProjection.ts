import { ReviewVideoEventSchema, type ReviewVideo } from '@autobest/domain';
import { appendedTo, eventByEventProjection, staffEmailOf } from '../projector/projection';

/** A video's fields as columns (only those given). */
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
    const by = staffEmailOf(stored);
    switch (event.type) {
      case 'ReviewVideoAdded': {
        const { videoId, video, addedAt } = event.data;
        await trx
          .insertInto('review_videos')
          .values({
            id: videoId,
            title: video.title,
            description: video.description,
            brand: video.brand,
            model: video.model,
            category: video.category,
            thumbnail: video.thumbnail,
            video_url: video.videoUrl,
            duration: video.duration,
            rating: video.rating,
            views: video.views,
            channel: video.channel,
            publish_date: video.publishDate,
            history: JSON.stringify([{ at: addedAt, by, action: 'added', fields: [] }]),
            created_at: addedAt,
            updated_at: addedAt,
            version: stored.streamPosition,
            global_position: stored.globalPosition,
          })
          .execute();
        break;
      }
      case 'ReviewVideoChanged': {
        const { videoId, changes, changedAt } = event.data;
        await trx
          .updateTable('review_videos')
          .set({ ...columnsOf(changes), history: appendedTo('history', { at: changedAt, by, action: 'changed', fields: Object.keys(changes) }), updated_at: changedAt, version: stored.streamPosition, global_position: stored.globalPosition })
          .where('id', '=', videoId)
          .execute();
        break;
      }
      case 'ReviewVideoRemoved':
        await trx.deleteFrom('review_videos').where('id', '=', event.data.videoId).execute();
        break;
    }
  },
});
