import { embedUrlOf } from '@autobest/domain';
import {
  LATEST_VIDEOS_SIZE,
  NewsArticleSchema,
  NewsPageSchema,
  NewsQuerySchema,
  ReviewVideoSchema,
  ReviewVideosSchema,
  TrendingNewsSchema,
  VideosQuerySchema,
  type NewsArticle,
  type NewsPage,
  type ReviewVideoRecord,
  type ReviewVideos,
  type TrendingNews,
} from '@autobest/domain/news/contracts';
import type { NewsCategory, NewsRegion, VideoCategory } from '@autobest/domain/news/categories';

/**
 * News and videos as the API answers them, built through the contract's schemas: a fixture that drifts from the
 * contract fails here, not in a screen.
 */

const DAY = 86_400_000;
const NEWEST = Date.parse('2026-03-20T09:00:00Z');

export function article(index: number, region: NewsRegion, category: NewsCategory, changes: Partial<NewsArticle> = {}): NewsArticle {
  return NewsArticleSchema.parse({
    id: `${region}-${index}`,
    title: `${region === 'african' ? 'African' : 'Global'} story ${index}: ${category}`,
    excerpt: `What happened in ${category.toLowerCase()} this week, in a few words.`,
    url: `https://news.example/${region}/${index}`,
    source: region === 'african' ? 'Lagos Motor Wire' : 'World Auto Daily',
    category,
    region,
    publishDate: new Date(NEWEST - index * DAY).toISOString(),
    image: '/placeholder.svg',
    featured: false,
    ...changes,
  });
}

export function video(index: number, brand: string, category: VideoCategory, changes: Partial<ReviewVideoRecord> = {}): ReviewVideoRecord {
  const videoUrl = changes.videoUrl ?? `https://www.youtube.com/watch?v=abcdefghi${String(index).padStart(2, '0')}`;
  return ReviewVideoSchema.parse({
    id: `video-${index}`,
    title: `${brand} review ${index}`,
    description: `A ${category} tested on African roads.`,
    brand,
    model: `Model ${index}`,
    category,
    thumbnail: '/vehicles/suv.svg',
    videoUrl,
    // As the API makes it.
    embedUrl: embedUrlOf(videoUrl),
    duration: `${10 + index}:05`,
    rating: 0,
    channel: 'Drive Africa',
    views: 1000 * index,
    publishDate: new Date(NEWEST - index * DAY).toISOString().slice(0, 10),
    ...changes,
  });
}

/** Eight African articles of the spec's seven categories, newest first, with one of another category among them. */
export const AFRICAN: readonly NewsArticle[] = [
  article(1, 'african', 'Partnership'),
  article(2, 'african', 'Technology'),
  article(3, 'african', 'Industry News'),
  article(4, 'african', 'Market Analysis'),
  article(5, 'african', 'Events'),
  article(6, 'african', 'Financing'),
  article(7, 'african', 'Market Entry'),
  article(8, 'african', 'Sales Data'),
  article(9, 'african', 'Events'),
];

/** Fifteen global headlines: more than one page of 12. */
export const GLOBAL: readonly NewsArticle[] = Array.from({ length: 15 }, (_, index) =>
  article(index + 1, 'global', (['Global Trends', 'Technology', 'Investment'] as const)[index % 3]!, index === 0 ? { title: 'Global story 1: solid-state batteries', excerpt: `${'x'.repeat(200)}...` } : {}),
);

/** As the API orders them: the article staff featured first (older than the rest), then the newest. */
export const TRENDING: TrendingNews = TrendingNewsSchema.parse({ items: [{ ...AFRICAN[3]!, featured: true }, GLOBAL[0], AFRICAN[0], GLOBAL[1], GLOBAL[2]] });

/** Eight videos of three brands: SUVs (no body-type badge), rated and unrated ones, and one with nothing to play. */
export const VIDEOS: readonly ReviewVideoRecord[] = [
    video(1, 'BYD', 'Electric', { rating: 4.5 }),
    video(2, 'Toyota', 'SUV'),
    video(3, 'Chery', 'SUV', { rating: 4 }),
    video(4, 'BYD', 'Sedan'),
    video(5, 'Toyota', 'Truck', { videoUrl: '#' }),
    video(6, 'Chery', 'Hatchback'),
    video(7, 'BYD', 'SUV'),
    video(8, 'Toyota', 'Electric'),
];

/** `GET /api/news` over `articles` as the API answers: region and categories (several separated by commas), newest first, pages. */
export function newsAnswer(articles: readonly NewsArticle[], search: URLSearchParams): NewsPage {
  const query = NewsQuerySchema.parse(Object.fromEntries(search));
  const matching = articles
    .filter((candidate) => (!query.region || candidate.region === query.region) && (!query.category || query.category.includes(candidate.category)))
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
  const start = (query.page - 1) * query.limit;
  return NewsPageSchema.parse({ items: matching.slice(start, start + query.limit), total: matching.length });
}

/** `GET /api/videos` over `videos` as the API answers: brand (any case) and body type, newest first, 6 by default, every brand. */
export function videosAnswer(videos: readonly ReviewVideoRecord[], search: URLSearchParams): ReviewVideos {
  const query = VideosQuerySchema.parse(Object.fromEntries(search));
  const brand = query.brand?.toLowerCase();
  const matching = videos
    .filter((candidate) => (!brand || brand === 'all' || candidate.brand.toLowerCase() === brand) && (!query.category || query.category === 'All' || candidate.category === query.category))
    .sort((a, b) => (query.sort === 'latest' ? b.publishDate.localeCompare(a.publishDate) : b.views - a.views));
  const size = query.limit ?? LATEST_VIDEOS_SIZE;
  const start = (query.page - 1) * size;
  const brands = [...new Set(videos.map((candidate) => candidate.brand))].sort();
  return ReviewVideosSchema.parse({ items: matching.slice(start, start + size), total: matching.length, brands });
}
