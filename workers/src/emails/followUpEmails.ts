import { parseStoredEvent, type StoredEvent } from '@autobest/db';
import {
  ContactMessageEventSchema,
  languageOf,
  ReservationRequestEventSchema,
  SITE_LANGUAGE_NAMES,
  type ContactMessageReceived,
  type ReservationRequested,
  type SiteLanguage,
} from '@autobest/domain';
import { PUBLIC_WORDING, type PublicWording } from './publicWording';
import { adminShowUrl, escapeHtml, greetingIn, layout, publicEmail, quoted, visitorText, type Email, type EmailContext, type PlannedEmails } from './templates';

/*
 * Contact messages and reservation requests: staff are told who asked about what, with a link to follow it up in the
 * console (in English, the staff's language), and the person gets an acknowledgement in the language they used on the
 * site. Pure functions of the stored event, like every planner the notifier calls.
 */

/** A staff notice: lines of English text, the plain part one per line, the HTML part escaped. */
export function staffEmail(template: string, to: string, subject: string, lines: string[]): Email {
  return { template, to, subject, text: `${lines.join('\n')}\n`, html: layout(lines.map(escapeHtml)) };
}

/**
 * An acknowledgement in the language the person used: their greeting, then what `compose` says in that language's
 * words. Our words only, besides a greeting that passed the name rules: what the visitor wrote is not sent back.
 */
function acknowledgementIn(
  template: string,
  to: string,
  request: { language?: SiteLanguage | undefined },
  fullName: string,
  compose: (words: PublicWording) => { subject: string; lines: string[] },
): Email {
  const language = languageOf(request);
  const { subject, lines } = compose(PUBLIC_WORDING[language]);
  return publicEmail(template, to, language, subject, [greetingIn(language, fullName), ...lines]);
}

export const vehiclePageUrl = (context: EmailContext, vehicleId: string) => `${context.publicUrl.replace(/\/$/, '')}/vehicle/${encodeURIComponent(vehicleId)}`;

export function staffContactNotice(message: ContactMessageReceived['data'], context: EmailContext): Email {
  const name = visitorText(`${message.firstName} ${message.lastName}`);
  return staffEmail('staff-new-contact-message', context.staffEmail, `New contact message ${message.contactMessageId}`, [
    `${name} sent a message from the contact page.`,
    `Received: ${message.receivedAt}`,
    `Email: ${visitorText(message.email)}`,
    `Phone: ${visitorText(message.phone)}`,
    `Language on the site: ${SITE_LANGUAGE_NAMES[languageOf(message)]}`,
    `Message: ${quoted(message.message, { multiline: true })}`,
    `Follow it up in the console (the contact page promises an answer within 24 hours): ${adminShowUrl(context, 'contact-messages', message.contactMessageId)}`,
  ]);
}

export function contactAcknowledgement(message: ContactMessageReceived['data'], context: EmailContext): Email {
  return acknowledgementIn('customer-contact-acknowledgement', message.email, message, `${message.firstName} ${message.lastName}`, (words) => ({
    subject: words.contact.subject,
    lines: [words.contact.thanks, words.reference(message.contactMessageId), words.questions(context.contactPhone)],
  }));
}

/** The vehicle as the buyer saw it; older requests did not record its name. */
export const vehicleNameOf = (request: ReservationRequested['data']) => request.vehicleName ?? request.vehicleId;

export function staffReservationNotice(request: ReservationRequested['data'], context: EmailContext): Email {
  const vehicle = vehicleNameOf(request);
  return staffEmail('staff-new-reservation', context.staffEmail, `New reservation request ${request.reservationId}: ${vehicle}`, [
    `${visitorText(request.name)} asked to reserve the ${vehicle} (${request.vehicleId}).`,
    `Requested: ${request.requestedAt}`,
    `Phone: ${visitorText(request.phone)}`,
    `Email: ${request.email ? visitorText(request.email) : 'not given'}`,
    `Language on the site: ${SITE_LANGUAGE_NAMES[languageOf(request)]}`,
    `Vehicle page: ${vehiclePageUrl(context, request.vehicleId)}`,
    `Call the buyer and follow it up in the console: ${adminShowUrl(context, 'reservation-requests', request.reservationId)}`,
  ]);
}

/** Only for a buyer who gave an email address. */
export function reservationAcknowledgement(request: ReservationRequested['data'], context: EmailContext): Email | null {
  if (!request.email) return null;
  return acknowledgementIn('customer-reservation-acknowledgement', request.email, request, request.name, (words) => ({
    subject: words.reservation.subject,
    lines: [
      words.reservation.thanks(vehicleNameOf(request), visitorText(request.phone)),
      words.reservation.holds,
      words.reference(request.reservationId),
      words.reservation.vehiclePage(vehiclePageUrl(context, request.vehicleId)),
      words.questions(context.contactPhone),
    ],
  }));
}

/** The notifier's planner for contact messages: a staff notice and the sender's acknowledgement, once, on arrival. */
export function contactMessageEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  const event = parseStoredEvent(ContactMessageEventSchema, stored);
  if (event.type !== 'ContactMessageReceived') return null;
  return { emails: [staffContactNotice(event.data, context), contactAcknowledgement(event.data, context)], relatedId: event.data.contactMessageId };
}

/** The notifier's planner for reservation requests: a staff notice, and an acknowledgement to a buyer who gave an email. */
export function reservationEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  // In a stream of its own, or on its vehicle's where an earlier version kept it: the same event.
  const event = parseStoredEvent(ReservationRequestEventSchema, stored);
  if (event.type !== 'ReservationRequested') return null;
  const acknowledgement = reservationAcknowledgement(event.data, context);
  return { emails: [staffReservationNotice(event.data, context), ...(acknowledgement ? [acknowledgement] : [])], relatedId: event.data.reservationId };
}
