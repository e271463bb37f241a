import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { createPasswordLinkTokens, createStatusTokens, QUEUES } from '@autobest/runtime';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { EmailDelivery } from '../src/emails/delivery';
import { enqueueDueEmails } from '../src/emails/deliveryWorker';
import type { Mailer } from '../src/emails/mailer';
import { TEST_DELIVERY_POLICY } from '../src/testing';

const SECRET = 'a test secret of at least thirty-two characters';
const neverCalled: Mailer = {
  transport: 'smtp',
  send: () => Promise.reject(new Error('these tests only enqueue')),
  close() {},
};

let testDb: TestDatabase;
let delivery: EmailDelivery;
beforeAll(async () => {
  testDb = await createTestDatabase('email_enqueue');
  delivery = new EmailDelivery(testDb.db, neverCalled, createStatusTokens(SECRET), createPasswordLinkTokens(SECRET), TEST_DELIVERY_POLICY, pino({ level: 'silent' }));
});
afterAll(async () => {
  await testDb?.drop();
});

/** A queue of its own per test, nothing taking its jobs, on a connection whose socket writes are counted. */
let queues: TestQueues;
let connection: Redis;
let queue: Queue;
async function openQueue(label: string) {
  queues = createTestQueues(label);
  connection = new Redis(queues.redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(QUEUES.email, { connection, prefix: queues.prefix });
  await queue.waitUntilReady();
}
afterEach(async () => {
  await queue?.close();
  connection?.disconnect();
  await queues?.drop();
  // Each test starts from an outbox with nothing due.
  await testDb.db.updateTable('sent_emails').set({ status: 'sent', next_attempt_at: null }).where('status', '=', 'pending').execute();
});

/** `count` pending emails, due a second apart in the past, so dueEmailIds lists them in the order returned. */
async function dueEmails(count: number): Promise<string[]> {
  const rows = await testDb.db
    .insertInto('sent_emails')
    .values(
      Array.from({ length: count }, (_, i) => ({
        event_id: randomUUID(),
        template: 'test-enqueue',
        to_address: `reader${i}@example.ng`,
        subject: 'Due',
        text: 'Due',
        html: '<p>Due</p>',
        status: 'pending',
        next_attempt_at: new Date(Date.now() - (count - i) * 1_000),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One scan, and the round trips it made to Redis: each is one write to the socket (ioredis writes a pipeline at once). */
async function scan() {
  const write = vi.spyOn(connection.stream, 'write');
  try {
    const result = await enqueueDueEmails(delivery, queue, connection);
    return { ...result, roundTrips: write.mock.calls.length };
  } finally {
    write.mockRestore();
  }
}

const markSent = (ids: string[]) => testDb.db.updateTable('sent_emails').set({ status: 'sent', next_attempt_at: null }).where('id', 'in', ids).execute();
const waitingJobIds = async () => (await queue.getJobs(['wait'], 0, -1, true)).map((job) => job.id);

describe('enqueueing due emails', () => {
  it('costs as many Redis round trips for 60 due emails as for 3, new or already waiting, and enqueues each once in order', async () => {
    await openQueue('email-enqueue-trips');
    // The first scan loads BullMQ's scripts into Redis; the ones measured below find them there.
    await markSent(await dueEmails(1));
    await scan();

    const few = await dueEmails(3);
    const newFew = await scan();
    expect(newFew).toMatchObject({ due: 3, enqueued: 3 });
    const waitingFew = await scan();
    expect(waitingFew).toMatchObject({ due: 3, enqueued: 0 });
    await markSent(few);

    const many = await dueEmails(60);
    const newMany = await scan();
    expect(newMany).toMatchObject({ due: 60, enqueued: 60 });
    const waitingMany = await scan();
    expect(waitingMany).toMatchObject({ due: 60, enqueued: 0 });

    // One per email before: 120 round trips to enqueue 60, and 60 to find them waiting on every ring after.
    expect(newMany.roundTrips).toBe(newFew.roundTrips);
    expect(waitingMany.roundTrips).toBe(waitingFew.roundTrips);
    // Each email is one job, its id the email's, in the order the emails fell due.
    const waiting = await waitingJobIds();
    expect(waiting.slice(-60)).toEqual(many);
    expect(new Set(waiting).size).toBe(waiting.length);
    const job = await queue.getJob(many[0]!);
    expect(job).toMatchObject({ name: 'deliver', data: { emailId: many[0] }, opts: { attempts: TEST_DELIVERY_POLICY.maxAttempts } });
  });

  it('gives an email pending again after its job failed a fresh job, and leaves one on its way alone', async () => {
    await openQueue('email-enqueue-again');
    const [gaveUp, onItsWay] = await dueEmails(2);
    await scan();
    // The job of the first gives up (as one does while PostgreSQL is away); its email stays pending.
    const workerConnection = connection.duplicate();
    const worker = new Worker(QUEUES.email, null, { connection: workerConnection, prefix: queues.prefix });
    const taken = await worker.getNextJob('taker');
    expect(taken?.id).toBe(gaveUp);
    await taken!.moveToFailed(new UnrecoverableError('PostgreSQL away'), 'taker');
    await worker.close();
    workerConnection.disconnect();
    expect(await queue.getJobState(gaveUp!)).toBe('failed');
    expect(await queue.getJobState(onItsWay!)).toBe('waiting');

    const again = await scan();
    expect(again).toMatchObject({ due: 2, enqueued: 1 });
    const fresh = await queue.getJob(gaveUp!);
    expect(await fresh!.getState()).toBe('waiting');
    expect(fresh!.attemptsMade).toBe(0);
    expect(await waitingJobIds()).toEqual([onItsWay, gaveUp]);
    expect(await scan()).toMatchObject({ due: 2, enqueued: 0 });
  });
});
