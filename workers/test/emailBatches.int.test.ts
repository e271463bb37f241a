import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import pino from 'pino';
import { createDb, type Db } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { createPasswordLinkTokens, createStatusTokens } from '@autobest/runtime';
import { EmailDelivery } from '../src/emails/delivery';
import { CLAIM_BATCH, claimStatement, inClaimPlan, SEND_CONCURRENCY, type DeliveryPolicy } from '../src/platform/outboxDelivery';
import type { Mailer, OutgoingEmail } from '../src/emails/mailer';
import { TEST_DELIVERY_POLICY } from '../src/testing';

/** The delivery's own outbox, with no workers running: only what each test starts sends anything. */
const SECRET = 'a test secret of at least thirty-two characters';
const silent = pino({ level: 'silent' });
let testDb: TestDatabase;
let counted: Db;
const statements: string[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase('email_batches');
  counted = createDb({ connectionString: testDb.url, maxConnections: 4, onQuery: (query) => statements.push(query.sql) });
});
afterAll(async () => {
  await counted?.destroy();
  await testDb?.drop();
});
beforeEach(async () => {
  // Each test starts from an outbox with nothing pending.
  await testDb.db.updateTable('sent_emails').set({ status: 'sent', next_attempt_at: null, claimed_until: null }).where('status', '=', 'pending').execute();
  statements.length = 0;
});

/** A node of EXPLAIN's JSON plan. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * `count` pending emails, due a second apart in the past (the first falls due first; `scattered`: written in an order
 * unlike the one they fall due in, as rows land in a table whose older rows were updated).
 */
