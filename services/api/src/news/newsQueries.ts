import { sql, type Selectable } from 'kysely';
import type { Db, ReviewVideosTable } from '@autobest/db';
import {
  embedUrlOf,
  FALLBACK_ARTICLES,
  LATEST_VIDEOS_SIZE,
  NEWS_REGIONS,
  normalisedTitle,
  TRENDING_NEWS_SIZE,
  TRENDING_VIDEOS_SIZE,
  type NewsArticle,
  type NewsCategory,
  type NewsPage,
  type NewsRegion,
  type ReviewVideoRecord,
  type ReviewVideos,
  type VideoCategory,
} from '@autobest/domain';

export interface NewsFilter {
  region?: NewsRegion | undefined;
  categories?: readonly NewsCategory[] | undefined;
}

/** What visitors see: articles of enabled sources that staff have not hidden, with their source's name and region. */
function visibleArticles(db: Db, { region, categories }: NewsFilter) {
  let query = db
    .selectFrom('news_articles as a')
    .innerJoin('news_sources as s', 's.id', 'a.source_id')
    .leftJoin('news_article_moderation as m', 'm.article_id', 'a.id')
    .where('s.enabled', '=', true)
    .where((eb) => eb.or([eb('m.hidden', 'is', null), eb('m.hidden', '=', false)]));
  if (region) query = query.where('s.region', '=', region);
  if (categories && categories.length > 0) query = query.where('a.category', 'in', categories);
  return query;
}

const articleColumns = ['a.id', 'a.title', 'a.excerpt', 'a.url', 'a.image', 'a.category', 'a.publish_date', 's.name as source', 's.region', 'm.featured'] as const;

type ArticleRow = { id: string; title: string; excerpt: string; url: string; image: string; category: NewsCategory; publish_date: Date | string; source: string; region: NewsRegion; featured: boolean | null };

const toArticle = (row: ArticleRow): NewsArticle => ({
  id: row.id,
  title: row.title,
  excerpt: row.excerpt,
  url: row.url,
  source: row.source,
  category: row.category,
  region: row.region,
  publishDate: new Date(row.publish_date).toISOString(),
  image: row.image,
  featured: row.featured === true,
});

/**
 * The regions whose feeds have given at least one article (hidden ones count: staff hiding every article is not
 * "nothing fetched"). A region that has none shows the spec's fallback articles; once it has some, visitors see the
 * stored ones, the last good ones when its feeds fail.
 */
async function regionsWithArticles(db: Db): Promise<Set<NewsRegion>> {
  const rows = await db
    .selectFrom('news_sources as s')
    .where('s.enabled', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('news_articles as a').select('a.id').whereRef('a.source_id', '=', 's.id')))
    .select('s.region')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.region));
}

function fallbacksFor(regions: readonly NewsRegion[], categories: readonly NewsCategory[] | undefined): NewsArticle[] {
  return regions
    .flatMap((region) => FALLBACK_ARTICLES[region])
    .filter((article) => !categories || categories.length === 0 || categories.includes(article.category))
    .map((article) => ({ ...article, featured: false }));
}

/** Newest first; the same order as the SQL's (publish date descending, then id). */
const newestFirst = (a: NewsArticle, b: NewsArticle) => (a.publishDate === b.publishDate ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.publishDate < b.publishDate ? 1 : -1);

