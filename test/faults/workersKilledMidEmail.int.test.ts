import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '@autobest/db/testing';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import type { ProductProcesses } from '../../infra/src/processes';
import { contactMessage, createdId, expectOnceExceptInFlight, idsIn, inParallel, missingFrom, send, startProductOnItsOwn, type ProductOnItsOwn } from './support';

/**
 * kill -9 of the workers process while it sends emails, then a restart: the mail server ends up with every email. An
 * email arrives twice only when the kill fell after the server took it and before the outbox recorded that; both copies
 * then carry the same Message-ID, so mail clients show one. The test says which case it hit.
 */
let sink: SmtpSink;
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  sink = await startSmtpSink();
  started = await startProductOnItsOwn('faults_mid_email', {
    env: {
      PUBLIC_WRITE_LIMIT_SCALE: '1000000',
      SMTP_URL: sink.url,
      // A claim holds its emails for connection + greeting + 3 x socket timeouts, and as long again to start their sends:
      // a killed one's go out after 10 s.
      SMTP_CONNECTION_TIMEOUT_MS: '1000',
      SMTP_GREETING_TIMEOUT_MS: '1000',
      SMTP_SOCKET_TIMEOUT_MS: '1000',
      EMAIL_RETRY_DELAY_MS: '200',
      // The killed process's run of the delivery is taken up within a few seconds, not 30 to 90.
      EMAIL_JOB_LOCK_MS: '2000',
    },
  });
  ({ testDb, product } = started);
});
afterAll(async () => {
  await started?.stop();
  await sink?.close();
});

/** Each contact message makes two emails: the staff notice and the acknowledgement to the person. */
const CONTACT_MESSAGES = 30;
const EMAILS = 2 * CONTACT_MESSAGES;

describe('the workers killed while sending emails', () => {
  it('delivers every email after a restart, a copy twice only with the same Message-ID', { timeout: 150_000 }, async () => {
    // The server takes each message 150 ms after its last byte, so sending 60 takes a few seconds to kill into.
    sink.delayAcceptance(150);
    const ids = await inParallel(CONTACT_MESSAGES, 6, async (i) => createdId(await send(product, 'POST', '/api/contact-messages', contactMessage(i)), 'contact message'));

    await vi.waitFor(() => expect(sink.received.length).toBeGreaterThanOrEqual(8), { timeout: 60_000, interval: 10 });
    await product.workers.kill();
    const takenAtKill = sink.received.length;
    const recordedAtKill = (await testDb.db.selectFrom('sent_emails').select('id').where('status', '=', 'sent').execute()).length;
    expect(takenAtKill, 'the kill fell while emails were still going out').toBeLessThan(EMAILS);

    sink.recover();
    await product.workers.start();
    await vi.waitFor(
      async () => {
        const statuses = await testDb.db.selectFrom('sent_emails').select('status').execute();
        expect(statuses.length).toBe(EMAILS);
        expect(statuses.filter(({ status }) => status !== 'sent')).toEqual([]);
      },
      { timeout: 90_000, interval: 250 },
    );

    const rows = await testDb.db.selectFrom('sent_emails').select(['message_id', 'to_address', 'attempts']).execute();
    // Every email of the outbox reached the server, under its own Message-ID, and nothing else did.
    expect(new Set(rows.map((row) => row.message_id)).size).toBe(EMAILS);
    const twice = expectOnceExceptInFlight(
      sink.received.map((mail) => mail.messageId ?? 'none'),
      rows.map((row) => row.message_id!),
    );
    for (const row of rows) expect(sink.received.filter((mail) => mail.messageId === row.message_id).every((mail) => mail.to[0] === row.to_address)).toBe(true);
    console.info(
      twice.length > 0
        ? `kill fell between the server taking ${twice.length} email(s) and the outbox recording it: each arrived twice with one Message-ID (${twice.join(', ')})`
        : `kill fell before the server took the emails in flight (${takenAtKill} taken, ${recordedAtKill} recorded as sent): none arrived twice`,
    );

    // Read models never waited on the mail server.
    expect(missingFrom(ids, await idsIn(testDb.db, 'contact_messages'))).toEqual([]);
  });
});
