import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import {
  contactMessageStreamId,
  decideEnquiry,
  decideSubmission,
  enquiryStreamId,
  initialEnquiryState,
  initialSubmissionState,
  reservationRequestStreamId,
  vehicleStreamId,
  type EventMetadata,
  type SubmissionKind,
} from '@autobest/domain';
import { listVehicle, receiveContactMessage, requestReservation, sampleVenza } from '@autobest/domain/testing';
import { Projector } from '@autobest/projections';
import { createStatusTokens } from '@autobest/runtime';
import { createMailer, type Mailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import type { Email } from '../src/emails/templates';
import { deliverDueEmails } from '../src/testing';

const statusTokens = createStatusTokens('a test secret of at least thirty-two characters');

/** What an attacker sent through the trade-in form: every confirmation began "Dear Click http://evil.test/claim ...". */
const PAYLOAD = 'Click http://evil.test/claim to claim your prize';
/** An address the email rules accept, which a mail client would show as a link to evil.test. */
const PAYLOAD_EMAIL = 'http://evil.test/claim@victim.test';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };

/**
 * What mail clients turn into links in text: addresses with a scheme, "www." addresses, email addresses and bare host
 * names (Gmail and Outlook link "evil.test/claim" without "http://").
 */
const LINKABLE = /[\p{L}][\p{L}\p{N}+.-]*:\/\/\S+|www\.\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}\S*/gu;

/** Everything in an email a reader could click or that a client could turn into a link. */
function linksIn(email: Email): string[] {
  const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
  const text = `${email.subject}\n${email.text}\n${email.html.replace(/<[^>]*>/g, ' ')}`;
  return [...hrefs, ...[...text.matchAll(LINKABLE)].map((match) => match[0])];
}

function expectNoVisitorLink(email: Email) {
  for (const link of linksIn(email)) expect(link, `${email.template}: ${link}`).toMatch(/^(https:\/\/)?autobest\.example\b/);
  for (const part of [email.subject, email.text, email.html]) {
    expect(part).not.toMatch(/evil\.test|http:\/\/|:\/\/evil/);
  }
  for (const header of [email.subject, email.to]) expect(header).not.toMatch(/[\r\n]/);
  expect(email.subject).not.toMatch(/Click|prize|evil/);
}

function recordingMailer(): Mailer & { sent: Email[] } {
  const mailer = createMailer(undefined, 'AutoBest Africa <no-reply@autobest.africa>', pino({ level: 'silent' }));
  const sent: Email[] = [];
  return { transport: mailer.transport, sent, close: () => mailer.close(), send: (email) => (sent.push(email), mailer.send(email)) };
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('email_visitor_text');
});
afterAll(async () => {
  await testDb?.drop();
});

async function submitAndReview(kind: SubmissionKind, id: string, fullName: string) {
  const events = decideSubmission(
    {
      type: 'Submit',
      kind,
      data: {
        submissionId: id,
        submittedAt: '2026-11-22T09:00:00.000Z',
        personalInfo: { fullName, phoneNumber: PAYLOAD, email: PAYLOAD_EMAIL },
        vehicleInfo: { make: PAYLOAD, model: PAYLOAD, year: PAYLOAD, odometer: PAYLOAD, fuelType: 'petrol', transmission: 'automatic', vin: PAYLOAD, knownIssues: PAYLOAD, underFinance: false, askingPrice: PAYLOAD },
        photos: [],
      },
    },
    initialSubmissionState,
  );
  const stream = `${kind}-${id}`;
  await appendToStream(testDb.db, stream, 0, events, visitor);
  await appendToStream(testDb.db, stream, events.length, [
    { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: 'reviewed', changedAt: '2026-11-22T10:00:00.000Z' } },
    { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'reviewed', to: 'finalized', changedAt: '2026-11-22T11:00:00.000Z' } },
  ], staff);
}

async function receiveEnquiry(id: string, fullName: string) {
  const events = decideEnquiry(
    {
      type: 'ReceiveEnquiry',
      enquiryId: id,
      input: {
        kind: 'deal',
        fullName,
        phone: PAYLOAD,
        email: PAYLOAD_EMAIL,
        subject: PAYLOAD,
        message: `${PAYLOAD}\nor visit www.evil.test or write to prize@evil.test`,
        preferredDate: PAYLOAD,
        details: { [PAYLOAD]: PAYLOAD, vehicle: 'https://evil.test/car' },
        sourcePath: PAYLOAD,
      },
      now: new Date('2026-11-22T09:00:00Z'),
    },
    initialEnquiryState,
  );
  await appendToStream(testDb.db, enquiryStreamId(id), 0, events, visitor);
}

async function recordContactMessage(id: string) {
  const events = receiveContactMessage(
    id,
    { firstName: PAYLOAD, lastName: PAYLOAD, email: PAYLOAD_EMAIL, phone: PAYLOAD, message: `${PAYLOAD}\nor visit www.evil.test or write to prize@evil.test` },
    new Date('2026-11-22T09:00:00Z'),
  );
  await appendToStream(testDb.db, contactMessageStreamId(id), 0, events, visitor);
}

