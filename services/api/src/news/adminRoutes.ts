import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, NewsArticlesTable, NewsFetchStatesTable, NewsSourcesTable, ReviewVideosTable } from '@autobest/db';
import {
  AdminArticleSchema,
  AdminReviewVideoSchema,
  articleStreamId,
  decideArticleVisibility,
  decideNewsSource,
  decideNewsTicker,
  decideReviewVideo,
  domainMessage,
  FetchRequestedSchema,
  isAddressLiteral,
  isLocalHostName,
  isPublicAddress,
  isUuid,
  NEWS_CATEGORIES,
  NEWS_REGIONS,
  NEWS_TICKER_STREAM,
  NewsSourceInputSchema,
  NewsSourceRecordSchema,
  newsSourceStreamId,
  ReviewVideoInputSchema,
  reviewVideoStreamId,
  VIDEO_CATEGORIES,
  type AdminArticle,
  type AdminReviewVideo,
  type NewsSourceRecord,
  STAFF_AREAS,
} from '@autobest/domain';
import { requestFeedFetch } from '@autobest/runtime';
import { expectedVersion, handleCommand, STREAMS } from '../http/commands';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { withStaffName, withStaffNames } from '../staff/staffNames';
import { simpleRestList } from '../http/simpleRest';
import { toReviewVideo } from './newsQueries';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const booleanFilter = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Must be true or false' })).optional();

// News sources: the read model, completed with the worker's fetch state.

type SourceRow = Selectable<NewsSourcesTable>;
type FetchStateRow = Selectable<NewsFetchStatesTable>;

function toNewsSource(row: SourceRow, state: FetchStateRow | undefined): NewsSourceRecord {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    region: row.region,
    category: row.category,
    enabled: row.enabled,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
    history: row.history,
    status: !state?.last_fetched_at ? 'never' : state.consecutive_failures > 0 ? 'failing' : 'ok',
    lastFetchedAt: isoOrNull(state?.last_fetched_at ?? null),
    lastSuccessAt: isoOrNull(state?.last_success_at ?? null),
    items: state?.items ?? 0,
    consecutiveFailures: state?.consecutive_failures ?? 0,
    lastError: state?.last_error ?? null,
    nextAttemptAt: state && state.consecutive_failures > 0 ? isoOrNull(state.next_attempt_at) : null,
    fetchRequestedAt: isoOrNull(state?.fetch_requested_at ?? null),
  };
}

async function fetchStates(db: Db, ids: readonly string[]): Promise<Map<string, FetchStateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('news_fetch_states').selectAll().where('source_id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.source_id, row]));
}

