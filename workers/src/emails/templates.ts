import {
  ENQUIRY_KIND_LABELS,
  formatMoney,
  greetingName,
  SUBMISSION_KINDS,
  type EnquiryReceived,
  type PersonalInfo,
  type SubmissionKind,
  type SubmissionState,
  type VehicleInfo,
} from '@autobest/domain';

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

/** The greeting that opens a customer's email: their name only if it passed the name rules (see greetingName). */
const greeting = (fullName: string) => {
  const name = greetingName(fullName);
  return name ? `Dear ${name},` : 'Hello,';
};


/** The console's show page of one record, as staff open it from an email. */
export const adminShowUrl = (context: EmailContext, resource: string, id: string) =>
  `${context.publicUrl.replace(/\/$/, '')}/admin/${resource}/${encodeURIComponent(id)}/show`;

/**
 * What a status link carries in place of its token in every email the outbox keeps: the notifier records emails with
 * it and the deliverer puts the request's token in as it sends them (see withStatusToken), so no table holds a token.
 */
export const WITHHELD_STATUS_TOKEN = '[redacted]';

/** Tokens are base64url (nothing to encode), so the withheld token reads as itself in the copy staff see. */
export const statusPageUrl = (context: EmailContext, kind: SubmissionKind, id: string, token: string) =>
  `${context.publicUrl.replace(/\/$/, '')}/${kind}-status/${encodeURIComponent(id)}?token=${token}`;

/** The email as it goes out: the request's status links carry its token. */
export const withStatusToken = (body: string, submissionId: string, token: string) =>
  body.replaceAll(`/${encodeURIComponent(submissionId)}?token=${WITHHELD_STATUS_TOKEN}`, `/${encodeURIComponent(submissionId)}?token=${token}`);

/** The email as it goes out: the set-password link carries its token (see @autobest/runtime staff/passwordLinks.ts). */
export const withPasswordLinkToken = (body: string, linkId: string, token: string) =>
  body.replaceAll(`/${linkId}?token=${WITHHELD_STATUS_TOKEN}`, `/${linkId}?token=${token}`);

/** `language` marks an email written in the reader's language (Arabic reads right to left). */
export function layout(paragraphs: string[], language?: { lang: string; dir: 'ltr' | 'rtl' }): string {
  const html = language ? `<html lang="${language.lang}" dir="${language.dir}">` : '<html>';
  return `<!doctype html>${html}<body style="font-family:Arial,sans-serif;color:#1b1f23">${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>AutoBest Africa</p></body></html>`;
}

/** Year, make and model as the owner typed them. */
const vehicleLine = (vehicle: VehicleInfo) => visitorText(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);

export function staffNotification(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, context: EmailContext): Email {
  const link = adminShowUrl(context, SUBMISSION_KINDS[kind].resource, id);
  const lines = [
    `A new ${SUBMISSION_KINDS[kind].name.toLowerCase()} request ${id} has arrived.`,
    `Customer: ${visitorText(person.fullName)}, ${visitorText(person.email)}, ${visitorText(person.phoneNumber)}`,
    `Vehicle: ${vehicleLine(vehicle)}, ${visitorText(vehicle.odometer)} km, ${vehicle.fuelType}, ${vehicle.transmission}`,
    `Asking price: ${vehicle.askingPrice === null ? 'not given' : visitorText(vehicle.askingPrice)}`,
  ];
  return {
    template: 'staff-new-request',
    to: context.staffEmail,
    subject: `New ${SUBMISSION_KINDS[kind].name} Request ${id}`,
    text: `${lines.join('\n')}\nReview it: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Review it in the console</a>`]),
  };
}

