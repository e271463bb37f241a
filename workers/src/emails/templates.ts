import {
  ENQUIRY_KIND_LABELS,
  formatPlain,
  greetingName,
  languageOf,
  SITE_LANGUAGE_NAMES,
  SUBMISSION_KINDS,
  toMajor,
  type EnquiryReceived,
  type PersonalInfo,
  type SiteLanguage,
  type SubmissionKind,
  type SubmissionState,
  type VehicleInfo,
} from '@autobest/domain';
import { PUBLIC_WORDING } from './publicWording';

export interface Email {
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface EmailContext {
  publicUrl: string;
  staffEmail: string;
  contactPhone: string;
}

/** What one event makes the notifier send: a planner's answer (see notifier.ts and followUpEmails.ts). */
export interface PlannedEmails {
  emails: Email[];
  /** The request or enquiry the emails are about, kept with each email. */
  relatedId: string;
  /** The request whose status token the deliverer puts into the emails' status links (written with the placeholder). */
  statusTokenFor?: string;
  /** The set-password link whose token the deliverer puts into the email's link (written with the placeholder). */
  passwordLinkFor?: string;
}

/** Owners type these fields: every one is escaped before it goes into HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Control characters, bidirectional overrides (they make text read in another order than it is written) and
 * invisible characters with no use in a name or a message (they could split a word to slip it past the rules below).
 */
const INVISIBLE = /(?![\t\n\r])\p{Cc}|[\u00AD\u200B\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
/** A colon right after a letter and before something else: every scheme (http:, mailto:, javascript:...). */
const SCHEME_COLON = /(?<=\p{L})[:：](?=\S)/gu;
/** A dot (or a look-alike) before a letter: every host name and email domain ends so. */
const HOST_DOT = /[.。．｡](?=\p{L})/gu;
/** Dotted-quad addresses have no letters after their dots. */
const IP_ADDRESS = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;

/**
 * What a visitor typed, as an email shows it: never a link. Mail clients turn what looks like a web or email address
 * into one, with or without "http://", so scheme colons and host dots are bracketed, the way security teams write
 * addresses that must not work ("defanged"): "http://evil.test/claim" reads "http[:]//evil[.]test/claim". Chosen over
 * "hxxp://" (which leaves "evil.test/claim" for clients that link bare host names) and over an invisible zero-width
 * break (clients differ in whether it stops a link, and copying the text copies a working address): brackets are
 * visible, survive the plain-text part and copying, and no client links across them. Line breaks become spaces
 * unless the text is a message.
 */
export function visitorText(text: string, { multiline = false } = {}): string {
  const cleaned = text
    .replace(INVISIBLE, '')
    .replace(SCHEME_COLON, '[:]')
    .replace(HOST_DOT, '[.]')
    .replace(IP_ADDRESS, (address) => address.replaceAll('.', '[.]'));
  // One line, so it cannot break a sentence or pose as a line of ours.
  return multiline ? cleaned.trim() : cleaned.replace(/\s+/g, ' ').trim();
}

/** Visitor prose inside our own sentence, plainly marked as theirs. */
export const quoted = (text: string, options?: { multiline?: boolean }) => `“${visitorText(text, options)}”`;

/** The greeting that opens an email to a member of the public: their name only if it passed the name rules (see greetingName). */
export const greetingIn = (language: SiteLanguage, fullName: string) => {
  const name = greetingName(fullName);
  return name ? PUBLIC_WORDING[language].dear(name) : PUBLIC_WORDING[language].hello;
};

/** The console's show page of one record, as staff open it from an email. */
export const adminShowUrl = (context: EmailContext, resource: string, id: string) =>
  `${context.publicUrl.replace(/\/$/, '')}/admin/${resource}/${encodeURIComponent(id)}/show`;

/**
 * What a status link carries in place of its token in every email the outbox keeps: the notifier records emails with
 * it and the deliverer puts the request's token in as it sends them (see withStatusToken), so no table holds a token.
 */
export const WITHHELD_STATUS_TOKEN = '[redacted]';

/**
 * Tokens are base64url (nothing to encode), so the withheld token reads as itself in the copy staff see. `lang` opens
 * the page in the owner's language (the storefront takes it as their choice), after the token so withStatusToken finds it.
 */
export const statusPageUrl = (context: EmailContext, kind: SubmissionKind, id: string, token: string, language: SiteLanguage) =>
  `${context.publicUrl.replace(/\/$/, '')}/${kind}-status/${encodeURIComponent(id)}?token=${token}&lang=${language}`;

/** The email as it goes out: the request's status links carry its token. */
export const withStatusToken = (body: string, submissionId: string, token: string) =>
  body.replaceAll(`/${encodeURIComponent(submissionId)}?token=${WITHHELD_STATUS_TOKEN}`, `/${encodeURIComponent(submissionId)}?token=${token}`);

/** The email as it goes out: the set-password link carries its token (see @autobest/runtime staff/passwordLinks.ts). */
export const withPasswordLinkToken = (body: string, linkId: string, token: string) =>
  body.replaceAll(`/${linkId}?token=${WITHHELD_STATUS_TOKEN}`, `/${linkId}?token=${token}`);

const DOCUMENT_START = /^<!doctype html><html lang="([a-z]{2})"/;

/** The HTML part, marked with the language it is written in (Arabic reads right to left); staff read English. */
export function layout(paragraphs: string[], language: SiteLanguage = 'en'): string {
  const html = `<html lang="${language}" dir="${PUBLIC_WORDING[language].dir}">`;
  return `<!doctype html>${html}<body style="font-family:Arial,sans-serif;color:#1b1f23">${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>AutoBest Africa</p></body></html>`;
}

/**
 * The language an email is written in, as its HTML part declares it (layout): the mailer's Content-Language. Read from
 * the email itself, so every email the outbox keeps says it, old rows included, with no column to keep in step.
 */
export const contentLanguageOf = (html: string): string | undefined => DOCUMENT_START.exec(html)?.[1];

/** An email to a member of the public, in their language: one paragraph per line, escaped in HTML, and a link last. */
export function publicEmail(template: string, to: string, language: SiteLanguage, subject: string, lines: string[], link?: { url: string; label: string }): Email {
  return {
    template,
    to,
    subject,
    text: `${lines.join('\n')}\n${link ? `${link.label}: ${link.url}\n` : ''}`,
    html: layout([...lines.map(escapeHtml), ...(link ? [`<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`] : [])], language),
  };
}

/** An amount in a sentence of the reader's language (French writes 4 500 000 ₦). */
const amountIn = (language: SiteLanguage, value: SubmissionState['value']) => (value ? formatPlain(toMajor(value), value.currency, language) : null);

/** Year, make and model as the owner typed them. */
const vehicleLine = (vehicle: VehicleInfo) => visitorText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);

export function staffNotification(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, language: SiteLanguage, context: EmailContext): Email {
  const link = adminShowUrl(context, SUBMISSION_KINDS[kind].resource, id);
  const lines = [
    `A new ${SUBMISSION_KINDS[kind].name.toLowerCase()} request ${id} has arrived.`,
    `Customer: ${visitorText(person.fullName)}, ${visitorText(person.email)}, ${visitorText(person.phoneNumber)}`,
    `Vehicle: ${vehicleLine(vehicle)}, ${visitorText(vehicle.odometer)} km, ${vehicle.fuelType}, ${vehicle.transmission}`,
    `Asking price: ${vehicle.askingPrice === null ? 'not given' : visitorText(vehicle.askingPrice)}`,
    `Language on the site: ${SITE_LANGUAGE_NAMES[language]} (the owner's emails are in it)`,
  ];
  return {
    template: 'staff-new-request',
    to: context.staffEmail,
    subject: `New ${SUBMISSION_KINDS[kind].name} Request ${id}`,
    text: `${lines.join('\n')}\nReview it: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Review it in the console</a>`]),
  };
}

