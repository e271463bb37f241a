import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestDatabase } from '@autobest/db/testing';
import { differencesFromRebuild } from '@autobest/projections/testing';
import type { ProductProcesses } from '../../infra/src/processes';
import { contactMessage, createdId, enquiry, idsIn, inParallel, processorLag, send, startProductOnItsOwn, totalLag, type Answer, type ProductOnItsOwn } from './support';

/**
 * Every connection the API and the workers hold to PostgreSQL terminated (pg_terminate_backend), again and again,
 * while visitors keep sending forms: a request caught in flight answers 503 with Retry-After (never 500), the next
 * ones succeed on new connections, a client retrying with its Idempotency-Key gets exactly one enquiry, nothing is
 * half-written, and the workers carry on projecting.
 */
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  started = await startProductOnItsOwn('faults_pg_cut', { env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' } });
  ({ testDb, product } = started);
});
afterAll(async () => {
  await started?.stop();
});

/** Terminates every other connection to the test database (the API's, the workers', this test's pool's). */
async function terminateEveryConnection(): Promise<number> {
  const client = new pg.Client({ connectionString: testDb.url });
  await client.connect();
  try {
    const result = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

interface Sent {
  kind: 'contact' | 'enquiry';
  answer: Answer;
}

/**
 * Visitors sending contact messages (no retry) and enquiries (retried with the same Idempotency-Key after a 503, as a
 * careful client does), until told to stop. Each enquiry carries a marker so its events can be counted.
 */
function visitors(count: number) {
  const answers: Sent[] = [];
  const enquiriesAccepted: Array<{ marker: string; id: string; attempts: number }> = [];
  let stopped = false;
  let sent = 0;
  const contactVisitor = async () => {
    while (!stopped) answers.push({ kind: 'contact', answer: await send(product, 'POST', '/api/contact-messages', contactMessage(sent++)) });
  };
  const enquiryVisitor = async () => {
    while (!stopped) {
      const i = sent++;
      const marker = `pg-cut-enquiry-${i}`;
      for (let attempt = 1; ; attempt++) {
        const answer = await send(product, 'POST', '/api/enquiries', enquiry(i, marker), { 'idempotency-key': marker });
        answers.push({ kind: 'enquiry', answer });
        if (answer.status === 201) {
          enquiriesAccepted.push({ marker, id: createdId(answer, 'enquiry'), attempts: attempt });
          break;
        }
        if (answer.status !== 503 || attempt === 20) break;
        await new Promise((retryAfter) => setTimeout(retryAfter, 100));
      }
    }
  };
  const running = Promise.all(Array.from({ length: count }, (_, i) => (i % 2 === 0 ? contactVisitor() : enquiryVisitor())));
  return {
    answers,
    enquiriesAccepted,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

const eventCounts = async (type: string, key: string) =>
  new Map(
    (await sql<{ key: string; n: number }>`select data->>${key} as key, count(*)::int as n from events where type = ${type} group by 1`.execute(testDb.db)).rows.map((row) => [row.key, row.n]),
  );

describe('every application connection to PostgreSQL terminated under load', () => {
  it('answers 503 to requests in flight, succeeds on the next ones, keeps each accepted command once, and the workers carry on', { timeout: 120_000 }, async () => {
    const traffic = visitors(12);
    const terminations: number[] = [];
    // Rounds of termination under load, until some requests were caught in flight (the test shows how many).
    for (let round = 0; round < 10 && !traffic.answers.some(({ answer }) => answer.status === 503); round++) {
      const seen = traffic.answers.length;
      await vi.waitFor(() => expect(traffic.answers.length).toBeGreaterThanOrEqual(seen + 40), { timeout: 20_000, interval: 20 });
      terminations.push(await terminateEveryConnection());
    }
    // Load goes on a moment after the last cut, on new connections.
    const afterLastCut = traffic.answers.length;
    await vi.waitFor(() => expect(traffic.answers.length).toBeGreaterThanOrEqual(afterLastCut + 40), { timeout: 20_000, interval: 20 });
    await traffic.stop();
    // Both processes lived through it (their last output says why if not).
    expect(product.api.isRunning, product.api.recentOutput()).toBe(true);
    expect(product.workers.isRunning, product.workers.recentOutput()).toBe(true);

    const byStatus: Record<string, Sent[]> = {};
    for (const sent of traffic.answers) (byStatus[String(sent.answer.status)] ??= []).push(sent);
    const unavailable = byStatus['503'] ?? [];
    console.info(
      `${terminations.length} round(s) of pg_terminate_backend (${terminations.join(', ')} connections); answers: ` +
        Object.entries(byStatus)
          .map(([status, answers]) => `${answers.length} × ${status}`)
          .join(', ') +
        `; enquiries retried after a 503: ${traffic.enquiriesAccepted.filter(({ attempts }) => attempts > 1).length}`,
    );
    // In flight: 503 in our error shape with Retry-After; never a 500 or a dropped connection.
    expect(Object.keys(byStatus).sort()).toEqual(['201', '503']);
    for (const { answer } of unavailable) {
      expect(answer.body).toEqual({ error: 'service_unavailable', message: expect.any(String) });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The next ones succeed.
    const next = await inParallel(20, 10, async (i) => (await send(product, 'POST', '/api/contact-messages', contactMessage(1_000_000 + i))).status);
    expect(next).toEqual(Array(20).fill(201));

    // Nothing half-written: each accepted contact message is one event; each enquiry, however often retried, one event.
    const contactEvents = await eventCounts('ContactMessageReceived', 'contactMessageId');
    const acceptedContacts = traffic.answers.filter(({ kind, answer }) => kind === 'contact' && answer.status === 201).map(({ answer }) => createdId(answer, 'contact'));
    expect(acceptedContacts.filter((id) => contactEvents.get(id) !== 1)).toEqual([]);
    const enquiryEvents = await eventCounts('EnquiryReceived', 'message');
    expect(traffic.enquiriesAccepted.filter(({ marker }) => enquiryEvents.get(marker) !== 1)).toEqual([]);
    expect([...enquiryEvents].filter(([, events]) => events > 1)).toEqual([]);

    // The workers survived the cuts: they project everything without help.
    await vi.waitFor(async () => expect(totalLag(await processorLag(testDb.db))).toBe(0), { timeout: 30_000, interval: 200 });
    expect(await idsIn(testDb.db, 'contact_messages')).toEqual(new Set(contactEvents.keys()));
    expect(await idsIn(testDb.db, 'enquiries')).toEqual(new Set((await eventCounts('EnquiryReceived', 'enquiryId')).keys()));
    await product.workers.stop();
    expect(await differencesFromRebuild(testDb.db)).toEqual({});
  });
});
