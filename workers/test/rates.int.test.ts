import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { testInfrastructure } from '@autobest/domain/testing';
import { createWorkerConnection, RATES_QUEUE } from '@autobest/runtime';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { FALLBACK_IN_USE, fetchRates, RATES_SCHEDULER, refreshRates, RatesUnavailable, startRatesWorker } from '../src/index';

type Mode = 'ok' | 'missing' | 'error' | 'slow' | 'garbage';
const GOOD = { NGN: 1610.5, ZAR: 18.1, KES: 129, GHS: 15.2, ETB: 120, TZS: 2650, UGX: 3700, XOF: 610, XAF: 610, AOA: 910, EUR: 0.92 };

/** A local stand-in for the rate service, answering the way the test asks. */
let mode: Mode = 'ok';
let lastQuery = '';
let server: Server;
let url: string;
let testDb: TestDatabase;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  testDb = await createTestDatabase('rates');
  server = createServer((request, response) => {
    lastQuery = request.url ?? '';
    if (mode === 'slow') return void setTimeout(() => response.end('{}'), 3_000);
    if (mode === 'error') return void response.writeHead(500).end('{"error":"boom"}');
    if (mode === 'garbage') return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    const { KES: _kes, ...missing } = GOOD;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ base: 'USD', rates: mode === 'missing' ? missing : GOOD }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server?.close();
  await testDb?.drop();
});
beforeEach(async () => {
  await testDb.db.deleteFrom('rate_snapshots').execute();
});

const snapshots = () => testDb.db.selectFrom('rate_snapshots').selectAll().orderBy('id').execute();

describe('rates worker', () => {
  it('stores the service rates with their source, asking /latest/USD with the app id', async () => {
    mode = 'ok';
    expect(await refreshRates(testDb.db, { url, appId: 'secret-app', cron: '0 */6 * * *' }, logger)).toBe('stored');
    expect(lastQuery).toBe('/api/latest/USD?app_id=secret-app');
    const [snapshot] = await snapshots();
    expect(snapshot?.source).toBe('rate service');
    expect(snapshot?.rates).toEqual({ NGN: 1610.5, ZAR: 18.1, KES: 129, GHS: 15.2, ETB: 120, TZS: 2650, UGX: 3700, XOF: 610, XAF: 610, AOA: 910 });
  });

  it('fills a currency missing from the answer with its fallback rate', async () => {
    mode = 'missing';
    const fetched = await fetchRates(url, undefined);
    expect(fetched.rates.KES).toBe(130);
    expect(fetched.filledFromFallback).toEqual(['KES']);
    await refreshRates(testDb.db, { url, appId: undefined, cron: '0 */6 * * *' }, logger);
    expect((await snapshots())[0]?.source).toBe('rate service (fallback for KES)');
  });

  it.each([
    ['a 500', 'error', /answered 500/],
    ['garbage instead of JSON', 'garbage', /not JSON/],
  ] as const)('treats %s as a failure and keeps the last good snapshot', async (_what, failing, message) => {
    mode = 'ok';
    await refreshRates(testDb.db, { url, appId: undefined, cron: '0 */6 * * *' }, logger);
    mode = failing;
    await expect(fetchRates(url, undefined)).rejects.toThrow(message);
    expect(await refreshRates(testDb.db, { url, appId: undefined, cron: '0 */6 * * *' }, logger)).toBe('failed');
    const stored = await snapshots();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.rates['NGN']).toBe(1610.5);
  });

  it('gives up on a service that does not answer in time', async () => {
    mode = 'slow';
    await expect(fetchRates(url, undefined, 200)).rejects.toBeInstanceOf(RatesUnavailable);
    await expect(fetchRates(url, undefined, 200)).rejects.toThrow(/no answer within 200 ms/);
  });

  it('without RATES_URL fetches nothing and records that the fallback rates are in use', async () => {
    const lines: string[] = [];
    const recording = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    expect(await refreshRates(testDb.db, { url: undefined, appId: undefined, cron: '0 */6 * * *' }, recording)).toBe('fallback rates in use');
    expect(await snapshots()).toEqual([]);
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toEqual([expect.objectContaining({ level: 30, msg: 'RATES_URL is not set: fallback rates in use' })]);
  });
});

