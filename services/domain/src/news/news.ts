/**
 * The spec's news and video vocabulary (spec 001 sections 3, 5 and 9), shared by ingestion, the API, the console and
 * the storefront. No zod here: the storefront imports these lists without shipping a validator.
 */

/** An article's categories, in the order of the spec's filter bar. */
export const NEWS_CATEGORIES = [
  'Partnership',
  'Global Trends',
  'Industry News',
  'Market Analysis',
  'Events',
  'Financing',
  'Market Entry',
  'Sales Data',
  'Investment',
  'Technology',
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The category filter bar of /news: 'All' (the default) and then every category. */
export const NEWS_FILTER_CATEGORIES = ['All', ...NEWS_CATEGORIES] as const;
export type NewsFilterCategory = (typeof NEWS_FILTER_CATEGORIES)[number];

/** The only categories 'African Automotive News' shows. */
export const AFRICAN_NEWS_CATEGORIES = ['Partnership', 'Industry News', 'Market Analysis', 'Events', 'Financing', 'Market Entry', 'Sales Data'] as const satisfies readonly NewsCategory[];

/** What an article without a (known) category gets. */
export const DEFAULT_NEWS_CATEGORY: NewsCategory = 'Industry News';

/** Where a feed writes from: the page's two lists. */
export const NEWS_REGIONS = ['african', 'global'] as const;
export type NewsRegion = (typeof NEWS_REGIONS)[number];

/** A review video's category is its body type. */
export const VIDEO_CATEGORIES = ['SUV', 'Electric', 'Sedan', 'Hatchback', 'Truck'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

/** The video filter: 'All' (the default) and every body type. */
export const VIDEO_FILTER_CATEGORIES = ['All', ...VIDEO_CATEGORIES] as const;
export type VideoFilterCategory = (typeof VIDEO_FILTER_CATEGORIES)[number];

export const DEFAULT_VIDEO_CATEGORY: VideoCategory = 'SUV';

/** Trending news: deduplicated by title plus url, newest first, this many (the page's ticker shows the first 3). */
export const TRENDING_NEWS_LIMIT = 8;

/** An excerpt is at most this many characters of text, then '...'. */
export const EXCERPT_LENGTH = 200;

/** The spec's excerpt of a text already free of markup: whitespace collapsed, cut to 200 characters plus '...'. */
export function cutExcerpt(text: string): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  // Counted in characters, not UTF-16 units: an emoji is never cut in half.
  return characters.length > EXCERPT_LENGTH ? `${characters.slice(0, EXCERPT_LENGTH).join('')}...` : characters.join('');
}
