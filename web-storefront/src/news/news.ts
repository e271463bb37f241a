import { AFRICAN_SECTION_CATEGORIES, AFRICAN_SECTION_SIZE, type NewsCategory, type NewsFilterCategory, type VideoCategory, type VideoFilterCategory } from '@autobest/domain/news/categories';
import type { NewsArticle, ReviewVideoRecord } from '@autobest/domain/news/contracts';

/** What /news shows of what the API answers (spec 001 sections 2 and 9). Pure: the page renders, these decide. */

/** The 'Trending' ticker shows the first 3 of the trending articles. */
export const TICKER_SIZE = 3;
/** Global headlines arrive a page at a time ('More headlines' asks for the next). */
export const GLOBAL_PAGE_SIZE = 12;
const isAfricanCategory = (category: NewsCategory) => (AFRICAN_SECTION_CATEGORIES as readonly NewsCategory[]).includes(category);

/**
 * The query for 'African Automotive News' under the chosen category: at most 6, only of the spec's seven categories
 * (the API takes several separated by commas), or null when the chosen category never appears there (the list is then
 * empty without asking).
 */
export function africanNewsQuery(category: NewsFilterCategory): string | null {
  if (category !== 'All' && !isAfricanCategory(category)) return null;
  const categories = category === 'All' ? AFRICAN_SECTION_CATEGORIES.join(',') : category;
  return new URLSearchParams({ region: 'african', category: categories, limit: String(AFRICAN_SECTION_SIZE) }).toString();
}

/** The query for one page of global headlines under the chosen category. */
export function globalNewsQuery(category: NewsFilterCategory, page: number): string {
  const query = new URLSearchParams({ region: 'global', limit: String(GLOBAL_PAGE_SIZE), page: String(page) });
  if (category !== 'All') query.set('category', category);
  return query.toString();
}

/** Pages of a list put together: an article that moved to the next page while reading appears once. */
export function appendPage(shown: readonly NewsArticle[], next: readonly NewsArticle[]): NewsArticle[] {
  const seen = new Set(shown.map((article) => article.id));
  return [...shown, ...next.filter((article) => !seen.has(article.id))];
}

export const tickerOf = (trending: readonly NewsArticle[]): NewsArticle[] => trending.slice(0, TICKER_SIZE);

/** An excerpt as a card shows it (the API already cut it to the spec's 200 characters plus '...'), or nothing when empty. */
export const displayExcerpt = (excerpt: string): string | null => (excerpt.trim() === '' ? null : excerpt);

/** An address a card may link to: http(s) only, so no `javascript:` or `data:` link can reach an href. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Each category's badge has its own colour (news.css), one class per category. */
export const categoryBadgeClass = (category: NewsCategory | VideoCategory): string => `badge news-badge news-badge-${category.toLowerCase().replace(/\s+/g, '-')}`;

/** The body-type badge of a video is hidden for SUV (the spec's default body type). */
export const showsBodyType = (video: Pick<ReviewVideoRecord, 'category'>): boolean => video.category !== 'SUV';

/** A rating shows as a star badge only when there is one (0 means not rated). */
export const showsRating = (video: Pick<ReviewVideoRecord, 'rating'>): boolean => video.rating > 0;

/** The sidebar: the API's latest 6 of the chosen brand ('All': any). */
export function latestVideosAddress(brand: string): string {
  return brand === 'All' ? '/api/videos' : `/api/videos?${new URLSearchParams({ brand }).toString()}`;
}

/** The most videos the API answers at once: 'View All Reviews' shows that many of the chosen brand and body type. */
export const ALL_VIDEOS_LIMIT = 50;

/** 'View All Reviews': every video of the chosen brand and body type ('All' for either means any), newest first. */
export function allVideosAddress(brand: string, bodyType: VideoFilterCategory): string {
  const query = new URLSearchParams({ limit: String(ALL_VIDEOS_LIMIT) });
  if (brand !== 'All') query.set('brand', brand);
  if (bodyType !== 'All') query.set('category', bodyType);
  return `/api/videos?${query.toString()}`;
}

const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The player to load once the visitor pressed play (so it may start at once): the API's `embedUrl`, only on the
 * privacy-enhanced domain (which sets no cookie until the visitor plays, and is the only frame the page's policy
 * allows); null when the video cannot be played here.
 */
export function playerAddress(embedUrl: string | null): string | null {
  if (embedUrl === null) return null;
  try {
    const url = new URL(embedUrl);
    if (url.origin !== PLAYER_ORIGIN || !url.pathname.startsWith('/embed/')) return null;
    url.searchParams.set('autoplay', '1');
    url.searchParams.set('rel', '0');
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The thumbnail to show before play: only one served by us (this origin), so showing a video asks nothing of the
 * video site; any other address gives the placeholder.
 */
export function localThumbnail(thumbnail: string, origin: string): string {
  try {
    const url = new URL(thumbnail, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : PLACEHOLDER_IMAGE;
  } catch {
    return PLACEHOLDER_IMAGE;
  }
}

/** The spec's fallback for an image that is missing or does not load. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
