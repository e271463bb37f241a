import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { startProductProcesses, startRedisServer, type ProductProcesses, type RedisServer } from '../../infra/src/processes';
import { contactMessage, createdId, enquiry, idsIn, missingFrom, send, type Answer } from './support';

/**
 * Redis stopped for 10 seconds while visitors keep sending forms: PostgreSQL is the outbox, so every form is accepted;
 * health says Redis is down; staff sign-in, whose limits cannot be counted, is refused until it returns; and once it
 * is back (empty: it keeps nothing on disk) the projector catches up by itself, with no new command to ring it.
 */
const OUTAGE_MS = 10_000;

let redis: RedisServer;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  redis = await startRedisServer();
  testDb = await createTestDatabase('faults_redis_down');
  product = await startProductProcesses({ databaseUrl: testDb.url, redisUrl: redis.url, queuePrefix: 'autobest-faults', env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' } });
});
afterAll(async () => {
  await product?.close();
  await redis?.process.stop();
  await testDb?.drop();
});

/** Visitors sending contact messages and enquiries, two at a time, until told to stop; every answer is kept. */
function visitors() {
  const answers: Array<{ kind: 'contact' | 'enquiry'; answer: Answer; redisUp: boolean }> = [];
  let stopped = false;
  let redisUp = true;
  let sent = 0;
  const visitor = async (kind: 'contact' | 'enquiry') => {
    while (!stopped) {
      const i = sent++;
      const up = redisUp;
      const answer = kind === 'contact' ? await send(product, 'POST', '/api/contact-messages', contactMessage(i)) : await send(product, 'POST', '/api/enquiries', enquiry(i));
      answers.push({ kind, answer, redisUp: up && redisUp });
      await new Promise((pause) => setTimeout(pause, 20));
    }
  };
  const running = Promise.all([visitor('contact'), visitor('enquiry')]);
  return {
    answers,
    set redisUp(up: boolean) {
      redisUp = up;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

const health = async () => {
  const answer = await send(product, 'GET', '/api/health');
  return { status: answer.status, redis: (answer.body as { checks?: { redis?: { ok?: boolean } } }).checks?.redis?.ok };
};

describe('Redis stopped for 10 seconds while commands keep arriving', () => {
  it('accepts every command, says Redis is down, refuses sign-in meanwhile, and projects everything once Redis is back', { timeout: 120_000 }, async () => {
    expect(await health()).toEqual({ status: 200, redis: true });
    const traffic = visitors();
    await vi.waitFor(() => expect(traffic.answers.length).toBeGreaterThanOrEqual(10), { timeout: 15_000, interval: 50 });

    traffic.redisUp = false;
    await redis.stop();
    const stoppedAt = Date.now();
    // Health names Redis as what is down (PostgreSQL is fine).
    await vi.waitFor(async () => expect(await health()).toEqual({ status: 503, redis: false }), { timeout: 5_000, interval: 100 });
    // Sign-in limits cannot be counted: sign-in is refused, with a time to come back, rather than left unlimited.
    const signIn = await send(product, 'POST', '/api/admin/session', product.staff);
    expect({ status: signIn.status, body: signIn.body }).toEqual({ status: 503, body: { error: 'service_unavailable', message: expect.any(String) } });
    expect(Number(signIn.headers.get('retry-after'))).toBeGreaterThan(0);
    await new Promise((outage) => setTimeout(outage, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));

    // Redis comes back empty; from here on nobody sends anything that would ring the projector's doorbell.
    await traffic.stop();
    await redis.start();
    traffic.redisUp = true;

    const refused = traffic.answers.filter(({ answer }) => answer.status !== 201);
    expect(refused.map(({ kind, answer }) => `${kind}: ${answer.status} ${JSON.stringify(answer.body)}`)).toEqual([]);
    const duringOutage = traffic.answers.filter(({ redisUp }) => !redisUp);
    expect(duringOutage.length).toBeGreaterThan(10);
    const ids = (kind: 'contact' | 'enquiry') => traffic.answers.filter((sent) => sent.kind === kind).map(({ answer }) => createdId(answer, kind));
    console.info(`${traffic.answers.length} commands accepted, ${duringOutage.length} of them while Redis was down`);

    // Nothing lost: the projector catches up by itself once Redis is back.
    await vi.waitFor(
      async () => {
        expect(missingFrom(ids('contact'), await idsIn(testDb.db, 'contact_messages'))).toEqual([]);
        expect(missingFrom(ids('enquiry'), await idsIn(testDb.db, 'enquiries'))).toEqual([]);
      },
      { timeout: 30_000, interval: 200 },
    );
    await vi.waitFor(async () => expect(await health()).toEqual({ status: 200, redis: true }), { timeout: 10_000, interval: 100 });

    // And the doorbell rings again: a new command is projected, and staff sign in.
    const after = createdId(await send(product, 'POST', '/api/contact-messages', contactMessage(100_000)), 'contact message');
    await vi.waitFor(async () => expect((await idsIn(testDb.db, 'contact_messages')).has(after)).toBe(true), { timeout: 10_000, interval: 100 });
    expect((await send(product, 'POST', '/api/admin/session', product.staff)).status).toBe(200);
  });
});
