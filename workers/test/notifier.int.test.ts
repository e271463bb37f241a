import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { appendToStream, createDb } from '@autobest/db';
import { createTestDatabase, untilEveryEventReadable, type TestDatabase } from '@autobest/db/testing';
import { contactMessageStreamId, decideContactMessage, decideSubmission, initialContactMessageState, initialSubmissionState, type EventMetadata, type SiteLanguage, type SubmissionKind } from '@autobest/domain';
import { Projector } from '@autobest/projections';
import { createPasswordLinkTokens, createStatusTokens } from '@autobest/runtime';
import { EmailDelivery } from '../src/emails/delivery';
import { createMailer, type Mailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import { catchUpCompletely } from '@autobest/projections/testing';
import { deliverDueEmails, startSmtpSink, TEST_DELIVERY_POLICY, type CapturedMail, type SmtpSink } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const statusTokens = createStatusTokens('a test secret of at least thirty-two characters');
const MAIL_FROM = 'AutoBest Africa <no-reply@autobest.africa>';
const silent = pino({ level: 'silent' });

let testDb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  testDb = await createTestDatabase('notifier');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await testDb?.drop();
  await sink?.close();
});

/** A request as the API records it: a sell-car one by default, in the language the owner used (none: an older form). */
async function submitRequest(
  id: string,
  fullName: string,
  { kind = 'sell-car', email = 'owner@example.ng', language, whatsappUpdates }: { kind?: SubmissionKind; email?: string; language?: SiteLanguage; whatsappUpdates?: boolean } = {},
) {
  const [submitted] = decideSubmission(
    {
      type: 'Submit',
      kind,
      data: {
        submissionId: id,
        submittedAt: '2026-11-22T09:00:00.000Z',
        personalInfo: { fullName, phoneNumber: '08035550142', email },
        vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' },
        photos: [],
        ...(language ? { language } : {}),
        ...(whatsappUpdates === undefined ? {} : { whatsappUpdates }),
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, `${kind}-${id}`, 0, [submitted!], visitor);
}

describe('notifier', () => {
  it('records the staff notice and the owner confirmation once, and the delivery sends each once over SMTP with its Message-ID', async () => {
    const id = 'SC-1763802000000-SMTP01';
    await submitRequest(id, 'Ngozi <b>Eze</b>');
    const notifier = createNotifier(context, MAIL_FROM);
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    // Recorded in the projection's transaction; nothing has gone to the mail server yet.
    const recorded = await testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).orderBy('template').execute();
    expect(recorded.map((row) => [row.template, row.status, row.attempts, row.sent_at])).toEqual([
      ['customer-confirmation', 'pending', 0, null],
      ['staff-new-request', 'pending', 0, null],
    ]);
    expect(sink.received).toEqual([]);

    const mailer = createMailer(sink.url, MAIL_FROM, silent);
    await deliverDueEmails(testDb.db, mailer, statusTokens, silent);
    await deliverDueEmails(testDb.db, mailer, statusTokens, silent);
    mailer.close();

    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['desk@autobest.example', 'owner@example.ng']);
    const confirmation = sink.received.find((mail) => mail.to[0] === 'owner@example.ng')!;
    const { body } = confirmation;
    expect(body).toContain(`https://autobest.example/sell-car-status/${id}?token=${statusTokens.issue(id)}`);
    // A name that fails the name rules does not open the email.
    expect(body).toContain('Hello,');
    expect(body).not.toContain('Eze');
    // Staff read it as typed in plain text; the HTML part escapes it.
    const notice = sink.received.find((mail) => mail.to[0] === 'desk@autobest.example')!.body;
    expect(notice).toContain('Customer: Ngozi <b>Eze</b>,');
    expect(notice).toContain('Customer: Ngozi &lt;b&gt;Eze&lt;/b&gt;,');

    const rows = await testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).orderBy('template').execute();
    expect(rows.map((row) => [row.template, row.status, row.transport, row.attempts])).toEqual([
      ['customer-confirmation', 'sent', 'smtp', 1],
      ['staff-new-request', 'sent', 'smtp', 1],
    ]);
    // The Message-ID comes from the event and the template, so any second copy of an email carries the same one.
    for (const row of rows) {
      expect(row.message_id).toBe(`<${row.event_id}.${row.template}@autobest.africa>`);
      expect(sink.received.find((mail) => mail.to[0] === row.to_address)!.messageId).toBe(row.message_id);
      expect(row.sent_at).toBeInstanceOf(Date);
    }
  });

  it('withdraws the emails of a request deleted before they went out, and sends none of them', async () => {
    const id = 'SC-1763802000000-GONE01';
    await submitRequest(id, 'Amaka Obi');
    const notifier = createNotifier(context, MAIL_FROM);
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    const statuses = async () => (await testDb.db.selectFrom('sent_emails').select(['template', 'status', 'last_error']).where('related_id', '=', id).orderBy('template').execute()).map((row) => [row.template, row.status, row.last_error]);
    expect(await statuses()).toEqual([
      ['customer-confirmation', 'pending', null],
      ['staff-new-request', 'pending', null],
    ]);

    // Staff delete the request while the mail server is unreachable: the emails waiting for it must not go out later.
    await appendToStream(testDb.db, `sell-car-${id}`, 1, [{ type: 'SubmissionDeleted', data: { submissionId: id, deletedAt: '2026-11-22T09:05:00.000Z' } }], staff);
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    const reason = 'Not sent: the request was deleted before this email went out';
    expect(await statuses()).toEqual([
      ['customer-confirmation', 'withdrawn', reason],
      ['staff-new-request', 'withdrawn', reason],
    ]);
    const before = sink.received.length;
    const mailer = createMailer(sink.url, MAIL_FROM, silent);
    await deliverDueEmails(testDb.db, mailer, statusTokens, silent);
    mailer.close();
    expect(sink.received.slice(before).filter((mail) => mail.to[0] === 'owner@example.ng' && mail.body.includes(id))).toEqual([]);
  });

  it('keeps copies whose status link has no token, while the email sent carries the working link', async () => {
    const id = 'SC-1763802000000-KEPT01';
    await submitRequest(id, 'Femi Ade');
    await appendToStream(testDb.db, `sell-car-${id}`, 1, [{ type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: 'reviewed', changedAt: '2026-11-22T10:00:01.000Z' } }], staff);
    const sent: string[] = [];
    const logged = createMailer(undefined, MAIL_FROM, silent);
    const mailer: Mailer = { ...logged, send: (email) => (sent.push(email.text, email.html), logged.send(email)) };
    const projector = new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]);
    const keptCopies = () => testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).where('template', 'like', 'customer-%').execute();
    // The events become readable once no older transaction of the (shared) cluster is still running.
    await vi.waitFor(async () => {
      await projector.catchUp();
      expect(await keptCopies()).toHaveLength(2);
    }, { timeout: 10_000 });
    const token = statusTokens.issue(id);
    // What waits in the outbox holds no token: the deliverer derives it when it sends.
    for (const row of await keptCopies()) expect(`${row.text}${row.html}`).not.toContain(token);
    await deliverDueEmails(testDb.db, mailer, statusTokens, silent);

    expect(sent.filter((body) => body.includes(`/sell-car-status/${id}?token=${token}`))).toHaveLength(4);
    const kept = await keptCopies();
    expect(kept.map((row) => row.status)).toEqual(['sent', 'sent']);
    for (const row of kept) {
      expect(`${row.text}${row.html}`).not.toContain(token);
      expect(row.text).toContain(`/sell-car-status/${id}?token=[redacted]`);
      expect(row.html).toContain(`/sell-car-status/${id}?token=[redacted]`);
    }
  });

  it('writes the spec wording for reviewed and finalized, with the value, and records them sent through the log by default', async () => {
    const id = 'SC-1763802000000-LOG001';
    await submitRequest(id, 'Bola Ade');
    await appendToStream(testDb.db, `sell-car-${id}`, 1, [
      { type: 'SubmissionOfferedValueSet', data: { submissionId: id, offeredValue: { amountMinor: 450_000_000, currency: 'NGN' }, setAt: '2026-11-22T10:00:00.000Z' } },
      { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: 'reviewed', changedAt: '2026-11-22T10:00:01.000Z' } },
      { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'reviewed', to: 'finalized', changedAt: '2026-11-22T11:00:00.000Z' } },
    ], staff);
    await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]));
    await deliverDueEmails(testDb.db, createMailer(undefined, MAIL_FROM, silent), statusTokens, silent);

    const sent = await testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).execute();
    const byTemplate = Object.fromEntries(sent.map((row) => [row.template, row]));
    expect(Object.keys(byTemplate).sort()).toEqual(['customer-confirmation', 'customer-status-finalized', 'customer-status-reviewed', 'staff-new-request']);
    expect(byTemplate['customer-status-reviewed']!.text).toMatch(/has been reviewed[\s\S]*₦4,500,000[\s\S]*in-person inspection/);
    expect(byTemplate['customer-status-finalized']!.text).toMatch(/finalized[\s\S]*Final value: ₦4,500,000[\s\S]*visit our dealership/);
    expect(sent.map((row) => [row.status, row.transport])).toEqual(Array(4).fill(['sent', 'log']));
  });

  it('sends emails due at the same moment in the order of the events that caused them, not in the order the table holds them', async () => {
    await submitRequest('SC-1763802000000-ORDER1', 'Ada First');
    await submitRequest('SC-1763802000000-ORDER2', 'Bola Second');
    await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]));
    const events = await testDb.db
      .selectFrom('events')
      .select(['event_id', sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
      .where('stream_id', 'in', ['sell-car-SC-1763802000000-ORDER1', 'sell-car-SC-1763802000000-ORDER2'])
      .orderBy('global_position')
      .execute();
    // The notifier writes each email with its event's place in the store.
    const recorded = await testDb.db.selectFrom('sent_emails').select(['event_id', sql<string>`event_transaction_id::text`.as('transaction_id'), 'event_global_position']).where('event_id', 'in', events.map((event) => event.event_id)).execute();
    expect(recorded.length).toBeGreaterThan(0);
    for (const row of recorded) {
      const event = events.find((candidate) => candidate.event_id === row.event_id)!;
      expect([row.transaction_id, Number(row.event_global_position)]).toEqual([event.transaction_id, Number(event.global_position)]);
    }
    const [earlier, later] = events;
    // Written later event first, both due at one moment, as a batch of the notifier's is.
    const due = new Date(Date.now() - 1_000);
    const email = (event: typeof earlier, to: string) => ({
      event_id: event!.event_id,
      event_transaction_id: event!.transaction_id,
      event_global_position: event!.global_position,
      template: 'test-order',
      to_address: to,
      subject: 'Order',
      text: 'Order',
      html: '<p>Order</p>',
      status: 'pending' as const,
      next_attempt_at: due,
    });
    const written = await testDb.db.insertInto('sent_emails').values([email(later, 'later@example.ng'), email(earlier, 'earlier@example.ng')]).returning(['id', 'to_address']).execute();
    const delivery = new EmailDelivery(testDb.db, createMailer(undefined, MAIL_FROM, silent), statusTokens, createPasswordLinkTokens('set-password links in this test'), TEST_DELIVERY_POLICY, silent);
    const order = (await delivery.claimDue(100)).flatMap(({ id }) => written.filter((row) => row.id === id).map((row) => row.to_address));
    expect(order).toEqual(['earlier@example.ng', 'later@example.ng']);
    await testDb.db.updateTable('sent_emails').set({ status: 'withdrawn', next_attempt_at: null }).where((eb) => eb.or([eb('template', '=', 'test-order'), eb('related_id', 'like', 'SC-1763802000000-ORDER_')])).execute();
  });

  it('records the emails of a batch in one statement, and withdraws a deleted request\'s emails recorded earlier in the same batch', async () => {
    const notifier = createNotifier(context, MAIL_FROM);
    // What earlier tests left for the notifier is recorded first: the batch below is this test's alone.
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    const receive = async (n: number) => {
      const contactMessageId = `7a4e1c2b-0000-4000-8000-00000b0000${String(n).padStart(2, '0')}`;
      const input = { firstName: `Ada${n}`, lastName: 'Obi', email: `ada${n}@example.ng`, phone: '+234 803 555 0101', message: `Hello ${n}` };
      const received = decideContactMessage({ type: 'ReceiveContactMessage', contactMessageId, input, now: new Date('2026-11-22T09:00:00Z') }, initialContactMessageState);
      await appendToStream(testDb.db, contactMessageStreamId(contactMessageId), 0, received, visitor);
      return contactMessageId;
    };
    const before = [await receive(1), await receive(2), await receive(3)];
    const id = 'SC-1763802000000-BATCH1';
    await submitRequest(id, 'Chidi Batch');
    await appendToStream(testDb.db, `sell-car-${id}`, 1, [{ type: 'SubmissionDeleted', data: { submissionId: id, deletedAt: '2026-11-22T09:05:00.000Z' } }], staff);
    const after = [await receive(4), await receive(5)];
    await untilEveryEventReadable(testDb.db);

    const statements: string[] = [];
    const counted = createDb({ connectionString: testDb.url, maxConnections: 2, onQuery: (query) => statements.push(query.sql) });
    try {
      const { applied } = await new Projector(counted, [notifier]).catchUp();
      expect(applied).toEqual({ notifier: 7 });
    } finally {
      await counted.destroy();
    }
    const outbox = await testDb.db.selectFrom('sent_emails').select(['related_id', 'status']).where('related_id', 'in', [...before, id, ...after]).execute();
    const statusesOf = (relatedId: string) => outbox.filter((row) => row.related_id === relatedId).map((row) => row.status);
    for (const contactMessageId of [...before, ...after]) expect(statusesOf(contactMessageId)).toEqual(['pending', 'pending']);
    expect(statusesOf(id)).toEqual(['withdrawn', 'withdrawn']);
    // Six events with emails: one insert for the four before the deletion, which withdraws the request's, one for the two after it.
    expect(statements.filter((statement) => /^\s*insert into "sent_emails"/.test(statement))).toHaveLength(2);
  });
});

