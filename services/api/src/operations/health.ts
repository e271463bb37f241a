import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processorsBehind, type Db } from '@autobest/db';
import { allProjections } from '@autobest/projections';
import { EMAIL_DELAY_WARNING_MINUTES, NOTIFIER, outboxBacklog, type OutboxTable } from '@autobest/runtime';
import type { LiveSearchIndex } from '../inventory/searchIndex/liveIndex';
import { describeFeedProblem, feedHealth } from '../news/feedHealth';

const CHECK_TIMEOUT_MS = 2_000;
/** Checks begin at least this far apart, whoever asks: a load balancer asks every few seconds. */
const CHECK_SPACING_MS = 250;

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
        eventsBehind: z.number().nullable().describe('Events committed but not yet in every read model; null when they could not be counted (PostgreSQL down or slow), never a 0 that nobody measured'),
        byProjection: z.record(z.string(), z.number()),
        error: z.string().optional().describe('Why it could not be read; staff only'),
      }),
      emails: z.object({
        ok: z.boolean().describe(`False when the outbox could not be read or an email has waited over ${EMAIL_DELAY_WARNING_MINUTES} minutes`),
        notifierEventsBehind: z.number().nullable().describe('Events the notifier has not yet turned into emails; null when the outbox could not be read'),
        pending: z.number().nullable().describe('Emails recorded and not yet accepted by the mail server; null when the outbox could not be read'),
        failed: z.number().nullable().describe('Emails refused for good or out of attempts (the console can retry them); null when the outbox could not be read'),
        oldestPendingSeconds: z.number().nullable().describe('Age of the oldest email not yet sent; null when none waits'),
        error: z.string().optional().describe('Why it could not be read; staff only'),
      }),
      whatsapp: z.object({
        ok: z.boolean().describe(`False when the WhatsApp outbox could not be read or a message has waited over ${EMAIL_DELAY_WARNING_MINUTES} minutes`),
        pending: z.number().nullable().describe('WhatsApp messages recorded and not yet accepted by the Cloud API; null when the outbox could not be read'),
        failed: z.number().nullable().describe('WhatsApp messages refused, out of attempts or reported failed (the console can retry them); null when the outbox could not be read'),
        oldestPendingSeconds: z.number().nullable().describe('Age of the oldest WhatsApp message not yet sent; null when none waits'),
        error: z.string().optional().describe('Why it could not be read; staff only'),
      }),
      searchIndex: z.object({
        mode: z.enum(['sql', 'memory']).describe('Where searches are answered (SEARCH_INDEX)'),
        ok: z.boolean().describe('False when the index in memory is not loaded or has not been in step with vehicle_search for 5 seconds'),
        ready: z.boolean(),
        vehicles: z.number().describe('Vehicles the index holds'),
        eventsBehind: z.number().describe('Events in the read model vehicle_search that the index has not yet followed'),
        syncedSecondsAgo: z.number().nullable().describe('Since the index last found itself in step with the read model'),
        loadMs: z.number().nullable().describe('How long its last whole load took'),
        error: z.string().optional().describe('Why it could not follow; staff only'),
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

/** An outbox's backlog; `ok` false when it cannot be read or a row has waited too long. */
async function outboxHealth(db: Db, table: OutboxTable, postgresOk: boolean): Promise<z.output<typeof HealthSchema>['checks']['whatsapp']> {
  const unread = (error: string) => ({ ok: false, pending: null, failed: null, oldestPendingSeconds: null, error });
  if (!postgresOk) return unread('PostgreSQL is down');
  try {
    const backlog = await withTimeout(outboxBacklog(db, table), 'PostgreSQL');
    const oldestPendingSeconds = backlog.oldestPendingAt ? Math.max(0, Math.round((Date.now() - backlog.oldestPendingAt.getTime()) / 1000)) : null;
    return { ok: oldestPendingSeconds === null || oldestPendingSeconds < EMAIL_DELAY_WARNING_MINUTES * 60, pending: backlog.pending, failed: backlog.failed, oldestPendingSeconds };
  } catch (error) {
    return unread(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The email outbox's backlog and the notifier's lag (counted with the read models'); `ok` false when either cannot be
 * read or an email has waited too long. The API stays healthy (200) either way: a backlog of emails is no reason to take
 * it out of a load balancer.
 */
async function emailsHealth(db: Db, postgresOk: boolean, notifierEventsBehind: number | Error | null): Promise<z.output<typeof HealthSchema>['checks']['emails']> {
  const outbox = await outboxHealth(db, 'sent_emails', postgresOk);
  if (notifierEventsBehind instanceof Error) return { ok: false, notifierEventsBehind: null, pending: null, failed: null, oldestPendingSeconds: null, error: notifierEventsBehind.message };
  return { ...outbox, notifierEventsBehind: outbox.pending === null ? null : notifierEventsBehind };
}

/** The search index's lag behind vehicle_search; it never makes the API unhealthy (searches fall back to SQL). */
async function searchIndexHealth(index: LiveSearchIndex | undefined, postgresOk: boolean) {
  const none = { ready: false, vehicles: 0, eventsBehind: 0, syncedSecondsAgo: null, loadMs: null };
  if (!index) return { figures: { mode: 'sql' as const, ok: true, ...none } };
  const state = postgresOk ? await withTimeout(index.health(), 'PostgreSQL').catch((error: unknown) => ({ ...none, error: error instanceof Error ? error.message : String(error) })) : { ...none, error: 'PostgreSQL is down' };
  const { error, ...figures } = state;
  const inStep = figures.ready && figures.syncedSecondsAgo !== null && figures.syncedSecondsAgo < 5;
  return { figures: { mode: 'memory' as const, ok: inStep && error === undefined, ...figures }, error };
}

async function timed(check: () => Promise<unknown>, what: string) {
  const started = performance.now();
  try {
    await withTimeout(check(), what);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

/** Every dependency's state, as one check found it; who may see the errors is decided per request. */
async function checkDependencies(app: FastifyInstance) {
  const [postgres, redis] = await Promise.all([timed(() => sql`select 1`.execute(app.db), 'PostgreSQL'), timed(() => app.redis.ping(), 'Redis')]);
  // Every read model's lag and the notifier's, in one statement.
  const counted = postgres.ok
    ? await withTimeout(processorsBehind(app.db, [...allProjections.map((projection) => projection.name), NOTIFIER]), 'PostgreSQL').catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
    : null;
  const byProjection: Record<string, number> = {};
  if (counted && !(counted instanceof Error)) for (const projection of allProjections) byProjection[projection.name] = counted[projection.name] ?? 0;
  const projectorError = counted instanceof Error ? counted.message : undefined;
  // Counted for every projection, or unknown (never a 0 nobody measured).
  const projectorOk = postgres.ok && !projectorError;
  const behind = projectorOk ? Math.max(0, ...Object.values(byProjection)) : null;
  const emails = await emailsHealth(app.db, postgres.ok, counted instanceof Error ? counted : (counted?.[NOTIFIER] ?? null));
  const whatsapp = await outboxHealth(app.db, 'whatsapp_messages', postgres.ok);
  // Stale or failing feeds are reported, never a 503: visitors still get the last good articles.
  const news = postgres.ok
    ? await withTimeout(feedHealth(app.db, app.config.news.cron), 'PostgreSQL').catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
    : new Error('PostgreSQL is down');
  const searchIndex = await searchIndexHealth(app.searchIndex, postgres.ok);
  return { postgres, redis, projector: { ok: projectorOk, behind, byProjection, error: projectorError }, emails, whatsapp, news, searchIndex };
}

/**
 * 200 when PostgreSQL and Redis answer, 503 when either is down; projector lag and the email and WhatsApp outboxes (backlog, oldest
 * unsent one, notifier lag) are reported either way and never make it 503. Only a signed-in
 * staff member sees why a dependency failed: a driver's error text names hosts, ports, users and databases.
 *
 * The route is public and one check is about a dozen statements (the read models' lag in one), so checks
 * are shared: a request is answered by the next check to begin after it arrived. While one runs, every request arriving
 * meanwhile waits for one follow-up that begins when it ends, and checks begin at least CHECK_SPACING_MS apart. A flood
 * costs at most four checks a second per process, plus, for a request carrying a session cookie, its session's lookup;
 * and no answer is older than the request, so a caller that waits for a change sees it. (Before the spacing, checks ran
 * back to back under a flood: 1,394 answers a second from 50 connections took 3.5 s of PostgreSQL's CPU in 10 s.)
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  type Findings = Awaited<ReturnType<typeof checkDependencies>>;
  let running: Promise<Findings> | undefined;
  let following: Promise<Findings> | undefined;
  let lastBegan = -Infinity;
  const begin = (): Promise<Findings> => {
    lastBegan = performance.now();
    const check: Promise<Findings> = checkDependencies(app).finally(() => {
      if (running === check) running = undefined;
    });
    return (running = check);
  };
  const ignore = () => undefined;
  const spaced = () => {
    const wait = lastBegan + CHECK_SPACING_MS - performance.now();
    return wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : undefined;
  };
  /**
   * The findings of a check that begins now, or of the one that begins when the running one ends, and not sooner than
   * CHECK_SPACING_MS after the last one began.
   */
  const freshFindings = (): Promise<Findings> => {
    if (following) return following;
    if (!running && performance.now() - lastBegan >= CHECK_SPACING_MS) return begin();
    following = (running ?? Promise.resolve())
      .then(ignore, ignore)
      .then(spaced)
      .then(() => {
        following = undefined;
        return begin();
      });
    return following;
  };

  app.get(
    '/api/health',
    { schema: { tags: ['platform'], summary: 'Health of the API and its dependencies', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      const { postgres, redis, projector, emails, whatsapp, news, searchIndex } = await freshFindings();
      const { error: emailsError, ...emailFigures } = emails;
      const { error: whatsappError, ...whatsappFigures } = whatsapp;
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
          projector: { ok: projector.ok, eventsBehind: projector.behind, byProjection: projector.byProjection, ...detail(projector.error) },
          emails: { ...emailFigures, ...detail(emailsError) },
          whatsapp: { ...whatsappFigures, ...detail(whatsappError) },
          searchIndex: { ...searchIndex.figures, ...detail(searchIndex.error) },
          news:
            news instanceof Error
              ? { ok: false, sources: 0, stale: 0, failing: 0, ...detail(news.message) }
              : { ok: news.problems.length === 0, sources: news.sources, stale: news.stale, failing: news.failing, ...(staff ? { problems: news.problems.map(describeFeedProblem) } : {}) },
        },
      });
    },
  );
};
