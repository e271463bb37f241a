import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { decideSubmission, initialSubmissionState, SUBMISSION_KINDS, type EventMetadata } from '@autobest/domain';
import { Projector } from '@autobest/projections';
import { createStatusTokens } from '@autobest/runtime';
import { createMailer } from '../src/emails/mailer';
import { createNotifier } from '../src/emails/notifier';
import { deliverDueEmails, startSmtpSink, type CapturedMail, type SmtpSink } from '../src/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'c', causationId: null, requestId: null };
const context = { publicUrl: 'https://autobest.example', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const statusTokens = createStatusTokens('a test secret of at least thirty-two characters');
const MAIL_FROM = 'AutoBest Africa <no-reply@autobest.africa>';
const silent = pino({ level: 'silent' });

let testDb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  testDb = await createTestDatabase('owner_language_notifier');
  sink = await startSmtpSink();
});
afterAll(async () => {
  await testDb?.drop();
  await sink?.close();
});

/** The sink decodes quoted-printable byte by byte; the bytes are UTF-8. */
const readable = (mail: CapturedMail) => Buffer.from(mail.body, 'latin1').toString('utf8');
const header = (mail: CapturedMail, name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(mail.raw)?.[1]?.trim() ?? null;

async function submit(kind: 'sell-car' | 'trade-in', id: string, language?: 'fr' | 'ar') {
  const events = decideSubmission(
    {
      type: 'Submit',
      kind,
      data: {
        submissionId: id,
        submittedAt: '2026-11-22T09:00:00.000Z',
        personalInfo: { fullName: 'Aïcha Diallo', phoneNumber: '+225 07 08 09 10 11', email: `${id.toLowerCase()}@example.ci` },
        vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' },
        photos: [],
        ...(language ? { language } : {}),
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, `${kind}-${id}`, 0, events, visitor);
}

async function sendAll() {
  await catchUpCompletely(new Projector(testDb.db, [createNotifier(context, MAIL_FROM)]));
  const mailer = createMailer(sink.url, MAIL_FROM, silent);
  await deliverDueEmails(testDb.db, mailer, statusTokens, silent);
  mailer.close();
}

const to = (address: string) => sink.received.filter((mail) => mail.to[0] === address);

describe('notifier, the owner\'s language', () => {
  it('answers a French sell-car request in French, Content-Language fr, with a status link that opens in French, and its status update in French; staff read English', async () => {
    const id = 'SC-1763802000000-FRANC1';
    const owner = `${id.toLowerCase()}@example.ci`;
    await submit('sell-car', id, 'fr');
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
    expect(readable(notice!)).toContain(`A new ${SUBMISSION_KINDS['sell-car'].name.toLowerCase()} request ${id} has arrived.`);
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
    await submit('trade-in', 'TI-1763802000000-ARAB01', 'ar');
    await submit('trade-in', 'TI-1763802000000-OLDEN1');
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
