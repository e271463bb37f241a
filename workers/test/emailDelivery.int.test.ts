import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import {
  decideEnquiry,
  decideSubmission,
  enquiryStreamId,
  initialEnquiryState,
  initialSubmissionState,
  loadRuntimeConfig,
  submissionStreamId,
  type EventMetadata,
  type RuntimeConfig,
} from '@autobest/domain';
import { createStatusTokens } from '@autobest/runtime';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { startSmtpSink, startTestWorkers, type SmtpSink } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const STATUS_TOKEN_SECRET = 'a test secret of at least thirty-two characters';
const statusTokens = createStatusTokens(STATUS_TOKEN_SECRET);

let testDb: TestDatabase;
let queues: TestQueues;
let sink: SmtpSink;
let config: RuntimeConfig;
let workers: Awaited<ReturnType<typeof startTestWorkers>>;
let ringProjector: () => void;

beforeAll(async () => {
  testDb = await createTestDatabase('email_delivery');
  queues = createTestQueues('email-delivery');
  sink = await startSmtpSink();
  config = loadRuntimeConfig({
    DATABASE_URL: testDb.url,
    REDIS_URL: queues.redisUrl,
    QUEUE_PREFIX: queues.prefix,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://autobest.example',
    STAFF_NOTIFICATION_EMAIL: 'desk@autobest.example',
    STATUS_TOKEN_SECRET,
    SMTP_URL: sink.url,
    // A silent server costs an attempt a third of a second here, not half a minute.
    SMTP_CONNECTION_TIMEOUT_MS: '2000',
    SMTP_GREETING_TIMEOUT_MS: '300',
    SMTP_SOCKET_TIMEOUT_MS: '2000',
    EMAIL_RETRY_DELAY_MS: '20',
    PROJECTOR_SAFETY_NET_MS: '500',
  });
  workers = await startTestWorkers(config);
  ringProjector = workers.ringProjector;
});
afterAll(async () => {
  await workers?.close();
  await sink?.close();
  await testDb?.drop();
  await queues?.drop();
});

async function receiveEnquiry(enquiryId: string, email: string) {
  const events = decideEnquiry(
    { type: 'ReceiveEnquiry', enquiryId, input: { kind: 'deal', fullName: 'Kemi Ade', phone: '08035550123', email, subject: 'Toyota Camry 2019' }, now: new Date() },
    initialEnquiryState,
  );
  await appendToStream(testDb.db, enquiryStreamId(enquiryId), 0, events, visitor);
  ringProjector();
}

async function submitSellCar(submissionId: string, email: string) {
  const events = decideSubmission(
    {
      type: 'Submit',
      kind: 'sell-car',
      data: {
        submissionId,
        submittedAt: new Date().toISOString(),
        personalInfo: { fullName: 'Chidi Okafor', phoneNumber: '08035550142', email },
        vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' },
        photos: [],
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, submissionStreamId('sell-car', submissionId), 0, events, visitor);
  ringProjector();
}

const emailsAbout = (relatedIds: string[]) => testDb.db.selectFrom('sent_emails').selectAll().where('related_id', 'in', relatedIds).orderBy('template').execute();
const deliveredTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));

