import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { OutboxEmail } from '@autobest/domain';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';

let sink: SmtpSink;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp(
    'api_emails',
    { ...LOOSE_PUBLIC_WRITE_LIMITS, SMTP_URL: sink.url, SMTP_GREETING_TIMEOUT_MS: '300', EMAIL_RETRY_DELAY_MS: '20', PROJECTOR_SAFETY_NET_MS: '500' },
    { withWorkers: true },
  );
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const admin = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie } });
const listed = async (filter: object) => (await admin('GET', `/api/admin/emails?filter=${encodeURIComponent(JSON.stringify(filter))}`)).json<OutboxEmail[]>();

async function enquire(email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/enquiries',
    payload: { kind: 'deal', fullName: 'Kemi Ade', phone: '08035550123', email, subject: 'Toyota Camry 2019' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

interface EmailsHealth {
  ok: boolean;
  notifierEventsBehind: number;
  pending: number;
  failed: number;
  oldestPendingSeconds: number | null;
}
const emailsHealth = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { emails: EmailsHealth } }>().checks.emails;
const outboxCheck = async () => (await admin('POST', '/api/admin/qa-checks/email-outbox/run')).json<{ status: string; detail: string }>();

describe('the console\'s Emails', () => {
  it('lists a refused email as failed with the server\'s answer, and Retry sends it once the address works', async () => {
    sink.rejectRecipient('typo@example.ng');
    const enquiry = await enquire('typo@example.ng');
    const failed = await vi.waitFor(
      async () => {
        const [email] = await listed({ relatedId: enquiry, status: 'failed' });
        expect(email).toBeDefined();
        return email!;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(failed).toMatchObject({ to: 'typo@example.ng', status: 'failed', attempts: 1, sentAt: null, nextAttemptAt: null, transport: null });
    expect(failed.lastError).toMatch(/550 5\.1\.1 No such user/);
    expect(failed.messageId).toMatch(/^<[0-9a-f-]{36}\.customer-enquiry-confirmation@autobest\.africa>$/);
    // The staff notice of the same enquiry went out regardless.
    await vi.waitFor(async () => expect(await listed({ relatedId: enquiry, status: 'sent' })).toHaveLength(1), { timeout: 20_000, interval: 100 });
    expect((await emailsHealth()).failed).toBe(1);
    expect(await outboxCheck()).toMatchObject({ status: 'warning', detail: expect.stringContaining('1 email failed in the last 7 days') });

    sink.recover();
    const retried = await admin('POST', `/api/admin/emails/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    const sent = await vi.waitFor(
      async () => {
        const email = (await admin('GET', `/api/admin/emails/${failed.id}`)).json<OutboxEmail>();
        expect(email.status).toBe('sent');
        return email;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(sent).toMatchObject({ attempts: 1, transport: 'smtp', messageId: failed.messageId });
    expect(sent.sentAt).not.toBeNull();
    expect(sink.received.filter((mail) => mail.to.includes('typo@example.ng')).map((mail) => mail.messageId)).toEqual([failed.messageId]);

    // Only a failed email can be sent again; an unknown one is 404.
    expect((await admin('POST', `/api/admin/emails/${failed.id}/retry`)).json()).toMatchObject({ error: 'conflict' });
    expect((await admin('POST', '/api/admin/emails/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/emails/not-an-id/retry')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/emails/${failed.id}/retry` })).statusCode).toBe(401);

    // A withdrawn email (its request was deleted while it waited: workers/test/notifier.int.test.ts) is never sent.
    await t.testDb.db.updateTable('sent_emails').set({ status: 'withdrawn' }).where('id', '=', failed.id).execute();
    const refused = await admin('POST', `/api/admin/emails/${failed.id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/withdrawn because its request was deleted/);
    expect(await listed({ relatedId: enquiry, status: 'withdrawn' })).toHaveLength(1);
  });

  it('shows the backlog and the age of the oldest unsent email in health and the QA checks while the mail server is down', async () => {
    sink.deferAll();
    const enquiry = await enquire('waiting@example.ng');
    await vi.waitFor(
      async () => {
        const waiting = await listed({ relatedId: enquiry, status: 'pending' });
        expect(waiting).toHaveLength(2);
        for (const email of waiting) expect(email.lastError).toMatch(/421/);
      },
      { timeout: 20_000, interval: 100 },
    );
    const health = await emailsHealth();
    expect(health).toMatchObject({ ok: true, pending: 2, notifierEventsBehind: 0 });
    expect(health.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect((await outboxCheck()).status).not.toBe('fail');

    // As if the server had been failing for a quarter of an hour, then for over an hour.
    const recordedAgo = (minutes: number) =>
      sql`update sent_emails set created_at = now() - make_interval(mins => ${minutes}) where related_id = ${enquiry}`.execute(t.testDb.db);
    await recordedAgo(15);
    expect(await emailsHealth()).toMatchObject({ ok: false, pending: 2 });
    expect((await emailsHealth()).oldestPendingSeconds).toBeGreaterThanOrEqual(15 * 60);
    expect(await outboxCheck()).toMatchObject({ status: 'warning', detail: expect.stringContaining('2 emails waiting, the oldest for 15 minutes') });
    await recordedAgo(61);
    expect(await outboxCheck()).toMatchObject({ status: 'fail', detail: expect.stringContaining('for over an hour') });

    sink.recover();
    await vi.waitFor(async () => expect(await emailsHealth()).toMatchObject({ ok: true, pending: 0, oldestPendingSeconds: null }), { timeout: 30_000, interval: 100 });
    expect(await outboxCheck()).toMatchObject({ status: 'pass', detail: 'No email waiting to be sent' });
  });
});