export function customerConfirmation(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, language: SiteLanguage, token: string, context: EmailContext): Email {
  const words = PUBLIC_WORDING[language];
  return publicEmail(
    'customer-confirmation',
    person.email,
    language,
    words.submission.confirmationSubject(kind, id),
    [
      greetingIn(language, person.fullName),
      `${words.submission.thanks(kind, vehicleLine(vehicle))} ${words.reference(id)}`,
      words.submission.promise[kind],
      words.questions(context.contactPhone),
    ],
    { url: statusPageUrl(context, kind, id, token, language), label: words.submission.follow },
  );
}

/** The spec's wording for reviewed (arrange an inspection) and finalized (visit the dealership), in the owner's language. */
export function customerStatusUpdate(kind: SubmissionKind, id: string, state: SubmissionState, token: string, context: EmailContext): Email | null {
  if (state.status === 'pending' || !state.personalInfo || !state.vehicleInfo) return null;
  const { language } = state;
  const words = PUBLIC_WORDING[language].submission;
  const vehicle = vehicleLine(state.vehicleInfo);
  const value = amountIn(language, state.value);
  const lines =
    state.status === 'reviewed'
      ? [words.reviewed(kind, id, vehicle), ...(value !== null ? [words.value(kind, value)] : []), words.inspection(context.contactPhone)]
      : [words.finalized(kind, id, vehicle), ...(value !== null ? [words.finalValue(value)] : []), words.visit(context.contactPhone)];
  return publicEmail(
    `customer-status-${state.status}`,
    state.personalInfo.email,
    language,
    state.status === 'reviewed' ? words.reviewedSubject(kind) : words.finalizedSubject(kind),
    [greetingIn(language, state.personalInfo.fullName), ...lines],
    { url: statusPageUrl(context, kind, id, token, language), label: words.follow },
  );
}

