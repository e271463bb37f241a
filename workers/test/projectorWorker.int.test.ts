import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { Queue } from 'bullmq';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, untilEveryEventReadable, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig, type EventMetadata } from '@autobest/domain';
import type { ProjectorOptions } from '@autobest/projections';
import { createProducerConnection, ProjectorDoorbell, QUEUES } from '@autobest/runtime';
import { appliedCounts, countedEventIds, createRecordingTable, recordingProjection } from '@autobest/projections/testing';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { startWorkers } from '../src/index';

const metadata: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'corr', causationId: null, requestId: null };

let testDb: TestDatabase;
let queues: TestQueues;
beforeAll(async () => {
  testDb = await createTestDatabase('projector-worker');
  queues = createTestQueues('projector-worker');
  await createRecordingTable(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
  await queues?.drop();
});

/**
 * The workers with only the recording projection, and a doorbell rung as the API rings it. The safety net is far longer
 * than any test: only the doorbell (and the projector's own looks past the horizon) can make the projector keep up.
 */
async function startRecordingWorkers(projectorOptions?: ProjectorOptions) {
  const config = loadRuntimeConfig({ DATABASE_URL: testDb.url, REDIS_URL: queues.redisUrl, QUEUE_PREFIX: queues.prefix, LOG_LEVEL: 'silent', PROJECTOR_SAFETY_NET_MS: '600000' });
  const workers = await startWorkers(config, { projections: [recordingProjection], migrate: false, ...(projectorOptions ? { projectorOptions } : {}) });
  const producer = createProducerConnection(queues.redisUrl);
  const queue = new Queue(QUEUES.projector, { connection: producer, prefix: queues.prefix });
  const doorbell = new ProjectorDoorbell(queue, pino({ level: 'silent' }));
  return {
    workers,
    doorbell,
    async close() {
      await doorbell.settled();
      await queue.close();
      producer.disconnect();
      await workers.close();
    },
  };
}

describe('projector worker', () => {
  it('applies every event of 16 concurrent writers exactly once, woken by the doorbell', async () => {
    const { workers, doorbell, close } = await startRecordingWorkers({ batchSize: 200 });
    try {
      const writers = Array.from({ length: 16 }, async (_, writer) => {
        for (let version = 0; version < 500; version++) {
          await appendToStream(testDb.db, `writer-${writer}`, version, [{ type: 'Counted', data: { writer, version } }], metadata);
          doorbell.ring();
        }
      });
      await Promise.all(writers);
      await doorbell.settled();

      await vi.waitFor(
        async () => {
          expect(await appliedCounts(testDb.db)).toHaveLength(8000);
        },
        { timeout: 30_000, interval: 100 },
      );
      const counts = await appliedCounts(testDb.db);
      expect(counts.filter((row) => row.times !== 1)).toEqual([]);
      expect(counts.map((row) => row.event_id).sort()).toEqual(await countedEventIds(testDb.db));
      expect(await workers.projector.lag()).toEqual({ 'test-recording': 0, notifier: 0 });
    } finally {
      await close();
    }
  }, 90_000);

  it('applies events held back by a transaction elsewhere as soon as it ends, with no doorbell for them', async () => {
    const { doorbell, close } = await startRecordingWorkers();
    // A transaction of another client (a report, another service on the cluster) that began before the event below.
    const elsewhere = new pg.Client({ connectionString: testDb.url });
    await elsewhere.connect();
    try {
      const before = (await appliedCounts(testDb.db)).length;
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await appendToStream(testDb.db, 'held-back', 0, [{ type: 'Counted', data: { writer: 99, version: 0 } }], metadata);
      doorbell.ring();
      await doorbell.settled();
      // The catch-up it rang cannot read the event yet: reading it before the older transaction ends could skip one.
      await new Promise((wait) => setTimeout(wait, 500));
      expect(await appliedCounts(testDb.db)).toHaveLength(before);

      await elsewhere.query('commit');
      // The horizon is the cluster's: a test file running beside this one may hold it a while longer. Once the event is
      // readable, the projector, still looking again every 100 ms, applies it without being rung.
      await untilEveryEventReadable(testDb.db, 50_000);
      await vi.waitFor(async () => expect(await appliedCounts(testDb.db)).toHaveLength(before + 1), { timeout: 5_000, interval: 50 });
    } finally {
      await elsewhere.end();
      await close();
    }
  }, 90_000);

  it('applies an event that a transaction ending midway through a catch-up hid from the projections read before it', async () => {
    // A transaction of another client that ends between two projections' reads of one catch-up: the recording
    // projection (first) reads before it ends and cannot see the event, the notifier (after it) applies it, and by the
    // end of the catch-up nothing is beyond the horizon any more. The workers' start-up catch-up is the only wake-up.
    const elsewhere = new pg.Client({ connectionString: testDb.url });
    await elsewhere.connect();
    let running: Awaited<ReturnType<typeof startRecordingWorkers>> | undefined;
    try {
      const before = (await appliedCounts(testDb.db)).length;
      // Readable by the catch-up; the recording projection's batch of it ends the transaction elsewhere.
      await appendToStream(testDb.db, 'split-visible', 0, [{ type: 'Counted', data: { writer: 98, version: 0 } }], metadata);
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      // Committed after that transaction began: beyond the horizon until it ends.
      await appendToStream(testDb.db, 'split-hidden', 0, [{ type: 'Counted', data: { writer: 98, version: 1 } }], metadata);
      let ended = false;
      running = await startRecordingWorkers({
        beforeCommit: async (projection, batch) => {
          if (!ended && projection === 'test-recording' && batch.some((event) => event.streamId === 'split-visible')) {
            ended = true;
            await elsewhere.query('commit');
          }
        },
      });

      await vi.waitFor(() => expect(ended).toBe(true), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await appliedCounts(testDb.db)).toHaveLength(before + 2), { timeout: 5_000, interval: 50 });
      expect(await running.workers.projector.lag()).toEqual({ 'test-recording': 0, notifier: 0 });
    } finally {
      await elsewhere.end();
      await running?.close();
    }
  }, 90_000);
});
