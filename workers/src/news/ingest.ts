import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, NewsSourcesTable } from '@autobest/db';
import type { IngestedArticle } from '@autobest/domain';
import { fetchFeed, FeedUnavailable, type FeedRequest, type Resolver } from './feedHttp';
import type { FeedParsers } from './feedParsers';

export interface NewsReaderSettings {
  allowPrivateHosts: boolean;
  /** Says who reads (and where to complain): AutoBestAfrica-NewsReader/1.0 (+https://...). */
  userAgent: string;
  /** Where the feeds' text is read, apart from the workers' thread and within NEWS_FEED_PARSE_BUDGET_MS. */
  feedParsers: FeedParsers;
  /** Only tests shorten these. */
  timeoutMs?: number;
  maxBytes?: number;
  resolve?: Resolver;
}

/** A failing feed waits 1 minute, then 2, 4, ... up to an hour between attempts, and is never given up. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A server's Retry-After is honoured up to a day. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;
/**
 * How long one read may hold its source: longer than the 10 s download and writing the articles, plus the parse's
 * budget for every feed that may be parsed before it in this process (a news job reads 4 feeds at once, the queue
 * runs 2 jobs, and the process parses 2 at a time), so a feed waiting behind hostile ones is not read twice at once.
 */
const leaseMs = (parseBudgetMs: number) => 60_000 + 8 * parseBudgetMs;
/** The newest articles kept per source: enough for any page, while a feed that churns cannot grow the table for ever. */
const ARTICLES_KEPT_PER_SOURCE = 100;

