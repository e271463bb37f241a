import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  type NewsPage,
  type ReviewVideos,
  type TrendingNews,
} from '@autobest/domain';
import { errorResponses } from '../platform/errors';
import type { TtlCache } from '../platform/ttlCache';
import { newsPage, reviewVideos, trendingNews } from './newsQueries';

export type NewsAnswer = NewsPage | TrendingNews | ReviewVideos;

/** The storefront's news and videos: read models and ingested articles only, cached as long as the spec's caches. */
export const newsPublicRoutes: FastifyPluginAsyncZod<{ answers: TtlCache<NewsAnswer> }> = async (app, { answers }) => {
  const tags = ['news'];
  const cacheFor = (seconds: number) => `public, max-age=${seconds}`;

  app.get(
    '/api/news',
    {
      schema: {
        tags,
        summary: "Automotive news, newest first; the spec's fallback articles for a region whose feeds have never given one",
        querystring: NewsQuerySchema,
        response: { 200: NewsPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { region, category, limit, page } = request.query;
      reply.header('Cache-Control', cacheFor(NEWS_CACHE_SECONDS));
      const key = `news ${region ?? ''} ${category?.join(',') ?? ''} ${limit} ${page}`;
      return (await answers.remember(key, () => newsPage(app.db, { region, categories: category }, { limit, page }))) as NewsPage;
    },
  );

  app.get(
    '/api/news/trending',
    {
      schema: {
        tags,
        summary: 'The 8 trending articles: deduplicated by title and URL, newest first, the featured one at the top (the ticker shows 3)',
        response: { 200: TrendingNewsSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cacheFor(NEWS_CACHE_SECONDS));
      return (await answers.remember('trending', async () => ({ items: await trendingNews(app.db) }))) as TrendingNews;
    },
  );

  app.get(
    '/api/videos',
    {
      schema: {
        tags,
        summary: 'Car review videos: latest (6) or trending by views (5), by brand and body type',
        querystring: VideosQuerySchema,
        response: { 200: ReviewVideosSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { brand, category, sort, limit, page } = request.query;
      reply.header('Cache-Control', cacheFor(VIDEOS_CACHE_SECONDS));
      const key = `videos ${brand?.toLowerCase() ?? ''} ${category ?? ''} ${sort} ${limit ?? ''} ${page}`;
      return (await answers.remember(key, () => reviewVideos(app.db, { brand, category, sort, limit, page }))) as ReviewVideos;
    },
  );

  app.get(
    '/api/videos/channels',
    { schema: { tags, summary: 'The curated list of top review channels', response: { 200: ReviewChannelsSchema, ...errorResponses } } },
    async (_request, reply) => {
      reply.header('Cache-Control', cacheFor(VIDEOS_CACHE_SECONDS));
      return { items: [...TOP_REVIEW_CHANNELS] };
    },
  );
};
