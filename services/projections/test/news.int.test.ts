import { describe, it } from 'vitest';
import {
  articleStreamId,
  NEWS_TICKER_STREAM,
  newsSourceStreamId,
  reviewVideoStreamId,
  type ArticleVisibilityEvent,
  type NewsSourceEvent,
  type NewsTickerEvent,
  type ReviewVideo,
  type ReviewVideoEvent,
} from '@autobest/domain';
import { articleModerationProjection } from '../src/news/articleModerationProjection';
import { newsSourcesProjection } from '../src/news/newsSourcesProjection';
import { reviewVideosProjection } from '../src/news/reviewVideosProjection';
import { inStream, projectionSpec, staff } from './projectionSpec';

const system = { kind: 'system', name: 'first-start' } as const;
/** The columns of a row staff edit, with these history entries: created at the first, updated at the last. */
const historyColumns = <Entry extends { at: string }>(history: Entry[], version: number, globalPosition: number) => ({
  history,
  created_at: history[0]!.at,
  updated_at: history.at(-1)!.at,
  version,
  global_position: globalPosition,
});

describe('news sources projection', () => {
  const { given } = projectionSpec(newsSourcesProjection);
  const id = 'b7e1c0de-0000-4000-8000-000000000001';
  const stream = newsSourceStreamId(id);
  const source = { name: 'Nairametrics Autos', url: 'https://nairametrics.com/category/autos/feed/', region: 'african', category: 'Industry News', enabled: true } as const;
  const added: NewsSourceEvent = { type: 'NewsSourceAdded', data: { sourceId: id, addedAt: '2026-11-01T09:00:00.000Z', ...source } };
  const disabled: NewsSourceEvent = { type: 'NewsSourceChanged', data: { sourceId: id, changes: { enabled: false }, changedAt: '2026-11-02T09:00:00.000Z' } };
  const moved: NewsSourceEvent = {
    type: 'NewsSourceChanged',
    data: { sourceId: id, changes: { url: 'https://nairametrics.com/feed/', category: 'Market Analysis' }, changedAt: '2026-11-03T09:00:00.000Z' },
  };

  it('lists an added source with its fields and the addition as its first history entry', async () => {
    await given(inStream(stream, [added], system))
      .then({
        news_sources: [
          {
            id,
            ...source,
            ...historyColumns([{ at: '2026-11-01T09:00:00.000Z', by: null, changes: source }], 1, 1),
          },
        ],
      });
  });

  it('applies each change to its fields only, and records it with who made it', async () => {
    await given(inStream(stream, [added], system))
      .when(inStream(stream, [disabled], staff))
      .when(inStream(stream, [moved], staff))
      .then({
        news_sources: [
          {
            id,
            name: 'Nairametrics Autos',
            url: 'https://nairametrics.com/feed/',
            region: 'african',
            category: 'Market Analysis',
            enabled: false,
            ...historyColumns([
              { at: '2026-11-01T09:00:00.000Z', by: null, changes: source },
              { at: '2026-11-02T09:00:00.000Z', by: 'ops@autobest.test', changes: { enabled: false } },
              { at: '2026-11-03T09:00:00.000Z', by: 'ops@autobest.test', changes: { url: 'https://nairametrics.com/feed/', category: 'Market Analysis' } },
            ], 3, 3),
          },
        ],
      });
  });

  it('rebuilds the rows it kept live', async () => {
    const second = 'b7e1c0de-0000-4000-8000-000000000002';
    await given(inStream(stream, [added], system))
      .when(inStream(stream, [disabled], staff), inStream(newsSourceStreamId(second), [{ type: 'NewsSourceAdded', data: { ...source, sourceId: second, region: 'global', addedAt: '2026-11-02T10:00:00.000Z' } }], staff))
      .when(inStream(stream, [moved], staff))
      .thenRebuildGivesTheSameRows();
  });
});