/** The sink decodes quoted-printable byte by byte; the bytes are UTF-8. */
const readable = (mail: CapturedMail) => Buffer.from(mail.body, 'latin1').toString('utf8');
const header = (mail: CapturedMail, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(mail.raw)?.[1]?.trim() ?? null;

async function sendAll() {
  await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]));
  const mailer = createMailer(sink.url, MAIL_FROM, silent);
  await deliverDueEmails(testDb.db, mailer, statusTokens, silent);
  mailer.close();
}

const to = (address: string) => sink.received.filter((mail) => mail.to[0] === address);

describe('notifier, which deliveries to ring', () => {
  it('tells which outboxes a batch wrote to: a contact message only emails, a request whose owner asked for WhatsApp both', async () => {
    const notifier = createNotifier(context, MAIL_FROM);
    const projector = new Projector(testDb.db, [notifier]);
    await catchUpCompletely(projector);
    notifier.takeWritten();

    const contactMessageId = '6b1f0c52-8f0e-4d7a-9a51-1d2c3b4a5f60';
    const received = decideContactMessage(
      { type: 'ReceiveContactMessage', contactMessageId, input: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Hello' }, now: new Date() },
      initialContactMessageState,
    );
    await appendToStream(testDb.db, contactMessageStreamId(contactMessageId), 0, received, visitor);
    await catchUpCompletely(projector);
    expect(notifier.takeWritten()).toEqual({ emails: true, whatsapp: false });
    // Taken: until the next batch writes, nothing to ring.
    expect(notifier.takeWritten()).toEqual({ emails: false, whatsapp: false });

    await submitRequest('SC-1763802000000-RING01', 'Chidi Okafor', { whatsappUpdates: true });
    await catchUpCompletely(projector);
    expect(notifier.takeWritten()).toEqual({ emails: true, whatsapp: true });
  });
});

describe('notifier, the owner\'s language', () => {
  it('answers a French sell-car request in French, Content-Language fr, with a status link that opens in French, and its status update in French; staff read English', async () => {
    const id = 'SC-1763802000000-FRANC1';
    const owner = `${id.toLowerCase()}@example.ci`;
    await submitRequest(id, 'Aïcha Diallo', { email: owner, language: 'fr' });
    await sendAll();

    const [confirmation] = to(owner);
    expect(header(confirmation!, 'Content-Language')).toBe('fr');
    const body = readable(confirmation!);
    expect(body).toContain('Bonjour Aïcha Diallo,');
    expect(body).toContain(`Merci pour votre demande de vente concernant votre véhicule «\u00a02019 Toyota Camry\u00a0». Votre référence : ${id}.`);
    expect(body).toContain('Notre équipe vous contactera sous 24 à 48 heures avec une offre.');
    expect(body).toContain('<html lang="fr" dir="ltr">');
    expect(body).toContain(`Suivre votre demande: https://autobest.example/sell-car-status/${id}?token=${statusTokens.issue(id)}&lang=fr`);
    expect(body).not.toContain('Thank you');

    const [notice] = to('desk@autobest.example').filter((mail) => readable(mail).includes(id));
    expect(header(notice!, 'Content-Language')).toBe('en');
    expect(readable(notice!)).toContain(`A new sell car request ${id} has arrived.`);
    expect(readable(notice!)).toContain('Language on the site: French');

    await appendToStream(testDb.db, `sell-car-${id}`, 1, [{ type: 'SubmissionOfferedValueSet', data: { submissionId: id, offeredValue: { amountMinor: 450_000_000, currency: 'NGN' }, setAt: '2026-11-22T09:30:00.000Z' } }], staff);
    await appendToStream(testDb.db, `sell-car-${id}`, 2, [{ type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: 'reviewed', changedAt: '2026-11-22T10:00:00.000Z' } }], staff);
    await sendAll();

    const [, update] = to(owner);
    expect(header(update!, 'Content-Language')).toBe('fr');
    const updated = readable(update!);
    expect(updated).toContain(`Votre demande de vente ${id} pour votre véhicule «\u00a02019 Toyota Camry\u00a0» a été examinée.`);
    expect(updated).toContain('Notre offre : 4\u202f500\u202f000\u00a0₦.');
    expect(updated).toContain('Merci de nous appeler au +234 800 288 6237');
    expect(updated).toContain(`/sell-car-status/${id}?token=${statusTokens.issue(id)}&lang=fr`);
  });

  it('writes Arabic right to left, and a request recorded before requests said their language in English', async () => {
    await submitRequest('TI-1763802000000-ARAB01', 'Aïcha Diallo', { kind: 'trade-in', email: 'ti-1763802000000-arab01@example.ci', language: 'ar' });
    await submitRequest('TI-1763802000000-OLDEN1', 'Aïcha Diallo', { kind: 'trade-in', email: 'ti-1763802000000-olden1@example.ci' });
    await sendAll();

    const [arabic] = to('ti-1763802000000-arab01@example.ci');
    expect(header(arabic!, 'Content-Language')).toBe('ar');
    expect(readable(arabic!)).toContain('<html lang="ar" dir="rtl">');
    expect(readable(arabic!)).toContain('شكرًا لك على طلب استبدال سيارتك «2019 Toyota Camry».');
    expect(readable(arabic!)).toContain('trade-in-status/TI-1763802000000-ARAB01?token=');

    const [older] = to('ti-1763802000000-olden1@example.ci');
    expect(header(older!, 'Content-Language')).toBe('en');
    expect(readable(older!)).toContain("You'll receive an estimated trade-in value within 24-48 hours, subject to physical inspection.");
    expect(readable(older!)).toContain('&lang=en');
  });
});
