import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_KINDS,
  foldSubmission,
  SITE_LANGUAGES,
  type ContactMessageReceived,
  type EnquiryReceived,
  type ReservationRequested,
  type SiteLanguage,
  type SubmissionEvent,
  type SubmissionKind,
} from '@autobest/domain';
import { handoffAcknowledgement } from '../src/emails/conversationEmails';
import { contactAcknowledgement, reservationAcknowledgement } from '../src/emails/followUpEmails';
import { PUBLIC_WORDING } from '../src/emails/publicWording';
import { contentLanguageOf, customerConfirmation, customerEnquiryConfirmation, customerStatusUpdate, staffNotification, type Email } from '../src/emails/templates';

/*
 * Every email a member of the public gets, written in every language of the site. A language left out of a template is
 * a type error (Record<SiteLanguage, ...>); these tests catch what the types cannot: an empty sentence, or a sentence
 * left in English (copied over, or a fallback) in another language.
 */

const context = { publicUrl: 'https://autobest.example/', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const person = { fullName: 'Aïcha Diallo', phoneNumber: '+225 07 08 09 10 11', email: 'aicha@example.ci' };
const vehicle = { make: 'Toyota', model: 'Camry', year: '2019', odometer: '60000', fuelType: 'petrol', transmission: 'automatic', vin: null, knownIssues: null, underFinance: false, askingPrice: '9000000' };
const token = '[redacted]';

function submissionState(kind: SubmissionKind, id: string, language: SiteLanguage, status: 'reviewed' | 'finalized', valued: boolean) {
  const events: SubmissionEvent[] = [
    { type: kind === 'sell-car' ? 'SellCarSubmitted' : 'TradeInSubmitted', data: { submissionId: id, submittedAt: '2026-11-22T09:00:00.000Z', personalInfo: person, vehicleInfo: vehicle, photos: [], language } },
    ...(valued
      ? [
          kind === 'sell-car'
            ? ({ type: 'SubmissionOfferedValueSet', data: { submissionId: id, offeredValue: { amountMinor: 450_000_000, currency: 'NGN' }, setAt: '2026-11-22T09:30:00.000Z' } } as const)
            : ({ type: 'SubmissionEstimatedValueSet', data: { submissionId: id, estimatedValue: { amountMinor: 450_000_050, currency: 'NGN' }, setAt: '2026-11-22T09:30:00.000Z' } } as const),
        ]
      : []),
    { type: 'SubmissionStatusChanged', data: { submissionId: id, from: 'pending', to: status, changedAt: '2026-11-22T10:00:00.000Z' } },
  ];
  return foldSubmission(events);
}

const enquiry = (kind: (typeof ENQUIRY_KINDS)[number], language: SiteLanguage): EnquiryReceived['data'] => ({
  enquiryId: '7a4e1c2b-0000-4000-8000-00000000e001',
  receivedAt: '2026-11-22T09:00:00.000Z',
  kind,
  fullName: 'Aïcha Diallo',
  phone: '+225 07 08 09 10 11',
  email: 'aicha@example.ci',
  subject: 'Toyota Hilux',
  ...(kind === 'landed-cost-quote' ? { details: { quoteId: 'q1', total: '₦12,000,000', duty: 'Import duty: ₦3,000,000' } } : {}),
  language,
});

const contactMessage = (language: SiteLanguage): ContactMessageReceived['data'] => ({
  contactMessageId: '3f1b2c4d-0000-4000-8000-0000000c0001',
  receivedAt: '2026-11-22T09:00:00.000Z',
  firstName: 'Aïcha',
  lastName: 'Diallo',
  email: 'aicha@example.ci',
  phone: '+225 07 08 09 10 11',
  message: 'Bonjour',
  language,
});

const reservation = (language: SiteLanguage): ReservationRequested['data'] => ({
  reservationId: '3f1b2c4d-0000-4000-8000-0000000e0001',
  vehicleId: 'toyota-venza-2021',
  vehicleName: '2021 Toyota Venza',
  name: 'Aïcha Diallo',
  phone: '+225 07 08 09 10 11',
  email: 'aicha@example.ci',
  requestedAt: '2026-11-22T09:00:00.000Z',
  language,
});

/** Every public email, by a name for the test's messages, in one language. */
function publicEmailsIn(language: SiteLanguage): Record<string, Email> {
  const emails: Record<string, Email> = {};
  for (const kind of ['sell-car', 'trade-in'] as const) {
    const id = kind === 'sell-car' ? 'SC-1763802000000-LANG01' : 'TI-1763802000000-LANG01';
    emails[`${kind} confirmation`] = customerConfirmation(kind, id, person, vehicle, language, token, context);
    for (const status of ['reviewed', 'finalized'] as const) {
      for (const valued of [true, false]) {
        emails[`${kind} ${status}${valued ? ' with its value' : ''}`] = customerStatusUpdate(kind, id, submissionState(kind, id, language, status, valued), token, context)!;
      }
    }
  }
  for (const kind of ENQUIRY_KINDS) emails[`${kind} enquiry confirmation`] = customerEnquiryConfirmation(enquiry(kind, language), context)!;
  emails['contact acknowledgement'] = contactAcknowledgement(contactMessage(language), context);
  emails['reservation acknowledgement'] = reservationAcknowledgement(reservation(language), context)!;
  emails['Tara hand-off acknowledgement'] = handoffAcknowledgement(
    { conversationId: '5b1c0000-0000-4000-8000-00000000a001', name: 'Aïcha Diallo', email: 'aicha@example.ci', handedOffAt: '2026-11-22T09:00:00.000Z' },
    language,
    context,
  )!;
  return emails;
}

/** What the person typed or the server computed (the quote's lines), which reads the same in every language. */
const THEIRS = new Set(['duty: Import duty: ₦3,000,000', 'total: ₦12,000,000']);
const ourLines = (email: Email) => email.text.split('\n').filter((line) => !THEIRS.has(line));

const english = publicEmailsIn('en');

describe('public emails, in every language of the site', () => {
  it.each(SITE_LANGUAGES)('in %s: every template is there, marked with its language, and no sentence is empty', (language) => {
    const emails = publicEmailsIn(language);
    expect(Object.keys(emails)).toEqual(Object.keys(english));
    for (const [name, email] of Object.entries(emails)) {
      expect(email, name).toBeTruthy();
      expect(email.subject.trim(), name).not.toBe('');
      expect(contentLanguageOf(email.html), name).toBe(language);
      expect(email.html, name).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      const lines = ourLines(email);
      // One line per sentence and a final line break: only the last split piece is empty.
      expect(lines.slice(0, -1).every((line) => line.trim() !== '' && !line.includes('undefined')), `${name}: ${email.text}`).toBe(true);
    }
  });

  it.each(SITE_LANGUAGES.filter((language) => language !== 'en'))('in %s: no subject, sentence or link is left in English', (language) => {
    const emails = publicEmailsIn(language);
    for (const [name, email] of Object.entries(emails)) {
      const englishEmail = english[name]!;
      expect(email.subject, name).not.toBe(englishEmail.subject);
      const englishLines = new Set(ourLines(englishEmail).filter((line) => line !== ''));
      for (const line of ourLines(email)) expect(englishLines.has(line), `${name} (${language}) keeps the English line “${line}”`).toBe(false);
    }
  });

  it.each(SITE_LANGUAGES.filter((language) => language !== 'en'))('in %s: every plain sentence of the wording table is written, and not the English one', (language) => {
    const walk = (ours: unknown, theirs: unknown, path: string) => {
      if (typeof ours === 'string') {
        expect(ours.trim(), path).not.toBe('');
        if (path !== 'dir') expect(ours, path).not.toBe(theirs);
      } else if (ours && typeof ours === 'object') {
        expect(Object.keys(ours).sort(), path).toEqual(Object.keys(theirs as object).sort());
        for (const [key, value] of Object.entries(ours)) walk(value, (theirs as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      } else {
        expect(typeof ours, path).toBe('function');
      }
    };
    walk(PUBLIC_WORDING[language], PUBLIC_WORDING.en, '');
  });

  it('writes a French owner in French: the spec wording, the amount as French writes it, the status page in French', () => {
    const emails = publicEmailsIn('fr');
    const confirmation = emails['sell-car confirmation']!;
    expect(confirmation.subject).toBe('Nous avons bien reçu votre demande de vente (SC-1763802000000-LANG01)');
    expect(confirmation.text).toContain('Notre équipe vous contactera sous 24 à 48 heures avec une offre.');
    expect(confirmation.text).toContain(`Suivre votre demande: https://autobest.example/sell-car-status/SC-1763802000000-LANG01?token=${token}&lang=fr`);
    const reviewed = emails['sell-car reviewed with its value']!;
    expect(reviewed.subject).toBe('Votre demande de vente a été examinée');
    expect(reviewed.text).toContain('Notre offre : 4\u202f500\u202f000\u00a0₦.');
    expect(emails['trade-in finalized with its value']!.text).toContain('Valeur finale : 4\u202f500\u202f000,50\u00a0₦.');
    expect(emails['trade-in confirmation']!.text).toContain('sous réserve d’une inspection sur place');
  });

  it('writes Arabic right to left, and keeps English where it was', () => {
    expect(publicEmailsIn('ar')['trade-in reviewed']!.html).toContain('<html lang="ar" dir="rtl">');
    // English stays word for word what it was before the other languages came.
    expect(english['sell-car reviewed with its value']!.text).toContain('Our offered value: ₦4,500,000.');
    expect(english['sell-car confirmation']!.subject).toBe('We received your Sell Car request (SC-1763802000000-LANG01)');
    expect(english['trade-in finalized']!.subject).toBe('Your Trade-In offer is finalized');
  });

  it('tells staff, in English, which language the owner used', () => {
    const notice = staffNotification('sell-car', 'SC-1763802000000-LANG01', person, vehicle, 'sw', context);
    expect(notice.text).toContain("Language on the site: Swahili (the owner's emails are in it)");
    expect(contentLanguageOf(notice.html)).toBe('en');
  });
});
