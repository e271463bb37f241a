import { z } from 'zod';
import { NEWS_CATEGORIES, NEWS_FILTER_CATEGORIES, NEWS_REGIONS, VIDEO_CATEGORIES, VIDEO_FILTER_CATEGORIES, type NewsCategory } from './categories';

/*
 * The news and video contracts the API answers and the storefront and console read (issue 15's Contract):
 * `GET /api/news` answers `{ items, total }`, `GET /api/videos` `{ items }`, console resources `news-sources`,
 * `articles` and `videos` speak ra-data-simple-rest.
 */

export const NEWS_PAGE_SIZE_MAX = 50;
/** The trending list (spec section 9): deduplicated by title and URL, newest first, top 8; the ticker shows 3. */
export const TRENDING_NEWS_SIZE = 8;
/** Latest videos default to 6, trending videos to 5, sorted by views (spec section 9). */
export const LATEST_VIDEOS_SIZE = 6;
export const TRENDING_VIDEOS_SIZE = 5;
/** Browsers and proxies may keep answers as long as the spec's caches (section 9). */
export const NEWS_CACHE_SECONDS = 300;
export const VIDEOS_CACHE_SECONDS = 600;

/** `category=Partnership`, or several separated by commas (the African section asks for its seven); 'All' is every one. */
const CategoryFilterSchema = z
  .string()
  .trim()
  .max(300)
  .transform((text, context): NewsCategory[] | undefined => {
    const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
    if (names.length === 0 || names.includes('All')) return undefined;
    const unknown = names.filter((name) => !(NEWS_CATEGORIES as readonly string[]).includes(name));
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: `Category must be one or more of: ${NEWS_FILTER_CATEGORIES.join(', ')}` });
      return z.NEVER;
    }
    return names as NewsCategory[];
  })
  .describe(`One of ${NEWS_FILTER_CATEGORIES.join(', ')}, or several separated by commas`);