export function customerConfirmation(kind: SubmissionKind, id: string, person: PersonalInfo, vehicle: VehicleInfo, token: string, context: EmailContext): Email {
  const link = statusPageUrl(context, kind, id, token);
  const promise =
    kind === 'sell-car'
      ? 'Our team will contact you within 24-48 hours with an offer.'
      : "You'll receive an estimated trade-in value within 24-48 hours, subject to physical inspection.";
  const lines = [
    greeting(person.fullName),
    `Thank you for your ${SUBMISSION_KINDS[kind].name.toLowerCase()} request for your vehicle “${vehicleLine(vehicle)}”. Your reference is ${id}.`,
    promise,
    `Questions? Call us on ${context.contactPhone}.`,
  ];
  return {
    template: 'customer-confirmation',
    to: person.email,
    subject: `We received your ${SUBMISSION_KINDS[kind].name} request (${id})`,
    text: `${lines.join('\n')}\nFollow your request: ${link}\n`,
    html: layout([...lines.map(escapeHtml), `<a href="${escapeHtml(link)}">Follow your request</a>`]),
  };
}

/** The spec's wording for reviewed (arrange an inspection) and finalized (visit the dealership). */
export function customerStatusUpdate(kind: SubmissionKind, id: string, state: SubmissionState, token: string, context: EmailContext): Email | null {
  if (state.status === 'pending' || !state.personalInfo || !state.vehicleInfo) return null;
  const link = statusPageUrl(context, kind, id, token);
  const value = state.value ? formatMoney(state.value) : null;
  const valueName = SUBMISSION_KINDS[kind].valueLabel.toLowerCase();
  const lines =
    state.status === 'reviewed'
      ? [
          `Your ${SUBMISSION_KINDS[kind].name.toLowerCase()} request ${id} for your vehicle “${vehicleLine(state.vehicleInfo)}” has been reviewed.`,
          ...(value !== null ? [`Our ${valueName}: ${value}.`] : []),
          `Please contact us on ${context.contactPhone} to arrange an in-person inspection of your vehicle.`,
        ]
      : [
          `The offer for your ${SUBMISSION_KINDS[kind].name.toLowerCase()} request ${id} (“${vehicleLine(state.vehicleInfo)}”) is finalized.`,
          ...(value !== null ? [`Final value: ${value}.`] : []),
          `Please visit our dealership to complete the process. Call ${context.contactPhone} to choose a time.`,
        ];
  const all = [greeting(state.personalInfo.fullName), ...lines];
  return {
    template: `customer-status-${state.status}`,
    to: state.personalInfo.email,
    subject: state.status === 'reviewed' ? `Your ${SUBMISSION_KINDS[kind].name} request has been reviewed` : `Your ${SUBMISSION_KINDS[kind].name} offer is finalized`,
    text: `${all.join('\n')}\nFollow your request: ${link}\n`,
    html: layout([...all.map(escapeHtml), `<a href="${escapeHtml(link)}">Follow your request</a>`]),
  };
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

/** Only for a customer who gave an email address. */
export function customerEnquiryConfirmation(enquiry: EnquiryReceived['data'], context: EmailContext): Email | null {
  if (!enquiry.email) return null;
  const kind = ENQUIRY_KIND_LABELS[enquiry.kind].toLowerCase();
  // "Send me this quote": the buyer gets the calculation itself, line by line, as the vehicle page showed it.
  const quote =
    enquiry.kind === 'landed-cost-quote'
      ? [
          'Your quote:',
          ...Object.entries(enquiry.details ?? {})
            .filter(([name]) => name !== 'quoteId')
            .map(([name, value]) => `${visitorText(name)}: ${visitorText(String(value))}`),
          'This is an estimate: the final duties and taxes are set by the customs assessment.',
        ]
      : [];
  const lines = [
    greeting(enquiry.fullName),
    `We received your ${kind} enquiry about ${quoted(enquiry.subject)}; our team will contact you within 24 hours.`,
    ...quote,
    `Questions? Call us on ${context.contactPhone}.`,
  ];
  return {
    template: 'customer-enquiry-confirmation',
    to: enquiry.email,
    subject: `We received your ${kind} enquiry`,
    text: `${lines.join('\n')}\n`,
    html: layout(lines.map(escapeHtml)),
  };
}