describe('rates schedule', () => {
  let queues: TestQueues;
  let connection: Redis;
  let redis: Redis;
  let started: Array<{ close(): Promise<void> }> = [];

  beforeAll(() => {
    connection = createWorkerConnection(testInfrastructure(process.env).redisUrl);
    redis = new Redis(testInfrastructure(process.env).redisUrl);
  });
  // Each test its own queues; its workers are closed (a refresh under way finishing) before the next test clears the
  // snapshots, so no refresh of one test lands in another.
  beforeEach(() => {
    queues = createTestQueues('rates');
  });
  afterEach(async () => {
    for (const running of started) await running.close();
    started = [];
    await queues.drop();
  });
  afterAll(() => {
    connection?.disconnect();
    redis?.disconnect();
  });

  /** `rateService` null: RATES_URL is not set. */
  const start = async (cron: string, now?: Date, rateService: string | null = url) => {
    const queue = new Queue(RATES_QUEUE, { connection, prefix: queues.prefix });
    const running = await startRatesWorker(testDb.db, { url: rateService ?? undefined, appId: undefined, cron }, queue, connection, queues.prefix, logger, now ? () => now : undefined);
    started.push({ close: async () => (await running.worker.close(), await queue.close()) });
    return running;
  };

  it('keeps one job scheduler with the RATES_CRON pattern in UTC, replacing the fixed interval of older versions', async () => {
    mode = 'ok';
    // What an installation of the previous version left in Redis: the same scheduler id on a fixed interval.
    const queue = new Queue(RATES_QUEUE, { connection, prefix: queues.prefix });
    await queue.upsertJobScheduler(RATES_SCHEDULER, { every: 6 * 3_600_000 }, { name: 'refresh' });

    await start('17 3 * * 2');
    const stored = await redis.hgetall(`${queues.prefix}:${RATES_QUEUE}:repeat:${RATES_SCHEDULER}`);
    expect(stored).toMatchObject({ pattern: '17 3 * * 2', tz: 'Etc/UTC' });
    expect(stored['every']).toBeUndefined();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.pattern])).toEqual([[RATES_SCHEDULER, '17 3 * * 2']]);
    const next = new Date(schedulers[0]!.next!);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([2, 3, 17]);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3_600_000);

    // A changed setting replaces the pattern at the next start; still one scheduler.
    await start('0 */6 * * *');
    expect((await queue.getJobSchedulers()).map((scheduler) => [scheduler.key, scheduler.pattern])).toEqual([[RATES_SCHEDULER, '0 */6 * * *']]);
    await queue.close();
  });

  it('refreshes at start when there is no snapshot, or a scheduled refresh fell due since the newest one', async () => {
    mode = 'ok';
    const first = await start('0 */6 * * *');
    expect(first.refreshingAtStart).toBe(true);
    await vi.waitFor(async () => expect(await snapshots()).toHaveLength(1), { timeout: 10_000, interval: 50 });

    await testDb.db.updateTable('rate_snapshots').set({ fetched_at: new Date('2030-01-01T06:00:05Z') }).execute();
    // The 06:00 run stored it and the 12:00 run is still ahead: nothing to make up.
    expect((await start('0 */6 * * *', new Date('2030-01-01T11:59:59Z'))).refreshingAtStart).toBe(false);
    // The 12:00 run left no snapshot (the workers were down, or the service failed).
    expect((await start('0 */6 * * *', new Date('2030-01-01T12:00:00Z'))).refreshingAtStart).toBe(true);
    // That refresh stores its snapshot (now, by the real clock): dated as the 12:00 run's, before the next start looks.
    await vi.waitFor(async () => expect(await snapshots()).toHaveLength(2), { timeout: 10_000, interval: 50 });
    const [, madeUp] = await snapshots();
    await testDb.db.updateTable('rate_snapshots').set({ fetched_at: new Date('2030-01-01T12:00:05Z') }).where('id', '=', madeUp!.id).execute();
    // A daily pattern judges by its own runs: 18:00 is still before the next one (midnight), whose last one came before.
    expect((await start('0 0 * * *', new Date('2030-01-01T18:00:00Z'))).refreshingAtStart).toBe(false);
  });

  it('without RATES_URL still has its worker and schedule, and each run records that the fallback rates are in use', async () => {
    const running = await start('0 */6 * * *', undefined, null);
    const queue = new Queue(RATES_QUEUE, { connection, prefix: queues.prefix });
    try {
      // What the queue dashboard shows: a worker on the rates queue (not "No workers") and the RATES_CRON scheduler.
      await vi.waitFor(async () => expect(await queue.getWorkers()).not.toHaveLength(0), { timeout: 10_000, interval: 50 });
      expect((await queue.getJobSchedulers()).map((scheduler) => [scheduler.key, scheduler.pattern])).toEqual([[RATES_SCHEDULER, '0 */6 * * *']]);
      // No snapshot yet: a run at start, whose result stays on the dashboard.
      expect(running.refreshingAtStart).toBe(true);
      await vi.waitFor(async () => expect((await queue.getCompleted()).map((job) => job.returnvalue as unknown)).toEqual([FALLBACK_IN_USE]), { timeout: 10_000, interval: 50 });
      expect(await snapshots()).toEqual([]);
    } finally {
      await queue.close();
    }
  });
});