export const NewsQuerySchema = z.object({
  region: z.enum(NEWS_REGIONS).optional(),
  category: CategoryFilterSchema.optional(),
  limit: z.coerce.number().int().min(1).max(NEWS_PAGE_SIZE_MAX).default(20),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const NewsArticleSchema = z
  .object({
    id: z.string(),
    title: z.string().describe('Plain text (no markup), in the source language'),
    excerpt: z.string().describe("Plain text: at most 200 characters, then '...'"),
    url: z.string().describe("The article at its source; '#' for the built-in fallback articles"),
    source: z.string(),
    category: z.enum(NEWS_CATEGORIES),
    region: z.enum(NEWS_REGIONS),
    publishDate: z.iso.datetime(),
    image: z.string().describe('An https image address, or /placeholder.svg (show it when the image fails to load)'),
    featured: z.boolean().describe('Staff chose it for the top of the ticker'),
  })
  .meta({ id: 'NewsArticle' });
export type NewsArticle = z.output<typeof NewsArticleSchema>;

export const NewsPageSchema = z.object({ items: z.array(NewsArticleSchema), total: z.int().min(0) }).meta({ id: 'NewsPage' });
export type NewsPage = z.output<typeof NewsPageSchema>;

export const TrendingNewsSchema = z.object({ items: z.array(NewsArticleSchema) }).meta({ id: 'TrendingNews' });
export type TrendingNews = z.output<typeof TrendingNewsSchema>;

export const VideosQuerySchema = z.object({
  brand: z.string().trim().max(60).optional().describe("A brand, or 'All' (the default)"),
  category: z.enum(VIDEO_FILTER_CATEGORIES).optional(),
  sort: z.enum(['latest', 'trending']).default('latest').describe(`latest: newest first (${LATEST_VIDEOS_SIZE} by default); trending: most viewed first (${TRENDING_VIDEOS_SIZE} by default)`),
  limit: z.coerce.number().int().min(1).max(NEWS_PAGE_SIZE_MAX).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const ReviewVideoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    brand: z.string(),
    model: z.string(),
    category: z.enum(VIDEO_CATEGORIES).describe('Body type; the page hides the badge for SUV'),
    thumbnail: z.string().describe('An image on this site, shown until the visitor presses play'),
    videoUrl: z.string().describe("The video's page, or '#'"),
    embedUrl: z.string().nullable().describe('The player on the privacy-enhanced embed domain, to load only once the visitor presses play; null when the video cannot be embedded'),
    duration: z.string(),
    rating: z.number().describe('0 to 5; 0 means no rating (no star badge)'),
    channel: z.string(),
    views: z.int(),
    publishDate: z.iso.date(),
  })
  .meta({ id: 'ReviewVideo' });
export type ReviewVideoRecord = z.output<typeof ReviewVideoSchema>;

export const ReviewVideosSchema = z
  .object({
    items: z.array(ReviewVideoSchema),
    total: z.int().min(0).describe('Videos matching the filters, for View All Reviews'),
    brands: z.array(z.string()).describe("Every brand with a video, for the brand filter (after 'All')"),
  })
  .meta({ id: 'ReviewVideos' });
export type ReviewVideos = z.output<typeof ReviewVideosSchema>;

export const ReviewChannelsSchema = z.object({ items: z.array(z.string()) }).meta({ id: 'ReviewChannels' });

// The console's records.

export const NewsSourceChangeSchema = z.object({
  at: z.iso.datetime(),
  by: z.string().nullable(),
  changes: z.record(z.string(), z.union([z.string(), z.boolean()])).describe('The fields set, with their new values; all of them when the source was added'),
});

export const NEWS_FETCH_STATUSES = ['never', 'ok', 'failing'] as const;

export const NewsSourceRecordSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    region: z.enum(NEWS_REGIONS),
    category: z.enum(NEWS_CATEGORIES),
    enabled: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.int(),
    history: z.array(NewsSourceChangeSchema).describe('Every change, oldest first, with the staff member who made it'),
    status: z.enum(NEWS_FETCH_STATUSES).describe('never: not read yet; ok: the last read worked; failing: the last read failed'),
    lastFetchedAt: z.iso.datetime().nullable().describe('The last attempt, whatever its outcome'),
    lastSuccessAt: z.iso.datetime().nullable().describe('The last read that worked (a 304 Not Modified counts)'),
    items: z.int().describe('Articles the last successful read gave'),
    consecutiveFailures: z.int(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.iso.datetime().nullable().describe('When a failing feed is tried again (the delay grows with each failure, up to an hour)'),
    fetchRequestedAt: z.iso.datetime().nullable().describe('When staff last pressed Fetch now'),
  })
  .meta({ id: 'NewsSource' });
export type NewsSourceRecord = z.output<typeof NewsSourceRecordSchema>;

export const ARTICLE_ACTIONS = ['hidden', 'unhidden', 'featured', 'unfeatured'] as const;

export const AdminArticleSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    excerpt: z.string(),
    url: z.string(),
    image: z.string(),
    category: z.enum(NEWS_CATEGORIES),
    region: z.enum(NEWS_REGIONS),
    source: z.string(),
    sourceId: z.uuid(),
    publishDate: z.iso.datetime(),
    firstSeenAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    hidden: z.boolean(),
    featured: z.boolean(),
    history: z.array(z.object({ action: z.enum(ARTICLE_ACTIONS), at: z.iso.datetime(), by: z.string().nullable() })).describe('Hidden, shown again, featured, unfeatured: oldest first, with who'),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.output<typeof AdminArticleSchema>;

export const AdminReviewVideoSchema = ReviewVideoSchema.extend({
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.int(),
  history: z.array(z.object({ at: z.iso.datetime(), by: z.string().nullable(), action: z.enum(['added', 'changed']), fields: z.array(z.string()) })),
}).meta({ id: 'AdminReviewVideo' });
export type AdminReviewVideo = z.output<typeof AdminReviewVideoSchema>;

export const FetchRequestedSchema = z
  .object({ source: NewsSourceRecordSchema.describe('As it stands: fetchRequestedAt is set, lastFetchedAt moves once the workers have read the feed') })
  .meta({ id: 'NewsFetchRequested' });