describe('article moderation projection', () => {
  const { given } = projectionSpec(articleModerationProjection);
  const first = 'article-digest-1';
  const second = 'article-digest-2';
  const hidden: ArticleVisibilityEvent = { type: 'ArticleHidden', data: { articleId: first, hiddenAt: '2026-11-01T09:00:00.000Z' } };
  const unhidden: ArticleVisibilityEvent = { type: 'ArticleUnhidden', data: { articleId: first, unhiddenAt: '2026-11-01T10:00:00.000Z' } };
  const featuredFirst: NewsTickerEvent = { type: 'TickerArticleFeatured', data: { articleId: first, previousArticleId: null, featuredAt: '2026-11-01T11:00:00.000Z' } };
  const featuredSecond: NewsTickerEvent = { type: 'TickerArticleFeatured', data: { articleId: second, previousArticleId: first, featuredAt: '2026-11-01T12:00:00.000Z' } };
  /** A moderation history entry made by the staff member of these tests, on 1 November at `time`. */
  const byOps = (action: string, time: string) => ({ action, at: `2026-11-01T${time}:00.000Z`, by: 'ops@autobest.test' });
  const cleared: NewsTickerEvent = { type: 'TickerFeatureCleared', data: { articleId: second, clearedAt: '2026-11-01T13:00:00.000Z' } };

  it("keeps a hidden article's decision, and showing it again with the decision after it", async () => {
    await given(inStream(articleStreamId(first), [hidden], staff))
      .then({ news_article_moderation: [{ article_id: first, hidden: true, featured: false, history: [byOps('hidden', '09:00')], global_position: 1 }] });
    await given(inStream(articleStreamId(first), [hidden], staff))
      .when(inStream(articleStreamId(first), [unhidden], staff))
      .then({
        news_article_moderation: [
          { article_id: first, hidden: false, featured: false, history: [byOps('hidden', '09:00'), byOps('unhidden', '10:00')], global_position: 2 },
        ],
      });
  });

  it('features one article at a time: featuring another unfeatures the previous one, and clearing leaves none', async () => {
    await given(inStream(articleStreamId(first), [hidden], staff), inStream(NEWS_TICKER_STREAM, [featuredFirst], staff))
      .when(inStream(NEWS_TICKER_STREAM, [featuredSecond], staff))
      .then({
        news_article_moderation: [
          { article_id: first, hidden: true, featured: false, history: [byOps('hidden', '09:00'), byOps('featured', '11:00'), byOps('unfeatured', '12:00')], global_position: 3 },
          { article_id: second, hidden: false, featured: true, history: [byOps('featured', '12:00')], global_position: 3 },
        ],
      });
    await given(inStream(NEWS_TICKER_STREAM, [featuredFirst, featuredSecond], staff))
      .when(inStream(NEWS_TICKER_STREAM, [cleared], staff))
      .then({
        news_article_moderation: [
          { article_id: first, featured: false },
          { article_id: second, hidden: false, featured: false, history: [byOps('featured', '12:00'), byOps('unfeatured', '13:00')], global_position: 3 },
        ],
      });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(articleStreamId(first), [hidden], staff))
      .when(inStream(NEWS_TICKER_STREAM, [featuredFirst], staff), inStream(articleStreamId(first), [unhidden], staff))
      .when(inStream(NEWS_TICKER_STREAM, [featuredSecond], staff))
      .thenRebuildGivesTheSameRows();
  });
});

describe('review videos projection', () => {
  const { given } = projectionSpec(reviewVideosProjection);
  const id = 'c0ffee00-0000-4000-8000-000000000001';
  const other = 'c0ffee00-0000-4000-8000-000000000002';
  const video: ReviewVideo = {
    title: '2025 Toyota Land Cruiser review',
    description: 'Off-road in Abuja',
    brand: 'Toyota',
    model: 'Land Cruiser',
    category: 'SUV',
    thumbnail: '/placeholder.svg',
    videoUrl: 'https://www.youtube.com/watch?v=abc123',
    duration: '12:34',
    rating: 4.5,
    views: 1200,
    channel: 'AutoBest TV',
    publishDate: '2026-10-30',
  };
  const added = (videoId: string): ReviewVideoEvent => ({ type: 'ReviewVideoAdded', data: { videoId, video, addedAt: '2026-11-01T09:00:00.000Z' } });
  const changed: ReviewVideoEvent = {
    type: 'ReviewVideoChanged',
    data: { videoId: id, changes: { title: 'Land Cruiser 300 review', videoUrl: 'https://www.youtube.com/watch?v=def456', publishDate: '2026-10-31', views: 5000 }, changedAt: '2026-11-02T09:00:00.000Z' },
  };
  const removed: ReviewVideoEvent = { type: 'ReviewVideoRemoved', data: { videoId: other, removedAt: '2026-11-03T09:00:00.000Z' } };

  it('lists an added video with every field and the addition as its history', async () => {
    // Each field in the column of its name, but for the URL and the date.
    const { videoUrl, publishDate, ...sameNamed } = video;
    await given(inStream(reviewVideoStreamId(id), [added(id)], staff))
      .then({
        review_videos: [
          {
            id,
            ...sameNamed,
            video_url: videoUrl,
            publish_date: publishDate,
            ...historyColumns([{ at: '2026-11-01T09:00:00.000Z', by: 'ops@autobest.test', action: 'added', fields: [] }], 1, 1),
          },
        ],
      });
  });

  it('applies a change to the fields it names (the URL and date to their columns), and removes a removed video', async () => {
    await given(inStream(reviewVideoStreamId(id), [added(id)], staff), inStream(reviewVideoStreamId(other), [added(other)], staff))
      .when(inStream(reviewVideoStreamId(id), [changed], staff), inStream(reviewVideoStreamId(other), [removed], staff))
      .then({
        review_videos: [
          {
            id,
            title: 'Land Cruiser 300 review',
            description: 'Off-road in Abuja',
            video_url: 'https://www.youtube.com/watch?v=def456',
            publish_date: '2026-10-31',
            views: 5000,
            rating: 4.5,
            ...historyColumns([
              { at: '2026-11-01T09:00:00.000Z', by: 'ops@autobest.test', action: 'added', fields: [] },
              // The fields in the event schema's order, as the stored event reads back.
              { at: '2026-11-02T09:00:00.000Z', by: 'ops@autobest.test', action: 'changed', fields: ['title', 'videoUrl', 'views', 'publishDate'] },
            ], 2, 3),
          },
        ],
      });
  });

  it('rebuilds the rows it kept live', async () => {
    const third = 'c0ffee00-0000-4000-8000-000000000003';
    await given(inStream(reviewVideoStreamId(id), [added(id)], staff), inStream(reviewVideoStreamId(other), [added(other)], staff))
      .when(inStream(reviewVideoStreamId(id), [changed], staff), inStream(reviewVideoStreamId(third), [added(third)], staff))
      .when(inStream(reviewVideoStreamId(other), [removed], staff))
      .thenRebuildGivesTheSameRows();
  });
});
