import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { decideSubmission, initialSubmissionState, type EventMetadata } from '@autobest/domain';
import { Projector } from '../src/index';
import { createMailer } from '../src/notifier/mailer';
import { createNotifier } from '../src/notifier/notifier';

interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink: accepts every message and keeps it for the test to read. */
async function startSmtpSink() {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };

let testDb: TestDatabase;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  testDb = await createTestDatabase('notifier');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await testDb?.drop();
  await sink?.close();
});

async function submitSellCar(id: string, fullName: string) {
  const [submitted] = decideSubmission(
    {
      type: 'Submit',
      kind: 'sell-car',
      data: {
        submissionId: id,
        submittedAt: '2026-11-22T09:00:00.000Z',
        personalInfo: { fullName, phoneNumber: '08035550142', email: 'owner@example.ng' },
        vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' },
        photos: [],
        statusToken: 'secret-token-123',
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, `sell-car-${id}`, 0, [submitted!], visitor);
}

describe('notifier', () => {
  it('really sends the staff notice and the owner confirmation over SMTP, once each however often it runs', async () => {
    await submitSellCar('SC-1763802000000-SMTP01', 'Ngozi <b>Eze</b>');
    const mailer = createMailer(sink.url, 'AutoBest Africa <no-reply@autobest.africa>', pino({ level: 'silent' }));
    const notifier = createNotifier(mailer, context);
    await new Projector(testDb.db, [notifier]).catchUp();
    await new Projector(testDb.db, [notifier]).catchUp();
    mailer.close();

    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['desk@autobest.example', 'owner@example.ng']);
    const confirmation = sink.received.find((mail) => mail.to[0] === 'owner@example.ng')!;
    // The body is quoted-printable: join soft line breaks and decode =XX before reading it.
    const body = confirmation.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(body).toContain('https://autobest.example/sell-car-status/SC-1763802000000-SMTP01?token=secret-token-123');
    // Plain text keeps the name as typed; the HTML part escapes it.
    expect(body).toContain('Dear Ngozi <b>Eze</b>,');
    expect(body).toContain('Dear Ngozi &lt;b&gt;Eze&lt;/b&gt;,');

    const rows = await testDb.db.selectFrom('sent_emails').selectAll().orderBy('template').execute();
    expect(rows.map((row) => [row.template, row.transport])).toEqual([
      ['customer-confirmation', 'smtp'],
      ['staff-new-request', 'smtp'],
    ]);
    expect(rows.every((row) => row.message_id)).toBe(true);
  });

  it('writes the spec wording for reviewed and finalized, with the value, to sent_emails by default', async () => {
    const id = 'SC-1763802000000-LOG001';
    await submitSellCar(id, 'Bola Ade');
    await appendToStream(testDb.db, `sell-car-${id}`, 1, [
      { type: 'SubmissionOfferedValueSet', data: { submissionId: id, offeredValue: { amountMinor: 450_000_000, currency: 'NGN' }, setAt: '2026-11-22T10:00:00.000Z' } },
      { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: 'reviewed', changedAt: '2026-11-22T10:00:01.000Z' } },
      { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'reviewed', to: 'finalized', changedAt: '2026-11-22T11:00:00.000Z' } },
    ], staff);
    const mailer = createMailer(undefined, 'x@y.z', pino({ level: 'silent' }));
    await new Projector(testDb.db, [createNotifier(mailer, context)]).catchUp();

    const sent = await testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).orderBy('sent_at').execute();
    const byTemplate = Object.fromEntries(sent.map((row) => [row.template, row]));
    expect(Object.keys(byTemplate).sort()).toEqual(['customer-confirmation', 'customer-status-finalized', 'customer-status-reviewed', 'staff-new-request']);
    expect(byTemplate['customer-status-reviewed']!.text).toMatch(/has been reviewed[\s\S]*₦4,500,000[\s\S]*in-person inspection/);
    expect(byTemplate['customer-status-finalized']!.text).toMatch(/finalized[\s\S]*Final value: ₦4,500,000[\s\S]*visit our dealership/);
    expect(byTemplate['customer-status-reviewed']!.transport).toBe('log');
  });
});