describe('email delivery', () => {
  it('fails an email the mail server refuses for good (550) at once and alone; the emails after it go out', async () => {
    sink.rejectRecipient('nobody@example.ng');
    const refusedEnquiry = randomUUID();
    const nextEnquiry = randomUUID();
    await receiveEnquiry(refusedEnquiry, 'nobody@example.ng');
    await receiveEnquiry(nextEnquiry, 'kemi@example.ng');

    await vi.waitFor(
      async () => {
        const rows = await emailsAbout([refusedEnquiry, nextEnquiry]);
        expect(rows).toHaveLength(4);
        expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const rows = await emailsAbout([refusedEnquiry, nextEnquiry]);
    const refused = rows.find((row) => row.to_address === 'nobody@example.ng')!;
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, sent_at: null, transport: null });
    expect(refused.last_error).toMatch(/^RCPT TO: 550 5\.1\.1 No such user/);
    expect(rows.filter((row) => row !== refused).map((row) => [row.to_address, row.status, row.attempts]).sort()).toEqual([
      ['desk@autobest.example', 'sent', 1],
      ['desk@autobest.example', 'sent', 1],
      ['kemi@example.ng', 'sent', 1],
    ]);
    // Tried once, never again; the others arrived.
    expect(sink.refused.filter((reply) => reply.to.includes('nobody@example.ng'))).toHaveLength(1);
    expect(deliveredTo('nobody@example.ng')).toEqual([]);
    expect(deliveredTo('kemi@example.ng')).toHaveLength(1);
    expect(deliveredTo('desk@autobest.example')).toHaveLength(2);
  });

  it('keeps every email while the mail server answers 421 and then hangs, shows the requests meanwhile, and sends each once with its Message-ID when it recovers', async () => {
    const deliveredBefore = sink.received.length;
    sink.deferAll();
    const first = 'SC-1763802000000-FAULT1';
    await submitSellCar(first, 'chidi@example.ng');
    // The request is in the staff list while its emails wait for the mail server.
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('submissions').select('id').where('id', '=', first).executeTakeFirst()).toBeDefined(), { timeout: 10_000, interval: 50 });
    await vi.waitFor(
      async () => {
        const rows = await emailsAbout([first]);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.status).toBe('pending');
          expect(row.attempts).toBeGreaterThanOrEqual(2);
          expect(row.last_error).toMatch(/421 4\.3\.2/);
        }
      },
      { timeout: 20_000, interval: 50 },
    );

    sink.stall();
    const enquiry = randomUUID();
    await receiveEnquiry(enquiry, 'ade@example.ng');
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('enquiries').select('id').where('id', '=', enquiry).executeTakeFirst()).toBeDefined(), { timeout: 10_000, interval: 50 });
    // An attempt met a server that never greets and gave up at the greeting timeout.
    await vi.waitFor(
      async () => {
        const rows = await emailsAbout([first, enquiry]);
        expect(rows.some((row) => /greeting/i.test(row.last_error ?? ''))).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    // Attempts hang on the silent server right now; a new request still shows at once.
    const second = 'SC-1763802000000-FAULT2';
    await submitSellCar(second, 'bola@example.ng');
    await vi.waitFor(async () => expect(await testDb.db.selectFrom('submissions').select('id').where('id', '=', second).executeTakeFirst()).toBeDefined(), { timeout: 10_000, interval: 50 });
    // The notifier records its emails right after the read models.
    await vi.waitFor(async () => expect(await emailsAbout([first, enquiry, second])).toHaveLength(6), { timeout: 10_000, interval: 50 });
    expect(sink.received.length).toBe(deliveredBefore);
    expect((await emailsAbout([first, enquiry, second])).map((row) => row.status)).toEqual(Array(6).fill('pending'));

    sink.recover();
    await vi.waitFor(
      async () => expect((await emailsAbout([first, enquiry, second])).map((row) => row.status)).toEqual(Array(6).fill('sent')),
      { timeout: 30_000, interval: 100 },
    );
    const rows = await emailsAbout([first, enquiry, second]);
    const delivered = sink.received.slice(deliveredBefore);
    // Each email exactly once, carrying the Message-ID made from its event and template.
    expect(delivered.map((mail) => mail.messageId).sort()).toEqual(rows.map((row) => row.message_id).sort());
    for (const row of rows) {
      expect(row.message_id).toBe(`<${row.event_id}.${row.template}@autobest.africa>`);
      expect(delivered.find((mail) => mail.messageId === row.message_id)!.to).toEqual([row.to_address]);
    }
    expect(rows.filter((row) => row.related_id === first).every((row) => row.attempts > 2)).toBe(true);
    // The owner's link works once it is sent: the token was put in at send time, never stored.
    const confirmation = delivered.find((mail) => mail.to[0] === 'chidi@example.ng')!;
    expect(confirmation.body).toContain(`https://autobest.example/sell-car-status/${first}?token=${statusTokens.issue(first)}`);
    for (const row of rows) expect(`${row.text}${row.html}`).not.toContain(statusTokens.issue(first));
  });
});