const newsSources = simpleRestList({
  resource: 'news-sources',
  from: (db) => db.selectFrom('news_sources'),
  sortable: { name: 'name', url: 'url', region: 'region', category: 'category', enabled: 'enabled', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: ['name', 'ASC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(name || ' ' || url) ilike ${pattern}` },
  filters: {
    region: z.enum(NEWS_REGIONS, { error: `Region must be one of: ${NEWS_REGIONS.join(', ')}` }).optional(),
    category: z.enum(NEWS_CATEGORIES, { error: `Category must be one of: ${NEWS_CATEGORIES.join(', ')}` }).optional(),
    enabled: booleanFilter,
    /** Whether the feed's last read failed (the console's home counts the enabled ones). */
    failing: booleanFilter,
  },
  equals: { region: 'region', category: 'category', enabled: 'enabled' },
  where(query, { failing }) {
    if (failing === undefined) return query;
    const failed = sql<boolean>`exists (select 1 from news_fetch_states f where f.source_id = news_sources.id and f.consecutive_failures > 0)`;
    return query.where(failing ? failed : sql<boolean>`not ${failed}`);
  },
  uuidIds: true,
  toRecord: (row: SourceRow) => row,
});

// Articles: the worker's rows, with their source and staff's decisions.

type ArticleRow = Selectable<NewsArticlesTable>;

async function toAdminArticles(db: Db, rows: readonly ArticleRow[]): Promise<AdminArticle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const sourceIds = [...new Set(rows.map((row) => row.source_id))];
  const [sources, decisions] = await Promise.all([
    db.selectFrom('news_sources').select(['id', 'name', 'region']).where('id', 'in', sourceIds).execute(),
    db.selectFrom('news_article_moderation').selectAll().where('article_id', 'in', ids).execute(),
  ]);
  const sourceOf = new Map(sources.map((source) => [source.id, source]));
  const decisionOf = new Map(decisions.map((decision) => [decision.article_id, decision]));
  return rows.map((row) => {
    const source = sourceOf.get(row.source_id);
    const decision = decisionOf.get(row.id);
    return {
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      url: row.url,
      image: row.image,
      category: row.category,
      region: source?.region ?? 'global',
      source: source?.name ?? '(source removed)',
      sourceId: row.source_id,
      publishDate: iso(row.publish_date),
      firstSeenAt: iso(row.first_seen_at),
      lastSeenAt: iso(row.last_seen_at),
      hidden: decision?.hidden ?? false,
      featured: decision?.featured ?? false,
      history: decision?.history ?? [],
    };
  });
}

const articles = simpleRestList({
  resource: 'articles',
  from: (db) => db.selectFrom('news_articles'),
  sortable: { publishDate: 'publish_date', title: 'title', category: 'category', firstSeenAt: 'first_seen_at', lastSeenAt: 'last_seen_at' },
  defaultSort: ['publishDate', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(title || ' ' || excerpt || ' ' || url) ilike ${pattern}` },
  filters: {
    sourceId: z.string().max(100).optional(),
    region: z.enum(NEWS_REGIONS, { error: `Region must be one of: ${NEWS_REGIONS.join(', ')}` }).optional(),
    category: z.enum(NEWS_CATEGORIES, { error: `Category must be one of: ${NEWS_CATEGORIES.join(', ')}` }).optional(),
    hidden: booleanFilter,
    featured: booleanFilter,
  },
  where(query, { sourceId, region, category, hidden, featured }) {
    let narrowed = query;
    if (sourceId !== undefined) narrowed = isUuid(sourceId) ? narrowed.where('source_id', '=', sourceId) : narrowed.where(sql<boolean>`false`);
    if (region) narrowed = narrowed.where((eb) => eb('source_id', 'in', eb.selectFrom('news_sources').select('id').where('region', '=', region)));
    if (category) narrowed = narrowed.where('category', '=', category);
    const decided = (flag: 'hidden' | 'featured') => sql<boolean>`exists (select 1 from news_article_moderation m where m.article_id = news_articles.id and m.${sql.ref(flag)})`;
    if (hidden !== undefined) narrowed = narrowed.where(hidden ? decided('hidden') : sql<boolean>`not ${decided('hidden')}`);
    if (featured !== undefined) narrowed = narrowed.where(featured ? decided('featured') : sql<boolean>`not ${decided('featured')}`);
    return narrowed;
  },
  uuidIds: false,
  toRecord: (row: ArticleRow) => row,
});

// Videos.

type VideoRow = Selectable<ReviewVideosTable>;

const toAdminVideo = (row: VideoRow): AdminReviewVideo => ({
  ...toReviewVideo(row),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  version: row.version,
  history: row.history,
});

const videos = simpleRestList({
  resource: 'videos',
  from: (db) => db.selectFrom('review_videos'),
  sortable: { title: 'title', brand: 'brand', model: 'model', category: 'category', channel: 'channel', views: 'views', rating: 'rating', publishDate: 'publish_date', createdAt: 'created_at' },
  defaultSort: ['publishDate', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(title || ' ' || brand || ' ' || model || ' ' || channel) ilike ${pattern}` },
  filters: {
    brand: z.string().trim().max(60).optional(),
    category: z.enum(VIDEO_CATEGORIES, { error: `Category must be one of: ${VIDEO_CATEGORIES.join(', ')}` }).optional(),
  },
  where(query, { brand, category }) {
    let narrowed = query;
    if (brand) narrowed = narrowed.where(sql<boolean>`lower(brand) = ${brand.toLowerCase()}`);
    if (category) narrowed = narrowed.where('category', '=', category);
    return narrowed;
  },
  uuidIds: true,
  toRecord: toAdminVideo,
});

const IdParams = z.object({ id: z.string().max(100) });
const NewsSourceBody = NewsSourceInputSchema.extend({ version: expectedVersion });
const VideoBody = ReviewVideoInputSchema.extend({ version: expectedVersion });

export interface NewsAdminOptions {
  /** Called after every change visitors may see, so cached answers go. */
  changed(): void;
}

/** Staff manage news sources, articles and review videos (react-admin resources `news-sources`, `articles`, `videos`). */
export const newsAdminRoutes: FastifyPluginAsyncZod<NewsAdminOptions> = async (app, { changed }) => {
  const tags = ['news'];

  const sourceRecord = async (id: string): Promise<NewsSourceRecord> => {
    const row = isUuid(id) ? await app.db.selectFrom('news_sources').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('News source');
    return withStaffName(app.db, toNewsSource(row, (await fetchStates(app.db, [id])).get(id)));
  };
  const articleRecord = async (id: string): Promise<AdminArticle> => {
    const row = id.length <= 64 ? await app.db.selectFrom('news_articles').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Article');
    return withStaffName(app.db, (await toAdminArticles(app.db, [row]))[0]!);
  };
  const videoRecord = async (id: string): Promise<AdminReviewVideo> => {
    const row = isUuid(id) ? await app.db.selectFrom('review_videos').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Video');
    return withStaffName(app.db, toAdminVideo(row));
  };

  /** Feeds on this machine or the internal network are refused here already, when the URL names them outright. */
  const refusePrivateUrl = (url: string) => {
    if (app.config.news.allowPrivateHosts) return;
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isLocalHostName(host) || (isAddressLiteral(host) && !isPublicAddress(host))) {
      throw new HttpError(400, 'validation_failed', 'Feeds on loopback or private addresses are refused', { url: domainMessage('newsSourceUrlPrivate') });
    }
  };

  app.get(
    '/api/admin/news-sources',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'News sources with their fetch state (ra-data-simple-rest)', querystring: newsSources.querystring, response: { 200: z.array(NewsSourceRecordSchema), ...errorResponses } } },
    async (request, reply) => {
      const rows = await newsSources.answer(app.db, request.query, reply);
      const states = await fetchStates(app.db, rows.map((row) => row.id));
      return withStaffNames(app.db, rows.map((row) => toNewsSource(row, states.get(row.id))));
    },
  );

  app.get(
    '/api/admin/news-sources/:id',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'One news source, with its history and fetch state', params: IdParams, response: { 200: NewsSourceRecordSchema, ...errorResponses } } },
    async (request) => sourceRecord(request.params.id),
  );

  app.post(
    '/api/admin/news-sources',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: 'Add a news source (its feed is read at the next scheduled run, or at once with Fetch now)', body: NewsSourceBody, response: { 201: NewsSourceRecordSchema, ...errorResponses } } },
    async (request, reply) => {
      const { version: _version, ...source } = request.body;
      refusePrivateUrl(source.url);
      const sourceId = randomUUID();
      await handleCommand(app, request, STREAMS.newsSource, newsSourceStreamId(sourceId), (state) => decideNewsSource({ type: 'AddNewsSource', sourceId, source, now: new Date() }, state), {
        by: 'staff',
        readYourWrite: true,
        fresh: true,
      });
      changed();
      return reply.code(201).send(await sourceRecord(sourceId));
    },
  );

  app.put(
    '/api/admin/news-sources/:id',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: 'Edit a news source: name, feed URL, region, category, enabled', params: IdParams, body: NewsSourceBody, response: { 200: NewsSourceRecordSchema, ...errorResponses } } },
    async (request) => {
      const { id } = request.params;
      await sourceRecord(id);
      const { version, ...source } = request.body;
      refusePrivateUrl(source.url);
      await handleCommand(app, request, STREAMS.newsSource, newsSourceStreamId(id), (state) => decideNewsSource({ type: 'ChangeNewsSource', source, now: new Date() }, state), {
        by: 'staff',
        expectedVersion: version,
        readYourWrite: true,
      });
      changed();
      return sourceRecord(id);
    },
  );

  app.post(
    '/api/admin/news-sources/:id/fetch',
    { config: { staffPermission: STAFF_AREAS.news.write },
      schema: {
        tags,
        summary: 'Fetch now: the workers read this feed at once (even a disabled or failing one); answers 202, the record shows the outcome when it is done',
        params: IdParams,
        response: { 202: FetchRequestedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await sourceRecord(id);
      const now = new Date();
      await app.db
        .insertInto('news_fetch_states')
        .values({ source_id: id, fetch_requested_at: now })
        .onConflict((conflict) => conflict.column('source_id').doUpdateSet({ fetch_requested_at: now }))
        .execute();
      try {
        await requestFeedFetch(app.queues.news, id);
      } catch (error) {
        request.log.warn({ err: error, sourceId: id }, 'Fetch now could not reach the queue');
        throw new HttpError(503, 'unavailable', 'The workers cannot be reached just now; the feed is still read at the next scheduled run');
      }
      return reply.code(202).send({ source: await sourceRecord(id) });
    },
  );

  app.get(
    '/api/admin/articles',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'Ingested articles, newest first, with staff decisions (ra-data-simple-rest)', querystring: articles.querystring, response: { 200: z.array(AdminArticleSchema), ...errorResponses } } },
    async (request, reply) => withStaffNames(app.db, await toAdminArticles(app.db, await articles.answer(app.db, request.query, reply))),
  );

  app.get(
    '/api/admin/articles/:id',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'One article, with who hid, showed or featured it and when', params: IdParams, response: { 200: AdminArticleSchema, ...errorResponses } } },
    async (request) => articleRecord(request.params.id),
  );

  const articleAction = (action: 'hide' | 'unhide' | 'feature' | 'unfeature', summary: string) =>
    app.post(
      `/api/admin/articles/:id/${action}`,
      { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary, params: IdParams, response: { 200: AdminArticleSchema, ...errorResponses } } },
      async (request) => {
        const { id } = request.params;
        const article = await articleRecord(id);
        const now = new Date();
        if (action === 'hide' || action === 'unhide') {
          const type = action === 'hide' ? 'HideArticle' : 'UnhideArticle';
          await handleCommand(app, request, STREAMS.article, articleStreamId(id), (state) => decideArticleVisibility({ type, articleId: id, now }, state), { by: 'staff', readYourWrite: true });
        } else {
          if (action === 'feature' && article.hidden) throw new HttpError(409, 'conflict', 'This article is hidden: show it again before featuring it');
          const type = action === 'feature' ? 'FeatureArticle' : 'UnfeatureArticle';
          await handleCommand(app, request, STREAMS.newsTicker, NEWS_TICKER_STREAM, (state) => decideNewsTicker({ type, articleId: id, now }, state), { by: 'staff', readYourWrite: true });
        }
        changed();
        return articleRecord(id);
      },
    );
  articleAction('hide', 'Hide an article from visitors (a feed read again never brings it back)');
  articleAction('unhide', 'Show a hidden article again');
  articleAction('feature', 'Feature an article at the top of the ticker (replaces the one featured before)');
  articleAction('unfeature', 'Stop featuring an article');

  app.get(
    '/api/admin/videos',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'Review videos (ra-data-simple-rest)', querystring: videos.querystring, response: { 200: z.array(AdminReviewVideoSchema), ...errorResponses } } },
    async (request, reply) => withStaffNames(app.db, await videos.answer(app.db, request.query, reply)),
  );

  app.get(
    '/api/admin/videos/:id',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'One review video', params: IdParams, response: { 200: AdminReviewVideoSchema, ...errorResponses } } },
    async (request) => videoRecord(request.params.id),
  );

  app.post(
    '/api/admin/videos',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: "Add a review video (title, channel, brand and model required; the spec's defaults for the rest)", body: VideoBody, response: { 201: AdminReviewVideoSchema, ...errorResponses } } },
    async (request, reply) => {
      const { version: _version, ...video } = request.body;
      const videoId = randomUUID();
      await handleCommand(app, request, STREAMS.reviewVideo, reviewVideoStreamId(videoId), (state) => decideReviewVideo({ type: 'AddReviewVideo', videoId, video, now: new Date() }, state), {
        by: 'staff',
        readYourWrite: true,
        fresh: true,
      });
      changed();
      return reply.code(201).send(await videoRecord(videoId));
    },
  );

  app.put(
    '/api/admin/videos/:id',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: 'Edit a review video', params: IdParams, body: VideoBody, response: { 200: AdminReviewVideoSchema, ...errorResponses } } },
    async (request) => {
      const { id } = request.params;
      await videoRecord(id);
      const { version, ...video } = request.body;
      await handleCommand(app, request, STREAMS.reviewVideo, reviewVideoStreamId(id), (state) => decideReviewVideo({ type: 'ChangeReviewVideo', video, now: new Date() }, state), {
        by: 'staff',
        expectedVersion: version,
        readYourWrite: true,
      });
      changed();
      return videoRecord(id);
    },
  );

  app.delete(
    '/api/admin/videos/:id',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: 'Delete a review video (its history stays in the event store)', params: IdParams, response: { 200: AdminReviewVideoSchema, ...errorResponses } } },
    async (request) => {
      const before = await videoRecord(request.params.id);
      await handleCommand(app, request, STREAMS.reviewVideo, reviewVideoStreamId(before.id), (state) => decideReviewVideo({ type: 'RemoveReviewVideo', now: new Date() }, state), {
        by: 'staff',
        readYourWrite: true,
      });
      changed();
      return before;
    },
  );
};
