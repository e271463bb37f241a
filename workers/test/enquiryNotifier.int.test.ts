import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { decideEnquiry, enquiryStreamId, initialEnquiryState, type EventMetadata, type ValidEnquiry } from '@autobest/domain';
import { Projector } from '@autobest/projections';
import { createStatusTokens } from '@autobest/runtime';
import { createMailer, type Mailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import type { Email } from '../src/emails/templates';
import { deliverDueEmails } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example/', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const statusTokens = createStatusTokens('a test secret of at least thirty-two characters');
const MAIL_FROM = 'AutoBest Africa <no-reply@autobest.africa>';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('enquiry_notifier');
});
afterAll(async () => {
  await testDb?.drop();
});

/** The real logged transport, with every email it was asked to send kept for the test to count. */
function recordingMailer(): Mailer & { sent: Email[] } {
  const mailer = createMailer(undefined, 'AutoBest Africa <no-reply@autobest.africa>', pino({ level: 'silent' }));
  const sent: Email[] = [];
  return { transport: mailer.transport, sent, close: () => mailer.close(), send: (email) => (sent.push(email), mailer.send(email)) };
}

async function receive(enquiryId: string, input: ValidEnquiry) {
  const events = decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input, now: new Date('2026-11-22T09:00:00Z') }, initialEnquiryState);
  await appendToStream(testDb.db, enquiryStreamId(enquiryId), 0, events, visitor);
}

describe('notifier, enquiries', () => {
  it('emails staff every field with a console link, and the customer a confirmation, once each however often it runs', async () => {
    const id = '7a4e1c2b-0000-4000-8000-00000000e001';
    await receive(id, {
      kind: 'rental',
      fullName: 'Emeka <b>Obi</b>',
      phone: '+234 803 555 0177',
      email: 'emeka@example.ng',
      subject: 'Toyota Hilux\nrental',
      message: 'Airport pick-up, please.',
      preferredDate: '2026-12-24',
      details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255000 },
      sourcePath: '/rent-lease',
    });
    await appendToStream(testDb.db, enquiryStreamId(id), 1, [{ type: 'EnquiryStatusChanged', data: { enquiryId: id, from: 'new', to: 'contacted', changedAt: '2026-11-22T10:00:00.000Z' } }], staff);

    const mailer = recordingMailer();
    const notifier = createNotifier(context, MAIL_FROM);
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    await deliverDueEmails(testDb.db, mailer, statusTokens, pino({ level: 'silent' }));
    await catchUpCompletely(new Projector(testDb.db, [notifier]));
    // Even replaying every event from the start records and sends nothing again.
    await new Projector(testDb.db, [notifier]).rebuild();
    await deliverDueEmails(testDb.db, mailer, statusTokens, pino({ level: 'silent' }));

    // Both were recorded in one statement: the outbox sends them in either order.
    expect(mailer.sent.map((email) => [email.template, email.to]).sort()).toEqual([
      ['customer-enquiry-confirmation', 'emeka@example.ng'],
      ['staff-new-enquiry', 'desk@autobest.example'],
    ]);
    const toStaff = mailer.sent.find((email) => email.template === 'staff-new-enquiry');
    const toCustomer = mailer.sent.find((email) => email.template === 'customer-enquiry-confirmation');
    expect(toStaff!.subject).toBe(`New Rental enquiry ${id}`);
    for (const line of [
      'Kind: Rental',
      'Name: Emeka <b>Obi</b>',
      'Phone: +234 803 555 0177',
      'Subject: “Toyota Hilux rental”',
      'Email: emeka@example[.]ng',
      'Preferred date: 2026-12-24',
      'Message: “Airport pick-up, please.”',
      'car: Toyota Hilux',
      'days: 3',
      'estimateNgn: 255000',
      'Sent from: /rent-lease',
      `https://autobest.example/admin/enquiries/${id}/show`,
    ]) {
      expect(toStaff!.text).toContain(line);
    }
    expect(toStaff!.html).toContain('Name: Emeka &lt;b&gt;Obi&lt;/b&gt;');
    expect(toStaff!.html).not.toContain('<b>Obi</b>');

    expect(toCustomer!.subject).toBe('We received your rental enquiry');
    expect(toCustomer!.text).toContain('We received your rental enquiry about “Toyota Hilux rental”; our team will contact you within 24 hours.');
    expect(toCustomer!.text).toContain('+234 800 288 6237');

    const rows = await testDb.db.selectFrom('sent_emails').select(['template', 'related_id', 'transport']).where('related_id', '=', id).orderBy('template').execute();
    expect(rows).toEqual([
      { template: 'customer-enquiry-confirmation', related_id: id, transport: 'log' },
      { template: 'staff-new-enquiry', related_id: id, transport: 'log' },
    ]);
  });

  it('emails only staff when the customer gave no email address', async () => {
    const id = '7a4e1c2b-0000-4000-8000-00000000e002';
    await receive(id, { kind: 'insurance-quote', fullName: 'Kemi Ade', phone: '08035550123', subject: 'Comprehensive plan', details: { plan: 'Comprehensive' } });
    const mailer = recordingMailer();
    await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]));
    await deliverDueEmails(testDb.db, mailer, statusTokens, pino({ level: 'silent' }));
    expect(mailer.sent.map((email) => [email.template, email.subject])).toEqual([['staff-new-enquiry', `New Insurance quote enquiry ${id}`]]);
    expect(mailer.sent[0]!.text).toContain('Email: not given');
  });
});