/** One page of news, newest first, with the fallbacks of every asked region that has never had an article. */
export async function newsPage(db: Db, filter: NewsFilter, { limit, page }: { limit: number; page: number }): Promise<NewsPage> {
  const regions = filter.region ? [filter.region] : [...NEWS_REGIONS];
  const stored = await regionsWithArticles(db);
  const fallbacks = fallbacksFor(
    regions.filter((region) => !stored.has(region)),
    filter.categories,
  );
  const offset = (page - 1) * limit;
  const storedRegions = regions.filter((region) => stored.has(region));
  if (storedRegions.length === 0) return { items: fallbacks.sort(newestFirst).slice(offset, offset + limit), total: fallbacks.length };

  const query = visibleArticles(db, filter).where('s.region', 'in', storedRegions);
  // With fallbacks in the mix, the page's stored articles are among the newest offset + limit (a few hundred rows at
  // most: each source keeps its newest hundred).
  const [rows, counted] = await Promise.all([
    query
      .select(articleColumns)
      .orderBy('a.publish_date', 'desc')
      .orderBy('a.id')
      .offset(fallbacks.length > 0 ? 0 : offset)
      .limit(fallbacks.length > 0 ? offset + limit : limit)
      .execute(),
    query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total) + fallbacks.length;
  const articles = rows.map(toArticle);
  if (fallbacks.length === 0) return { items: articles, total };
  return { items: [...articles, ...fallbacks].sort(newestFirst).slice(offset, offset + limit), total };
}

/**
 * The trending list (spec section 9): deduplicated by title and URL, newest first, top 8; an article staff featured
 * comes first, however old. Fallbacks stand in for a region that has never had an article.
 */
export async function trendingNews(db: Db): Promise<NewsArticle[]> {
  const stored = await regionsWithArticles(db);
  const newest =
    stored.size === 0
      ? []
      : await visibleArticles(db, {})
          .where('s.region', 'in', [...stored])
          // More than needed: duplicates by title and URL are dropped below.
          .select(articleColumns)
          .orderBy('a.publish_date', 'desc')
          .orderBy('a.id')
          .limit(TRENDING_NEWS_SIZE * 3)
          .execute();
  const featured = await visibleArticles(db, {}).where('m.featured', '=', true).select(articleColumns).executeTakeFirst();
  const candidates = [...newest.map(toArticle), ...fallbacksFor(NEWS_REGIONS.filter((region) => !stored.has(region)), undefined)].sort(newestFirst);
  const ordered = featured ? [toArticle(featured), ...candidates.filter((article) => article.id !== featured.id)] : candidates;
  const seen = new Set<string>();
  const trending: NewsArticle[] = [];
  for (const article of ordered) {
    const key = `${normalisedTitle(article.title)}\n${article.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    trending.push(article);
    if (trending.length === TRENDING_NEWS_SIZE) break;
  }
  return trending;
}

export function toReviewVideo(row: Selectable<ReviewVideosTable>): ReviewVideoRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    brand: row.brand,
    model: row.model,
    category: row.category,
    thumbnail: row.thumbnail,
    videoUrl: row.video_url,
    embedUrl: embedUrlOf(row.video_url),
    duration: row.duration,
    rating: Number(row.rating),
    channel: row.channel,
    views: Number(row.views),
    publishDate: row.publish_date,
  };
}

export interface VideoFilter {
  brand?: string | undefined;
  category?: VideoCategory | 'All' | undefined;
  sort: 'latest' | 'trending';
  limit?: number | undefined;
  page: number;
}

/** Latest (newest first, 6 by default) or trending (most viewed, 5 by default) review videos, by brand and body type. */
export async function reviewVideos(db: Db, { brand, category, sort, limit, page }: VideoFilter): Promise<ReviewVideos> {
  let query = db.selectFrom('review_videos');
  if (brand && brand.toLowerCase() !== 'all') query = query.where(sql<boolean>`lower(brand) = ${brand.toLowerCase()}`);
  if (category && category !== 'All') query = query.where('category', '=', category);
  const size = limit ?? (sort === 'latest' ? LATEST_VIDEOS_SIZE : TRENDING_VIDEOS_SIZE);
  const ordered =
    sort === 'latest'
      ? query.orderBy('publish_date', 'desc').orderBy('created_at', 'desc').orderBy('id')
      : query.orderBy('views', 'desc').orderBy('publish_date', 'desc').orderBy('id');
  const [rows, counted, brands] = await Promise.all([
    ordered.selectAll().offset((page - 1) * size).limit(size).execute(),
    query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    db.selectFrom('review_videos').select('brand').distinct().orderBy('brand').execute(),
  ]);
  return { items: rows.map(toReviewVideo), total: Number(counted.total), brands: brands.map((row) => row.brand) };
}