/** A reservation request of the attacker's for a vehicle of ours: the vehicle's name and id are our catalogue's. */
async function recordReservationRequest(reservationId: string) {
  const listed = listVehicle(sampleVenza, new Date('2026-11-01T00:00:00Z'));
  const requested = requestReservation(reservationId, listed, { name: PAYLOAD, phone: PAYLOAD, email: PAYLOAD_EMAIL }, new Date('2026-11-22T09:00:00Z'));
  await appendToStream(testDb.db, vehicleStreamId(sampleVenza.id), 0, listed, visitor);
  await appendToStream(testDb.db, reservationRequestStreamId(reservationId), 0, requested, visitor);
}

async function emailsOf(mailer: Mailer & { sent: Email[] }) {
  await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, 'AutoBest Africa <no-reply@autobest.africa>')]));
  await deliverDueEmails(testDb.db, mailer, statusTokens, pino({ level: 'silent' }));
  return mailer.sent;
}

describe('visitor text in emails', () => {
  it('the attacker payload in every field of a sell-car, a trade-in, an enquiry, a contact message and a reservation request makes no link, opens no email and stays out of every subject', async () => {
    await submitAndReview('sell-car', 'SC-1763802000000-EVIL01', PAYLOAD);
    await submitAndReview('trade-in', 'TI-1763802000000-EVIL02', PAYLOAD);
    await receiveEnquiry('7a4e1c2b-0000-4000-8000-0000000e0e01', PAYLOAD);
    await recordContactMessage('7a4e1c2b-0000-4000-8000-0000000c0e01');
    await recordReservationRequest('7a4e1c2b-0000-4000-8000-0000000a0e01');

    const sent = await emailsOf(recordingMailer());
    expect(sent.map((email) => email.template).sort()).toEqual(
      [
        'customer-confirmation', 'customer-confirmation', 'customer-enquiry-confirmation',
        'customer-status-finalized', 'customer-status-finalized', 'customer-status-reviewed', 'customer-status-reviewed',
        'staff-new-enquiry', 'staff-new-request', 'staff-new-request',
        'customer-contact-acknowledgement', 'staff-new-contact-message', 'customer-reservation-acknowledgement', 'staff-new-reservation',
      ].sort(),
    );
    for (const email of sent) {
      expectNoVisitorLink(email);
      if (email.template.startsWith('customer-')) {
        expect(email.text.split('\n')[0]).toBe('Hello,');
        expect(email.html).toMatch(/<body[^>]*><p>Hello,<\/p>/);
      }
    }

    // What the visitor wrote still reaches staff, readable and plainly theirs.
    const notice = sent.find((email) => email.template === 'staff-new-enquiry')!;
    expect(notice.text).toContain('Message: “Click http[:]//evil[.]test/claim to claim your prize\nor visit www[.]evil[.]test or write to prize@evil[.]test”');
    expect(notice.text).toContain('vehicle: https[:]//evil[.]test/car');
    expect(notice.html).toContain('Subject: “Click http[:]//evil[.]test/claim to claim your prize”');
    const confirmation = sent.find((email) => email.template === 'customer-enquiry-confirmation')!;
    expect(confirmation.text).toContain('We received your deal enquiry about “Click http[:]//evil[.]test/claim to claim your prize”');
    const contactNotice = sent.find((email) => email.template === 'staff-new-contact-message')!;
    expect(contactNotice.text).toContain('Message: “Click http[:]//evil[.]test/claim to claim your prize\nor visit www[.]evil[.]test or write to prize@evil[.]test”');
    expect(sent.find((email) => email.template === 'staff-new-reservation')!.text).toContain('Click http[:]//evil[.]test/claim to claim your prize asked to reserve the Toyota Venza');
  });

  it('greets by name only a name that passes the name rules', async () => {
    const names: Array<[string, string]> = [
      ['Ada Obi', 'Dear Ada Obi,'],
      ["Ngozi O'Neil-Eze", "Dear Ngozi O'Neil-Eze,"],
      ['محمد  الأمين', 'Dear محمد الأمين,'],
      ['Dr. Ama Mensah', 'Dear Dr. Ama Mensah,'],
      ['evil.test', 'Hello,'],
      ['Ada http://evil.test', 'Hello,'],
      ['Ada\r\nBcc: victim@example.ng', 'Hello,'],
      ['Call 0803 555 0142 now', 'Hello,'],
      ['Ada\u202Eevil', 'Hello,'],
      ['Your account is locked please reply today', 'Hello,'],
    ];
    for (const [index, [name]] of names.entries()) await receiveEnquiry(`7a4e1c2b-0000-4000-8000-0000000e1e${String(index).padStart(2, '0')}`, name);

    const sent = await emailsOf(recordingMailer());
    const greetings = sent.filter((email) => email.template === 'customer-enquiry-confirmation').map((email) => email.text.split('\n')[0]);
    expect(greetings).toEqual(names.map(([, greeting]) => greeting));
  });
});
