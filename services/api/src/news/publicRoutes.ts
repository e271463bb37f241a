import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  NEWS_CACHE_SECONDS,
  NewsPageSchema,
  NewsQuerySchema,
  ReviewChannelsSchema,
  ReviewVideosSchema,
  TOP_REVIEW_CHANNELS,
  TrendingNewsSchema,
  VIDEOS_CACHE_SECONDS,
  VideosQuerySchema,
} from '@autobest/domain';
import { errorResponses } from '../http/errors';
import { PrecompressedJson, sendPrecompressed } from '../process/precompressed';
import type { TtlCache } from '../process/ttlCache';
import { newsPage, reviewVideos, trendingNews } from './newsQueries';

/**
 * The storefront's news and videos: read models and ingested articles only. Browsers and proxies may keep them as long
 * as the spec's caches; this process keeps each answer serialised (and compressed once a client asks) for
 * NEWS_CACHE_TTL_MS, so most requests cost neither a query nor a compression.
 */
export const newsPublicRoutes: FastifyPluginAsyncZod<{ answers: TtlCache<PrecompressedJson> }> = async (app, { answers }) => {
  const tags = ['news'];

  /** The answer for `key`, made (and checked against its schema) once per cache lifetime, compressed as the client accepts. */
  async function send<S extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, key: string, maxAgeSeconds: number, schema: S, make: () => Promise<z.input<S>>) {
    const answer = await answers.remember(key, async () => new PrecompressedJson(JSON.stringify(schema.parse(await make()))));
    return sendPrecompressed(request, reply.header('Cache-Control', `public, max-age=${maxAgeSeconds}`), answer);
  }

  app.get(
    '/api/news',
    {
      // Answers keep their own compressed copies (see send).
      compress: false,
      schema: {
        tags,
        summary: "Automotive news, newest first; the spec's fallback articles for a region whose feeds have never given one",
        querystring: NewsQuerySchema,
        response: { 200: NewsPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { region, category, limit, page } = request.query;
      const key = `news ${region ?? ''} ${category?.join(',') ?? ''} ${limit} ${page}`;
      return send(request, reply, key, NEWS_CACHE_SECONDS, NewsPageSchema, () => newsPage(app.db, { region, categories: category }, { limit, page }));
    },
  );

  app.get(
    '/api/news/trending',
    {
      // Answers keep their own compressed copies (see send).
      compress: false,
      schema: {
        tags,
        summary: 'The 8 trending articles: deduplicated by title and URL, newest first, the featured one at the top (the ticker shows 3)',
        response: { 200: TrendingNewsSchema, ...errorResponses },
      },
    },
    async (request, reply) => send(request, reply, 'trending', NEWS_CACHE_SECONDS, TrendingNewsSchema, async () => ({ items: await trendingNews(app.db) })),
  );

  app.get(
    '/api/videos',
    {
      // Answers keep their own compressed copies (see send).
      compress: false,
      schema: {
        tags,
        summary: 'Car review videos: latest (6) or trending by views (5), by brand and body type',
        querystring: VideosQuerySchema,
        response: { 200: ReviewVideosSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { brand, category, sort, limit, page } = request.query;
      const key = `videos ${brand?.toLowerCase() ?? ''} ${category ?? ''} ${sort} ${limit ?? ''} ${page}`;
      return send(request, reply, key, VIDEOS_CACHE_SECONDS, ReviewVideosSchema, () => reviewVideos(app.db, { brand, category, sort, limit, page }));
    },
  );

  app.get(
    '/api/videos/channels',
    { schema: { tags, summary: 'The curated list of top review channels', response: { 200: ReviewChannelsSchema, ...errorResponses } } },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${VIDEOS_CACHE_SECONDS}`);
      return { items: [...TOP_REVIEW_CHANNELS] };
    },
  );
};
