import { z } from 'zod';
import { NEWS_CATEGORIES, NEWS_REGIONS, TRENDING_NEWS_LIMIT, VIDEO_CATEGORIES } from './news';

/**
 * The public news and video answers (issue 15's contract): the API checks its queries and answers with these schemas,
 * the storefront takes their types, and its browser test checks its fixtures with them so they cannot drift.
 */

/** Links a visitor may follow: web pages only (a feed's `javascript:` link never becomes an href). */
const webUrl = z.url({ protocol: /^https?$/, error: 'Must be an http or https address' });

export const NewsArticleSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1),
    excerpt: z.string().describe('Plain text, at most 200 characters plus ...; may be empty'),
    url: webUrl.describe("The article on its source's site"),
    source: z.string().min(1).describe('The name of the feed it came from'),
    category: z.enum(NEWS_CATEGORIES),
    region: z.enum(NEWS_REGIONS),
    publishDate: z.iso.datetime({ offset: true }),
    image: z.string().min(1).describe('An image address (the placeholder when the feed gave none)'),
  })
  .meta({ id: 'NewsArticle' });
export type NewsArticle = z.output<typeof NewsArticleSchema>;

export const NewsQuerySchema = z.object({
  region: z.enum(NEWS_REGIONS, { error: `region must be one of: ${NEWS_REGIONS.join(', ')}` }).optional(),
  category: z.enum(NEWS_CATEGORIES, { error: `category must be one of: ${NEWS_CATEGORIES.join(', ')}` }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type NewsQuery = z.output<typeof NewsQuerySchema>;

/** `GET /api/news`: newest first; `total` counts every article the query matches, across pages. */
export const NewsListSchema = z.object({ items: z.array(NewsArticleSchema), total: z.int().min(0) }).meta({ id: 'NewsList' });
export type NewsList = z.output<typeof NewsListSchema>;

/** `GET /api/news/trending`: the article staff featured first, then newest first, deduplicated by title plus url. */
export const TrendingNewsSchema = z.object({ items: z.array(NewsArticleSchema).max(TRENDING_NEWS_LIMIT) }).meta({ id: 'TrendingNews' });
export type TrendingNews = z.output<typeof TrendingNewsSchema>;

export const ReviewVideoSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1),
    description: z.string(),
    brand: z.string().min(1),
    model: z.string().min(1),
    category: z.enum(VIDEO_CATEGORIES).describe('Body type'),
    thumbnail: z.string().min(1).describe('Served by us, so showing a video loads nothing from the video site'),
    videoUrl: z.union([z.literal('#'), webUrl]).describe("The video's page on the video site; '#' when there is none"),
    duration: z.string().regex(/^\d{1,2}(?::\d{2}){1,2}$/, 'duration is m:ss or h:mm:ss'),
    rating: z.number().min(0).max(5).describe('0 when not rated'),
    channel: z.string().min(1),
    views: z.int().min(0),
    publishDate: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ReviewVideo' });
export type ReviewVideo = z.output<typeof ReviewVideoSchema>;

export const VideoQuerySchema = z.object({
  brand: z.string().trim().min(1).max(60).optional(),
  category: z.enum(VIDEO_CATEGORIES, { error: `category must be one of: ${VIDEO_CATEGORIES.join(', ')}` }).optional(),
});
export type VideoQuery = z.output<typeof VideoQuerySchema>;

/** `GET /api/videos`: every video the query matches, newest first. */
export const VideoListSchema = z.object({ items: z.array(ReviewVideoSchema) }).meta({ id: 'VideoList' });
export type VideoList = z.output<typeof VideoListSchema>;