export function staffEnquiryNotification(enquiry: EnquiryReceived['data'], context: EmailContext): Email {
  const link = adminShowUrl(context, 'enquiries', enquiry.enquiryId);
  const kind = ENQUIRY_KIND_LABELS[enquiry.kind];
  const lines = [
    `A new ${kind.toLowerCase()} enquiry ${enquiry.enquiryId} has arrived.`,
    `Received: ${enquiry.receivedAt}`,
    `Kind: ${kind}`,
    `Subject: ${quoted(enquiry.subject)}`,
    `Name: ${visitorText(enquiry.fullName)}`,
    `Phone: ${visitorText(enquiry.phone)}`,
    `Email: ${enquiry.email ? visitorText(enquiry.email) : 'not given'}`,
    `Preferred date: ${enquiry.preferredDate ? visitorText(enquiry.preferredDate) : 'not given'}`,
    `Message: ${enquiry.message ? quoted(enquiry.message, { multiline: true }) : 'none'}`,
    ...Object.entries(enquiry.details ?? {}).map(([name, value]) => `${visitorText(name)}: ${visitorText(String(value))}`),
    `Sent from: ${enquiry.sourcePath ? visitorText(enquiry.sourcePath) : 'not given'}`,
  ];
  return {
    template: 'staff-new-enquiry',
    to: context.staffEmail,
    subject: `New ${kind} enquiry ${enquiry.enquiryId}`,
    text: `${lines.join('\n')}\nWork it in the console: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Work it in the console</a>`]),
  };
}

/** Only for a customer who gave an email address; in the language they used on the site. */
export function customerEnquiryConfirmation(enquiry: EnquiryReceived['data'], context: EmailContext): Email | null {
  if (!enquiry.email) return null;
  const language = languageOf(enquiry);
  const words = PUBLIC_WORDING[language];
  const name = words.enquiry.name[enquiry.kind];
  // "Send me this quote": the buyer gets the calculation itself, line by line, as the vehicle page showed it.
  const quote =
    enquiry.kind === 'landed-cost-quote'
      ? [
          words.enquiry.quoteHeading,
          ...Object.entries(enquiry.details ?? {})
            .filter(([detail]) => detail !== 'quoteId')
            .map(([detail, value]) => `${visitorText(detail)}: ${visitorText(String(value))}`),
          words.enquiry.quoteCaveat,
        ]
      : [];
  return publicEmail('customer-enquiry-confirmation', enquiry.email, language, words.enquiry.subject(name), [
    greetingIn(language, enquiry.fullName),
    words.enquiry.received(name, words.quote(visitorText(enquiry.subject))),
    ...quote,
    words.questions(context.contactPhone),
  ]);
}
