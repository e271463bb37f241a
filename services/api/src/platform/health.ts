import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsBehind, readCheckpoint } from '@autobest/db';
import { allProjections } from '@autobest/projections';
import { describeFeedProblem, feedHealth } from '../news/feedHealth';

const CHECK_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);

const DependencySchema = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional().describe('Why it failed; staff only') });

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    checks: z.object({
      postgres: DependencySchema,
      redis: DependencySchema,
      projector: z.object({
        ok: z.boolean(),
        eventsBehind: z.number().describe('Events committed but not yet in every read model'),
        byProjection: z.record(z.string(), z.number()),
        error: z.string().optional().describe('Why it could not be read; staff only'),
      }),
      news: z.object({
        ok: z.boolean().describe('False when an enabled feed was not refreshed within two NEWS_CRON intervals or its last read failed'),
        sources: z.number().describe('Enabled news sources'),
        stale: z.number().describe('Feeds not refreshed within two intervals'),
        failing: z.number().describe('Feeds whose last read failed (retried with growing delays)'),
        problems: z.array(z.string()).optional().describe('Which feeds and why; staff only'),
        error: z.string().optional().describe('Why it could not be read; staff only'),
      }),
    }),
  })
  .meta({ id: 'Health' });

async function timed(check: () => Promise<unknown>, what: string) {
  const started = performance.now();
  try {
    await withTimeout(check(), what);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * 200 when PostgreSQL and Redis answer, 503 when either is down; projector lag is reported either way. Only a signed-in
 * staff member sees why a dependency failed: a driver's error text names hosts, ports, users and databases.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['platform'], summary: 'Health of the API and its dependencies', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      const [postgres, redis] = await Promise.all([
        timed(() => sql`select 1`.execute(app.db), 'PostgreSQL'),
        timed(() => app.redis.ping(), 'Redis'),
      ]);
      const byProjection: Record<string, number> = {};
      let projectorError: string | undefined;
      if (postgres.ok) {
        try {
          for (const projection of allProjections) {
            byProjection[projection.name] = await withTimeout(
              readCheckpoint(app.db, projection.name).then((checkpoint) => eventsBehind(app.db, checkpoint)),
              'PostgreSQL',
            );
          }
        } catch (error) {
          projectorError = error instanceof Error ? error.message : String(error);
        }
      }
      const behind = Math.max(0, ...Object.values(byProjection));
      // Stale or failing feeds are reported, never a 503: visitors still get the last good articles.
      const news = postgres.ok
        ? await withTimeout(feedHealth(app.db, app.config.news.cron), 'PostgreSQL').catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
        : new Error('PostgreSQL is down');
      const healthy = postgres.ok && redis.ok;
      // Sessions live in PostgreSQL: while it is down nobody is known, and asking must not hold the answer up.
      const staff = postgres.ok ? await withTimeout(app.identifyStaff(request), 'PostgreSQL').catch(() => null) : null;
      const detail = (error: string | undefined) => (staff && error !== undefined ? { error } : {});
      reply.header('Cache-Control', 'no-store');
      return reply.code(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'unavailable',
        checks: {
          postgres: { ok: postgres.ok, latencyMs: postgres.latencyMs, ...detail(postgres.error) },
          redis: { ok: redis.ok, latencyMs: redis.latencyMs, ...detail(redis.error) },
          projector: { ok: postgres.ok && !projectorError, eventsBehind: behind, byProjection, ...detail(projectorError) },
          news:
            news instanceof Error
              ? { ok: false, sources: 0, stale: 0, failing: 0, ...detail(news.message) }
              : { ok: news.problems.length === 0, sources: news.sources, stale: news.stale, failing: news.failing, ...(staff ? { problems: news.problems.map(describeFeedProblem) } : {}) },
        },
      });
    },
  );
};
