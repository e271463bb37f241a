import { AFRICAN_NEWS_CATEGORIES, cutExcerpt, type NewsCategory, type NewsFilterCategory, type VideoCategory, type VideoFilterCategory } from '@autobest/domain/news';
import type { NewsArticle, ReviewVideo } from '@autobest/domain/news/contracts';

/** What /news shows of what the API answers (spec 001 sections 2 and 9). Pure: the page renders, these decide. */

/** The 'Trending' ticker shows the first 3 of the trending articles. */
export const TICKER_SIZE = 3;
/** 'African Automotive News' shows at most 6 articles. */
export const AFRICAN_NEWS_SHOWN = 6;
/** The videos sidebar shows the latest 6; 'View All Reviews' opens the rest. */
export const LATEST_VIDEOS_SHOWN = 6;
/** Global headlines arrive a page at a time ('More headlines' asks for the next). */
export const GLOBAL_PAGE_SIZE = 12;
/**
 * With 'All' chosen, the African list asks for the newest of every category and keeps the spec's seven: this many
 * covers the six African feeds' 10 items each.
 */
const AFRICAN_CANDIDATES = 60;

const isAfricanCategory = (category: NewsCategory) => (AFRICAN_NEWS_CATEGORIES as readonly NewsCategory[]).includes(category);

/**
 * The query for the African list under the chosen category, or null when that category never appears there (the
 * list is then empty without asking).
 */
export function africanNewsQuery(category: NewsFilterCategory): string | null {
  if (category === 'All') return new URLSearchParams({ region: 'african', limit: String(AFRICAN_CANDIDATES) }).toString();
  if (!isAfricanCategory(category)) return null;
  return new URLSearchParams({ region: 'african', category, limit: String(AFRICAN_NEWS_SHOWN) }).toString();
}

/** The African list: only the spec's seven categories, the chosen one if any, at most 6, in the API's order. */
export function africanNewsShown(articles: readonly NewsArticle[], category: NewsFilterCategory): NewsArticle[] {
  return articles.filter((article) => isAfricanCategory(article.category) && (category === 'All' || article.category === category)).slice(0, AFRICAN_NEWS_SHOWN);
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

/** An excerpt as a card shows it: the spec's cut (the API already made it; a longer one from elsewhere is cut too), or nothing. */
export function displayExcerpt(excerpt: string): string | null {
  const shown = cutExcerpt(excerpt);
  return shown === '' ? null : shown;
}

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
export const showsBodyType = (video: Pick<ReviewVideo, 'category'>): boolean => video.category !== 'SUV';

/** A rating shows as a star badge only when there is one (0 means not rated). */
export const showsRating = (video: Pick<ReviewVideo, 'rating'>): boolean => video.rating > 0;

/** The brands of the brand filter: every brand among the videos, in alphabetical order, after 'All'. */
export function videoBrands(videos: readonly ReviewVideo[]): string[] {
  return [...new Set(videos.map((video) => video.brand))].sort((a, b) => a.localeCompare(b, 'en'));
}

/** The videos of the chosen brand and body type ('All' for either means any), in the API's order (newest first). */
export function filterVideos(videos: readonly ReviewVideo[], brand: string, category: VideoFilterCategory = 'All'): ReviewVideo[] {
  return videos.filter((video) => (brand === 'All' || video.brand === brand) && (category === 'All' || video.category === category));
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The YouTube video a video page address names (watch, youtu.be, embed, shorts and live forms), or null. */
export function youTubeId(videoUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) id = segments[0] === 'watch' ? url.searchParams.get('v') : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '') ? segments[1] : null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/**
 * The privacy-enhanced player for a video: youtube-nocookie.com sets no cookie until the visitor plays, and the page
 * loads it only after the visitor pressed play (so it may start at once).
 */
export const embedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

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