async function dueEmails(count: number, label: string, { db = testDb.db, scattered = false } = {}): Promise<string[]> {
  const rows = await db
    .insertInto('sent_emails')
    .values(
      Array.from({ length: count }, (_, i) => ({
        event_id: randomUUID(),
        template: `test-${label}`,
        to_address: `${label}${i}@example.ng`,
        subject: 'Due',
        text: 'Due',
        html: '<p>Due</p>',
        status: 'pending' as const,
        message_id: `<${randomUUID()}@autobest.example>`,
        next_attempt_at: new Date(Date.now() - (count - (scattered ? (i * 7_919) % count : i)) * 1_000),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A mail server that takes each email after `takeMs` (or when let go), recording the order they reached it. */
function mailServer({ takeMs = 0 } = {}) {
  const reached: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let letGo: () => void = () => undefined;
  let held: Promise<void> | undefined;
  const mailer: Mailer = {
    transport: 'smtp',
    async send(email: OutgoingEmail) {
      reached.push(email.to);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (held) await held;
        if (takeMs > 0) await new Promise((wait) => setTimeout(wait, takeMs));
        return { response: '250 OK' };
      } finally {
        inFlight--;
      }
    },
    close() {},
  };
  return {
    mailer,
    reached,
    mostInFlight: () => mostInFlight,
    hold: () => (held = new Promise((resolve) => (letGo = resolve))),
    release: () => letGo(),
  };
}

const deliveryWith = (db: Db, mailer: Mailer, policy: DeliveryPolicy = TEST_DELIVERY_POLICY) =>
  new EmailDelivery(db, mailer, createStatusTokens(SECRET), createPasswordLinkTokens(SECRET), policy, silent);
const rowsOf = (ids: string[]) => testDb.db.selectFrom('sent_emails').select(['id', 'status', 'attempts', 'claimed_until', 'next_attempt_at', 'transport']).where('id', 'in', ids).execute();

describe('sending the outbox in batches', () => {
  it('sends 60 due emails in the order they fell due with a few statements, not two per email, and at most four at a time', async () => {
    const ids = await dueEmails(60, 'batch');
    const server = mailServer();
    server.hold();
    const running = deliveryWith(counted, server.mailer).deliverDue();
    // Four on their way to a server that has not answered yet, and no fifth.
    await vi.waitFor(() => expect(server.reached).toHaveLength(SEND_CONCURRENCY), { timeout: 10_000 });
    await new Promise((wait) => setTimeout(wait, 50));
    expect(server.reached).toHaveLength(SEND_CONCURRENCY);
    server.release();
    const run = await running;

    expect(run.outcomes.filter((outcome) => outcome.kind === 'sent')).toHaveLength(60);
    expect(run.nextDueInMs).toBeNull();
    expect(server.reached).toEqual(Array.from({ length: 60 }, (_, i) => `batch${i}@example.ng`));
    expect((await rowsOf(ids)).every((row) => row.status === 'sent' && row.attempts === 1 && row.transport === 'smtp' && row.claimed_until === null)).toBe(true);
    // Two claims (50, then the other 10; each its own transaction: begin, the planner's setting, the claim, commit),
    // the results written together as they came in, and one look for the next due email: an email cost two statements
    // before, 120 here.
    const claims = statements.filter((statement) => /^\s*with due as/.test(statement)).length;
    const writes = statements.filter((statement) => /^\s*update sent_emails set\s+status = result\.status/.test(statement)).length;
    expect(claims).toBe(Math.ceil(60 / CLAIM_BATCH));
    expect(writes).toBeLessThanOrEqual(60 / 3);
    expect(statements).toHaveLength(claims * 4 + writes + 1);
  });

  /** The claim's plan, run for real (EXPLAIN ANALYZE counts the rows each step handled) as claims run, then rolled back. */
  async function claimPlan(db = testDb.db): Promise<PlanNode[]> {
    const claim = claimStatement('sent_emails', ['id', 'template'], CLAIM_BATCH, 30).compile(db);
    const plan = await inClaimPlan(db, async (trx) => {
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(CompiledQuery.raw(`explain (analyze, format json) ${claim.sql}`, [...claim.parameters]));
      throw Object.assign(new Error('rolled back'), { plan: rows[0]!['QUERY PLAN'][0].Plan });
    }).catch((error: { plan?: PlanNode }) => error.plan ?? Promise.reject(error));
    return nodesOf(plan);
  }

  it('claims a batch from the front of the due line: its work does not grow with the backlog behind it', async () => {
    await dueEmails(2_000, 'backlog');
    await sql`analyze sent_emails`.execute(testDb.db);
    const nodes = await claimPlan();
    expect(nodes.map((node) => node['Relation Name'])).not.toContain('events');
    expect(nodes.filter((node) => node['Relation Name'] === 'sent_emails').map((node) => node['Node Type'])).toContain('Index Scan');
    // Read from the index in the order sent and stopped at the batch, and found again by key to update: no step of
    // the claim handles more rows than the batch, where it sorted the 2,000 due rows and read the whole table.
    expect(Math.max(...nodes.map((node) => node['Actual Rows'] ?? 0))).toBe(CLAIM_BATCH);
  });

  it('still claims from the front in an outbox PostgreSQL has no statistics of yet (a new installation), with a backlog', async () => {
    // Without statistics PostgreSQL expects a few due emails, and read and sorted every due one to take 50 (a bitmap
    // scan): in bench:events each claim cost 9-67 ms as the backlog grew to 17,000.
    const fresh = await createTestDatabase('email_burst');
    try {
      await dueEmails(4_000, 'burst', { db: fresh.db, scattered: true });
      const nodes = await claimPlan(fresh.db);
      expect(Math.max(...nodes.map((node) => node['Actual Rows'] ?? 0))).toBe(CLAIM_BATCH);
    } finally {
      await fresh.drop();
    }
  });

  it('lets only one worker hold an email, so two never send it together, and says when the held one is due again', async () => {
    const [id] = await dueEmails(1, 'once');
    const server = mailServer();
    server.hold();
    // Stand-ins for two workers processes.
    const one = deliveryWith(testDb.db, server.mailer);
    const other = deliveryWith(testDb.db, server.mailer);
    const first = one.deliverDue();
    await vi.waitFor(() => expect(server.reached).toHaveLength(1), { timeout: 10_000 });
    const meanwhile = await other.deliverDue();
    expect(meanwhile.outcomes).toEqual([]);
    // Due again only when the first one's claim ends: after the longest a send can take, and the window to start it.
    expect(meanwhile.nextDueInMs).toBeGreaterThan(TEST_DELIVERY_POLICY.claimMs);
    server.release();
    expect((await first).outcomes).toEqual([{ kind: 'sent', id, attempts: 1 }]);
    expect((await other.deliverDue()).outcomes).toEqual([]);
    expect(server.reached).toEqual(['once0@example.ng']);
    expect(await rowsOf([id!])).toMatchObject([{ status: 'sent', attempts: 1, transport: 'smtp' }]);
  });

  it('does not start a send after its claim has used up the time for starting them: those emails are due again at once, their attempt uncounted', async () => {
    const ids = await dueEmails(10, 'late');
    const dueTimes = (await testDb.db.selectFrom('sent_emails').select('next_attempt_at').where('id', 'in', ids).execute()).map((row) => row.next_attempt_at!.getTime()).sort();
    // Each send takes longer than the time a batch has to start them, so only the first four start.
    const server = mailServer({ takeMs: 120 });
    const run = await deliveryWith(testDb.db, server.mailer, { ...TEST_DELIVERY_POLICY, claimMs: 60 }).deliverDue();

    expect(run.outcomes.filter((outcome) => outcome.kind === 'sent').map((outcome) => outcome.id)).toEqual(ids.slice(0, SEND_CONCURRENCY));
    expect(run.outcomes.filter((outcome) => outcome.kind === 'released').map((outcome) => outcome.id).sort()).toEqual(ids.slice(SEND_CONCURRENCY).sort());
    expect(server.reached).toHaveLength(SEND_CONCURRENCY);
    expect(run.nextDueInMs).toBe(0);
    const released = (await rowsOf(ids)).filter((row) => row.status === 'pending');
    expect(released).toHaveLength(10 - SEND_CONCURRENCY);
    expect(released.every((row) => row.attempts === 0 && row.claimed_until === null)).toBe(true);
    // Back in their place in the line: due when they were, before anything that fell due since.
    expect(released.map((row) => row.next_attempt_at!.getTime()).sort()).toEqual(dueTimes.slice(SEND_CONCURRENCY));
  });

  it('starts no send once the process stops: what the run holds is released, uncounted, and the run ends', async () => {
    const ids = await dueEmails(12, 'stop');
    const server = mailServer();
    server.hold();
    const delivery = deliveryWith(testDb.db, server.mailer);
    const running = delivery.deliverDue();
    await vi.waitFor(() => expect(server.reached).toHaveLength(SEND_CONCURRENCY), { timeout: 10_000 });
    delivery.stop();
    server.release();
    const run = await running;
    expect(run.outcomes.filter((outcome) => outcome.kind === 'sent')).toHaveLength(SEND_CONCURRENCY);
    expect(run.outcomes.filter((outcome) => outcome.kind === 'released')).toHaveLength(12 - SEND_CONCURRENCY);
    expect(server.reached).toHaveLength(SEND_CONCURRENCY);
    expect((await rowsOf(ids)).filter((row) => row.status === 'pending' && row.attempts === 0 && row.claimed_until === null)).toHaveLength(12 - SEND_CONCURRENCY);
  });

  it('writes no result over a claim that is no longer its own: a worker frozen past its claim leaves the new holder alone', async () => {
    const [id] = await dueEmails(1, 'frozen');
    const failing: Mailer = { transport: 'smtp', send: () => Promise.reject(Object.assign(new Error('try later'), { responseCode: 421, command: 'CONN' })), close() {} };
    const frozen = deliveryWith(testDb.db, failing);
    const [claimed] = await frozen.claimDue(1);
    // Its claim lapses and another worker claims the email meanwhile.
    await testDb.db.updateTable('sent_emails').set({ claimed_until: new Date(Date.now() - 1), next_attempt_at: new Date(Date.now() - 1) }).where('id', '=', id!).execute();
    const [taken] = await deliveryWith(testDb.db, mailServer().mailer).claimDue(1);
    expect(taken?.id).toBe(id);
    // The frozen worker wakes up, fails its attempt and writes the retry: the new holder's claim stands.
    expect(await frozen.deliverClaimed([claimed!], performance.now() + 60_000)).toMatchObject([{ kind: 'retry' }]);
    const { rows } = await sql<{ status: string; attempts: number; claimed_until: string }>`select status, attempts, claimed_until::text from sent_emails where id = ${id}`.execute(testDb.db);
    expect(rows).toEqual([{ status: 'pending', attempts: 2, claimed_until: taken!.claimed_until }]);
  });
});
