import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue } from 'bullmq';
import type { TestDatabase } from '@autobest/db/testing';
import type { NewsSourceRecord } from '@autobest/domain';
import { createWorkerConnection, NEWS_QUEUE } from '@autobest/runtime';
import type { TestQueues } from '@autobest/runtime/testing';
import { startFeedFixtures, type FeedFixtures } from '@autobest/workers/testing';
import type { ProductProcesses } from '../../infra/src/processes';
import { contactMessage, createdId, send, signIn, startProductOnItsOwn, type ProductOnItsOwn } from './support';

/**
 * A feed whose text costs its parser minutes of CPU (feedFixtures' /hostile.xml: rss-parser's own snippet pattern, not
 * one of ours) is read by a real workers process: the projector and email delivery in that process go on while the
 * feed is being parsed, the feed fails its own read when over NEWS_FEED_PARSE_BUDGET_MS, the console shows why, and it
 * waits for its retry instead of being read again by the next run or after a restart.
 */
const BUDGET_S = 15;

let fixtures: FeedFixtures;
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let queues: TestQueues;
let product: ProductProcesses;
beforeAll(async () => {
  fixtures = await startFeedFixtures();
  started = await startProductOnItsOwn('faults_hostile_feed', {
    // The fixture server is on this machine; the scheduled read never falls due while the test runs (the test asks for one).
    env: { NEWS_ALLOW_PRIVATE_HOSTS: 'true', NEWS_FEED_PARSE_BUDGET_MS: String(BUDGET_S * 1000), NEWS_CRON: '0 0 1 1 *' },
    startWorkers: false,
  });
  ({ testDb, queues, product } = started);
});
afterAll(async () => {
  await started?.stop();
  await fixtures?.close();
});

/** CPU seconds the process has used, all its threads together (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), counted from the state (field 3) here; in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('a hostile feed read by the workers process', () => {
  it('costs only its own read: contact messages are projected and emailed meanwhile, then the feed fails with its reason and waits', { timeout: 120_000 }, async () => {
    const cookie = await signIn(product);
    const addSource = async (name: string, path: string) => {
      const answer = await send(product, 'POST', '/api/admin/news-sources', { name, url: fixtures.url(path), region: 'african' }, { cookie });
      return createdId(answer, `adding ${name}`);
    };
    const hostile = await addSource('Hostile Motoring', '/hostile.xml');
    const good = await addSource('Fixture Motoring', '/rss2.xml');
    const source = async (id: string) => (await send(product, 'GET', `/api/admin/news-sources/${id}`, undefined, { cookie })).body as NewsSourceRecord;

    // Started with two feeds never read, the workers read every feed at once: one run for both.
    await product.workers.start();
    await vi.waitFor(() => expect(fixtures.hits.get('/hostile.xml')).toBe(1), { timeout: 30_000, interval: 50 });
    // The parse is under way once the workers have spent a second of CPU since the feed was served (a read of
    // rss2.xml costs milliseconds): posted now, the contact message arrives while the hostile text is being read.
    const pid = product.workers.pid!;
    const servedAt = await cpuSeconds(pid);
    await vi.waitFor(async () => expect(await cpuSeconds(pid)).toBeGreaterThan(servedAt + 1), { timeout: 30_000, interval: 50 });

    const message = contactMessage(1);
    const messageId = createdId(await send(product, 'POST', '/api/contact-messages', message), 'contact message');
    await vi.waitFor(
      async () => {
        expect((await send(product, 'GET', `/api/admin/contact-messages/${messageId}`, undefined, { cookie })).status).toBe(200);
        const emails = await testDb.db.selectFrom('sent_emails').select('status').where('to_address', '=', message.email).execute();
        expect(emails).toEqual([{ status: 'sent' }]);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Meanwhile: the hostile feed's read had not ended yet (it ends at the budget at the earliest).
    expect(await source(hostile)).toMatchObject({ status: 'never', lastError: null });

    const reason = `Reading the feed took longer than ${BUDGET_S} s`;
    await vi.waitFor(async () => expect(await source(hostile)).toMatchObject({ status: 'failing', lastError: reason, consecutiveFailures: 1 }), { timeout: 60_000, interval: 200 });
    const failed = await source(hostile);
    // Tried again in a minute or so (the back-off of every failing feed), not at once.
    expect(Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastFetchedAt!)).toBeGreaterThanOrEqual(48_000);
    // The other feed of the same run was read.
    expect(await source(good)).toMatchObject({ status: 'ok', items: 3 });

    // A restart (kill -9) and the next scheduled run read the good feed again and leave the hostile one to its retry.
    const connection = createWorkerConnection(queues.redisUrl);
    const news = new Queue(NEWS_QUEUE, { connection, prefix: queues.prefix });
    try {
      // The run that read the hostile feed has ended (under load its last writes may still be under way): killed in the
      // middle of it, its job would wait for BullMQ's stalled-job check before the next run, which is not what this
      // tests.
      const idle = async () => expect(await news.getJobCounts('wait', 'active')).toEqual({ wait: 0, active: 0 });
      await vi.waitFor(idle, { timeout: 30_000, interval: 100 });
      await product.workers.restart();
      const goodReads = fixtures.hits.get('/rss2.xml')!;
      await news.add('read-all-feeds', {}, { removeOnComplete: true });
      await vi.waitFor(idle, { timeout: 60_000, interval: 100 });
      expect(fixtures.hits.get('/rss2.xml')).toBe(goodReads + 1);
    } finally {
      await news.close();
      connection.disconnect();
    }
    expect(fixtures.hits.get('/hostile.xml')).toBe(1);
    expect(await source(hostile)).toMatchObject({ status: 'failing', lastError: reason, consecutiveFailures: 1 });
  });
});
