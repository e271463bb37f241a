import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openSession, sessionCookieName } from '../src/staff/sessions';
import { createTestApp, STAFF_EMAIL, type TestApp } from './support';

/**
 * The session of a staff member who signed in before Redis went away: signing in needs Redis (its limits fail
 * closed), a session does not.
 */
async function sessionFromBefore(t: TestApp): Promise<string> {
  const staff = await t.testDb.db.selectFrom('staff_users').select('id').where('email', '=', STAFF_EMAIL).executeTakeFirstOrThrow();
  const { token } = await openSession(t.testDb.db, staff.id, 1);
  return `${sessionCookieName(t.config.cookieSecure)}=${token}`;
}

describe('GET /api/health', () => {
  let healthy: TestApp;
  let redisDown: TestApp;
  let counted: TestApp;
  /** Each check asks PostgreSQL `select 1` once: the checks `counted` began. */
  let checksBegun = 0;
  beforeAll(async () => {
    healthy = await createTestApp('api_health');
    counted = await createTestApp('api_health_counted', {}, { onQuery: ({ sql: text }) => void (text === 'select 1' && checksBegun++) });
    // Nothing listens on port 1: Redis is "down" for this app.
    redisDown = await createTestApp('api_health_down', { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await healthy?.close();
    await redisDown?.close();
    await counted?.close();
  });

  it('is 200 with PostgreSQL, Redis and projector lag when all is well', async () => {
    await healthy.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '08035550199', message: 'hi' },
    });
    const response = await healthy.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      // Behind by the first admin's account (made at the start, an event of the activity trail) and the message.
      checks: { postgres: { ok: true }, redis: { ok: true }, projector: { ok: true, eventsBehind: 2, byProjection: { 'contact-messages': 2 } } },
    });
  });

  it('is 503 naming Redis when Redis is down, without the error text for the public', async () => {
    const response = await redisDown.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: {
        postgres: { ok: true, latencyMs: expect.any(Number) },
        redis: { ok: false, latencyMs: expect.any(Number) },
        // The first admin's account, made at the start, is the one event (no workers run here).
        projector: { ok: true, eventsBehind: 1, byProjection: expect.any(Object) },
        emails: { ok: true, notifierEventsBehind: 1, pending: 0, failed: 0, oldestPendingSeconds: null },
        whatsapp: { ok: true, pending: 0, failed: 0, oldestPendingSeconds: null },
        news: { ok: true, sources: 0, stale: 0, failing: 0 },
        // The test apps answer searches in SQL (support.ts; searchIndex.int.test.ts has the product's default, memory).
        searchIndex: { mode: 'sql', ok: true, ready: false, vehicles: 0, eventsBehind: 0, syncedSecondsAgo: null, loadMs: null },
      },
    });
    const forged = await redisDown.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'autobest_session=forged' } });
    expect(forged.json()).toMatchObject({ checks: { redis: { ok: false } } });
    expect(forged.json<{ checks: { redis: object } }>().checks.redis).not.toHaveProperty('error');
  });

  it('says the projector and notifier lag are unknown, not 0, when they cannot be counted in time', async () => {
    // Another session holds the checkpoints locked (as a long migration would): the count gives up after its timeout.
    const blocker = await healthy.testDb.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`lock table processor_checkpoints in access exclusive mode`.execute(connection);
      try {
        return (await healthy.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { projector: { ok: boolean; eventsBehind: number | null }; emails: { ok: boolean; notifierEventsBehind: number | null } } }>();
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    expect(blocker.checks.projector).toMatchObject({ ok: false, eventsBehind: null });
    expect(blocker.checks.emails).toMatchObject({ ok: false, notifierEventsBehind: null });
    expect((await healthy.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ checks: { projector: { ok: true, eventsBehind: expect.any(Number) } } });
  });

  /** Statements of this app's database waiting for a lock on `table`, seen from outside the blocker's transaction. */
  const waitingFor = async (table: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
        where l.database = (select oid from pg_database where datname = current_database()) and c.relname = ${table} and not l.granted`.execute(healthy.testDb.db)
    ).rows[0]!.n;

  /** Runs `work` while another session holds `table` locked, and lets the lock go however `work` ends. */
  const whileLocked = <T>(table: 'processor_checkpoints' | 'news_sources', work: () => Promise<T>): Promise<T> =>
    healthy.testDb.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`rollback`.execute(connection);
      }
    });

  const untilWaitingFor = async (table: string) => {
    for (let polls = 0; (await waitingFor(table)) === 0; polls++) {
      if (polls > 500) throw new Error(`nothing waited for ${table}`);
      await new Promise((wait) => setTimeout(wait, 10));
    }
  };

  it('answers requests that arrive together from shared checks, so a flood of this public route is not a flood of statements', async () => {
    let requests: Array<Promise<{ statusCode: number; body: string }>> = [];
    await whileLocked('processor_checkpoints', async () => {
      requests = Array.from({ length: 20 }, () => healthy.app.inject({ method: 'GET', url: '/api/health' }));
      await untilWaitingFor('processor_checkpoints');
      // Time for any other check to reach the lock too (the app's pool has room for twenty). One check runs; the others
      // wait for the one that follows it (its next step may wait too once the first gives up after 2 s).
      await new Promise((wait) => setTimeout(wait, 300));
      expect(await waitingFor('processor_checkpoints')).toBeLessThanOrEqual(2);
    });
    const answers = await Promise.all(requests);
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    // The findings of two checks at most, word for word, in every answer.
    expect(new Set(answers.map((answer) => answer.body)).size).toBeLessThanOrEqual(2);
  });

  it('begins checks at least a quarter of a second apart however many ask, so a flood is a few checks a second', async () => {
    const began = performance.now();
    const before = checksBegun;
    let answered = 0;
    // Five callers, each asking again as soon as it is answered, for a second.
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        while (performance.now() - began < 1_000) {
          expect((await counted.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
          answered++;
        }
      }),
    );
    const checks = checksBegun - before;
    // Without the spacing, checks ran back to back: one for every request or two.
    expect(checks).toBeLessThanOrEqual(Math.ceil((performance.now() - began) / 250) + 1);
    expect(answered).toBeGreaterThanOrEqual(checks * 4);
  });

  it('answers a request from a check that began after it arrived, so a caller waiting for a change sees it', async () => {
    const behind = (answer: { json(): unknown }) => (answer.json() as { checks: { projector: { eventsBehind: number } } }).checks.projector.eventsBehind;
    const [first, second] = await whileLocked('news_sources', async () => {
      // The first check has counted the projections' lag and waits at its last step, the feeds.
      const running = healthy.app.inject({ method: 'GET', url: '/api/health' });
      await untilWaitingFor('news_sources');
      const message = await healthy.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '08035550199', message: 'after the check began' },
      });
      expect(message.statusCode).toBe(201);
      return [running, healthy.app.inject({ method: 'GET', url: '/api/health' })] as const;
    }).then((pending) => Promise.all(pending));
    // No workers run here: the message's event is one more behind, for the request that came after it.
    expect(behind(second)).toBe(behind(first) + 1);
  });

  it('shows a signed-in staff member why a dependency failed', async () => {
    const cookie = await sessionFromBefore(redisDown);
    const response = await redisDown.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ checks: { postgres: { ok: true }, redis: { ok: false, error: expect.stringMatching(/\S/) } } });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
