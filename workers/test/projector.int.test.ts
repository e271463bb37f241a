import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { appendToStream, type StoredEvent } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { decideContactMessage, loadRuntimeConfig, type EventMetadata } from '@autobest/domain';
import { createTestQueues, type TestQueues } from '@autobest/workers/testing';
import {
  allProjections,
  createProducerConnection,
  createProjectorQueue,
  Projector,
  ProjectorDoorbell,
  startWorkers,
  type Projection,
} from '../src/index';

const metadata: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'corr', causationId: null, requestId: null };

/** Counts how often each event reached it: the proof of exactly-once application. */
const recordingProjection: Projection = {
  name: 'test-recording',
  tables: ['test_applied_events'],
  handles: new Set(['Counted']),
  async apply(trx, events) {
    await sql`
      insert into test_applied_events (event_id, times)
      select unnest(${events.map((event) => event.eventId)}::uuid[]), 1
      on conflict (event_id) do update set times = test_applied_events.times + 1`.execute(trx);
  },
};

let testDb: TestDatabase;
let queues: TestQueues;
beforeAll(async () => {
  testDb = await createTestDatabase('projector');
  queues = createTestQueues('projector');
  await sql`create table test_applied_events (event_id uuid primary key, times int not null)`.execute(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
  await queues?.drop();
});
beforeEach(async () => {
  await sql`truncate events, processor_checkpoints, test_applied_events, contact_messages`.execute(testDb.db);
});

async function appliedCounts() {
  const rows = await sql<{ event_id: string; times: number }>`select event_id, times from test_applied_events`.execute(testDb.db);
  return rows.rows;
}
async function countedEventIds() {
  const rows = await sql<{ event_id: string }>`select event_id from events where type = 'Counted'`.execute(testDb.db);
  return rows.rows.map((row) => row.event_id).sort();
}

describe('projector worker', () => {
  it('applies every event of 16 concurrent writers exactly once, woken by the doorbell', async () => {
    const config = loadRuntimeConfig({
      DATABASE_URL: testDb.url,
      REDIS_URL: queues.redisUrl,
      QUEUE_PREFIX: queues.prefix,
      LOG_LEVEL: 'silent',
      // Far longer than the test: only the doorbell can make the projector keep up.
      PROJECTOR_SAFETY_NET_MS: '600000',
    });
    const workers = await startWorkers(config, { projections: [recordingProjection], migrate: false, projectorOptions: { batchSize: 200 } });
    const producer = createProducerConnection(queues.redisUrl);
    const queue = createProjectorQueue(producer, queues.prefix);
    const doorbell = new ProjectorDoorbell(queue, pino({ level: 'silent' }));
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
          expect(await appliedCounts()).toHaveLength(8000);
        },
        { timeout: 30_000, interval: 100 },
      );
      const counts = await appliedCounts();
      expect(counts.filter((row) => row.times !== 1)).toEqual([]);
      expect(counts.map((row) => row.event_id).sort()).toEqual(await countedEventIds());
      expect(await workers.projector.lag()).toEqual({ 'test-recording': 0, notifier: 0 });
    } finally {
      await doorbell.settled();
      await queue.close();
      producer.disconnect();
      await workers.close();
    }
  });

  it('loses and duplicates nothing when it crashes between applying a batch and moving its checkpoint', async () => {
    for (let stream = 0; stream < 10; stream++) {
      for (let version = 0; version < 10; version++) {
        await appendToStream(testDb.db, `crash-${stream}`, version, [{ type: 'Counted', data: { stream, version } }], metadata);
      }
    }
    let batches = 0;
    const crashing = new Projector(testDb.db, [recordingProjection], {
      batchSize: 15,
      beforeCommit: (_name: string, batch: readonly StoredEvent[]) => {
        batches++;
        if (batches === 3) throw new Error(`simulated crash with ${batch.length} events applied but not committed`);
      },
    });
    await expect(crashing.catchUp()).rejects.toThrow(/simulated crash/);
    // The two committed batches are in, the crashed one left no trace.
    expect(await appliedCounts()).toHaveLength(30);

    const restarted = new Projector(testDb.db, [recordingProjection], { batchSize: 15 });
    await restarted.catchUp();
    const counts = await appliedCounts();
    expect(counts).toHaveLength(100);
    expect(counts.every((row) => row.times === 1)).toBe(true);
    expect(await restarted.lag()).toEqual({ 'test-recording': 0 });
  });

  it('rebuilds the contact messages read model to the same rows', async () => {
    for (let n = 0; n < 25; n++) {
      const contactMessageId = crypto.randomUUID();
      const events = decideContactMessage(
        {
          type: 'ReceiveContactMessage',
          contactMessageId,
          now: new Date(Date.UTC(2026, 10, 1, 9, n)),
          input: { firstName: `Ada${n}`, lastName: 'Obi', email: `ada${n}@example.ng`, phone: '+234 803 555 0101', message: `Hello ${n}` },
        },
        [],
      );
      await appendToStream(testDb.db, `contact-message-${contactMessageId}`, 0, events, metadata);
    }
    const projector = new Projector(testDb.db, allProjections, { batchSize: 7 });
    await projector.catchUp();
    const snapshot = () =>
      testDb.db
        .selectFrom('contact_messages')
        .select(['id', 'first_name', 'last_name', 'email', 'phone', 'message', 'received_at', 'global_position'])
        .orderBy('id')
        .execute();
    const before = await snapshot();
    expect(before).toHaveLength(25);

    const { applied } = await projector.rebuild();
    expect(applied).toEqual({ 'contact-messages': 25, enquiries: 0, submissions: 0, vehicles: 0, 'collected-records': 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to rebuild a projection it does not know, naming the ones it does', async () => {
    await expect(new Projector(testDb.db, allProjections).rebuild(['nope'])).rejects.toThrow(/Unknown projection "nope". Known: contact-messages, enquiries, submissions, vehicles, collected-records/);
  });
});