/** The delay before attempt `failures + 1`, with ±20% jitter so feeds failing together do not retry together. */
export function retryDelayMs(failures: number, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An article's id: the same link (as normalised) always gives the same id, whichever feed and however often it is read. */
const articleIdOf = (urlKey: string) => createHash('sha256').update(urlKey).digest('hex').slice(0, 32);

export type ReadOutcome =
  | { sourceId: string; outcome: 'read'; articles: number; skipped: string[] }
  | { sourceId: string; outcome: 'not-modified' }
  | { sourceId: string; outcome: 'failed'; error: string; failures: number; retryAt: Date }
  | { sourceId: string; outcome: 'skipped'; reason: 'busy' | 'waiting' | 'unknown' | 'disabled' };

/**
 * Takes the source for this read, unless another read holds it or (for a scheduled read) a failing feed still waits
 * for its next attempt. Staff's Fetch now does not wait.
 */
async function claim(db: Db, sourceId: string, requested: boolean, now: Date, lease: number) {
  const leaseUntil = new Date(now.getTime() + lease);
  return db
    .insertInto('news_fetch_states')
    .values({ source_id: sourceId, lease_until: leaseUntil })
    .onConflict((conflict) =>
      conflict
        .column('source_id')
        .doUpdateSet({ lease_until: leaseUntil })
        .where((eb) =>
          eb.and([
            eb.or([eb('news_fetch_states.lease_until', 'is', null), eb('news_fetch_states.lease_until', '<', now)]),
            requested ? sql<boolean>`true` : eb.or([eb('news_fetch_states.next_attempt_at', 'is', null), eb('news_fetch_states.next_attempt_at', '<=', now)]),
          ]),
        ),
    )
    .returningAll()
    .executeTakeFirst();
}

const release = (db: Db, sourceId: string) => db.updateTable('news_fetch_states').set({ lease_until: null }).where('source_id', '=', sourceId).execute();

/**
 * Writes a read's articles: new links are added; links already stored are refreshed from the feed (a feed that had no
 * date keeps the first one, so an undated item does not climb to the top on every read). A link another source
 * already gave stays with that source, unless it is gone or disabled. Staff decisions live elsewhere, so nothing here
 * can un-hide an article.
 */
async function storeArticles(db: Db, sourceId: string, articles: readonly IngestedArticle[], now: Date): Promise<void> {
  if (articles.length === 0) return;
  await db
    .insertInto('news_articles')
    .values(
      articles.map((article) => ({
        id: articleIdOf(article.urlKey),
        source_id: sourceId,
        title: article.title,
        excerpt: article.excerpt,
        url: article.url,
        image: article.image,
        category: article.category,
        publish_date: article.publishDate,
        dated: article.dated,
        first_seen_at: now,
        last_seen_at: now,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          source_id: eb.ref('excluded.source_id'),
          title: eb.ref('excluded.title'),
          excerpt: eb.ref('excluded.excerpt'),
          url: eb.ref('excluded.url'),
          image: eb.ref('excluded.image'),
          category: eb.ref('excluded.category'),
          publish_date: sql`case when excluded.dated then excluded.publish_date else news_articles.publish_date end`,
          dated: sql`news_articles.dated or excluded.dated`,
          last_seen_at: eb.ref('excluded.last_seen_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('news_articles.source_id', '=', eb.ref('excluded.source_id')),
            eb.not(eb.exists(eb.selectFrom('news_sources').select('id').whereRef('news_sources.id', '=', 'news_articles.source_id').where('news_sources.enabled', '=', true))),
          ]),
        ),
    )
    .execute();
  await sql`
    delete from news_articles
    where source_id = ${sourceId}
      and id not in (select id from news_articles where source_id = ${sourceId} order by publish_date desc, id limit ${ARTICLES_KEPT_PER_SOURCE})`.execute(db);
}

/**
 * Reads one source's feed and records the outcome: its articles and the read's state (success, or the failure, its
 * reason and when to try again). Idempotent: reading an unchanged feed again changes nothing but the times.
 */
export async function readSource(
  db: Db,
  settings: NewsReaderSettings,
  sourceId: string,
  { requested = false, now = () => new Date() }: { requested?: boolean; now?: () => Date } = {},
): Promise<ReadOutcome> {
  const source: Selectable<NewsSourcesTable> | undefined = await db.selectFrom('news_sources').selectAll().where('id', '=', sourceId).executeTakeFirst();
  if (!source) return { sourceId, outcome: 'skipped', reason: 'unknown' };
  if (!source.enabled && !requested) return { sourceId, outcome: 'skipped', reason: 'disabled' };
  const started = now();
  const state = await claim(db, sourceId, requested, started, leaseMs(settings.feedParsers.budgetMs));
  if (!state) {
    const current = await db.selectFrom('news_fetch_states').select(['lease_until']).where('source_id', '=', sourceId).executeTakeFirst();
    return { sourceId, outcome: 'skipped', reason: current?.lease_until && new Date(current.lease_until) > started ? 'busy' : 'waiting' };
  }
  const validators = state.validators_url === source.url ? { etag: state.etag, lastModified: state.last_modified } : {};
  const request: FeedRequest = { url: source.url, allowPrivateHosts: settings.allowPrivateHosts, userAgent: settings.userAgent, ...validators };
  if (settings.timeoutMs !== undefined) request.timeoutMs = settings.timeoutMs;
  if (settings.maxBytes !== undefined) request.maxBytes = settings.maxBytes;
  if (settings.resolve !== undefined) request.resolve = settings.resolve;
  try {
    const answer = await fetchFeed(request);
    const finished = now();
    const succeeded = { last_fetched_at: finished, last_success_at: finished, consecutive_failures: 0, last_error: null, next_attempt_at: null, lease_until: null };
    if (answer.status === 'not-modified') {
      await db.updateTable('news_fetch_states').set(succeeded).where('source_id', '=', sourceId).execute();
      return { sourceId, outcome: 'not-modified' };
    }
    const { articles, skipped } = await settings.feedParsers.parse({
      body: answer.body,
      contentType: answer.contentType,
      context: { feedUrl: answer.finalUrl, sourceName: source.name, defaultCategory: source.category, now: finished },
    });
    await db.transaction().execute(async (trx) => {
      await storeArticles(trx, sourceId, articles, finished);
      await trx
        .updateTable('news_fetch_states')
        .set({ ...succeeded, items: articles.length, etag: answer.etag ?? null, last_modified: answer.lastModified ?? null, validators_url: source.url })
        .where('source_id', '=', sourceId)
        .execute();
    });
    return { sourceId, outcome: 'read', articles: articles.length, skipped };
  } catch (error) {
    if (!(error instanceof FeedUnavailable)) {
      await release(db, sourceId).catch(() => undefined);
      throw error;
    }
    const finished = now();
    const failures = state.consecutive_failures + 1;
    const retryAt = new Date(finished.getTime() + Math.max(retryDelayMs(failures), Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
    await db
      .updateTable('news_fetch_states')
      .set({ last_fetched_at: finished, consecutive_failures: failures, last_error: error.message.slice(0, 500), next_attempt_at: retryAt, lease_until: null })
      .where('source_id', '=', sourceId)
      .execute();
    return { sourceId, outcome: 'failed', error: error.message, failures, retryAt };
  }
}
