import { parseStoredEvent, type StoredEvent } from '@autobest/db';
import {
  ContactMessageEventSchema,
  greetingName,
  languageOf,
  ReservationRequestEventSchema,
  SITE_LANGUAGE_NAMES,
  type ContactMessageReceived,
  type ReservationRequested,
  type SiteLanguage,
} from '@autobest/domain';
import { adminShowUrl, escapeHtml, layout, quoted, visitorText, type Email, type EmailContext, type PlannedEmails } from './templates';

/*
 * Contact messages and reservation requests: staff are told who asked about what, with a link to follow it up in the
 * console (in English, the staff's language), and the person gets an acknowledgement in the language they used on the
 * site. Pure functions of the stored event, like every planner the notifier calls.
 */

/** What an acknowledgement says, in each language of the site; `{...}` are filled in by us, never by the visitor. */
interface Acknowledgements {
  /** The greeting when the name passes the name rules (greetingName), and without a name. */
  dear(name: string): string;
  hello: string;
  reference(id: string): string;
  /** The spec's support hours, as the contact page gives them. */
  questions(phone: string): string;
  contact: { subject: string; thanks: string };
  reservation: {
    subject: string;
    /** The storefront's own promise after 'Reserve Now'. */
    thanks(vehicle: string, phone: string): string;
    /** The terms' reservations paragraph, in their words. */
    holds: string;
    vehiclePage(url: string): string;
  };
  dir: 'ltr' | 'rtl';
}

const ACKNOWLEDGEMENTS: Record<SiteLanguage, Acknowledgements> = {
  en: {
    dear: (name) => `Dear ${name},`,
    hello: 'Hello,',
    reference: (id) => `Your reference is ${id}.`,
    questions: (phone) => `Questions? Call us on ${phone}, Mon-Sat, 8AM-6PM (WAT).`,
    contact: {
      subject: 'We received your message',
      thanks: 'Thank you! Your message has been sent. Our team will get back to you within 24 hours.',
    },
    reservation: {
      subject: 'We received your reservation request',
      thanks: (vehicle, phone) => `Thank you for asking to reserve the ${vehicle}. Our sales team will call you on ${phone} to confirm your reservation.`,
      holds: 'A reservation holds the vehicle for you for 7 days, or for the time agreed in writing, while we prepare the inspection and paperwork. The reservation amount is part of the price.',
      vehiclePage: (url) => `The vehicle: ${url}`,
    },
    dir: 'ltr',
  },
  fr: {
    dear: (name) => `Bonjour ${name},`,
    hello: 'Bonjour,',
    reference: (id) => `Votre référence : ${id}.`,
    questions: (phone) => `Des questions ? Appelez-nous au ${phone}, du lundi au samedi, de 8 h à 18 h (WAT).`,
    contact: {
      subject: 'Nous avons bien reçu votre message',
      thanks: 'Merci ! Votre message a bien été envoyé. Notre équipe vous répondra sous 24 heures.',
    },
    reservation: {
      subject: 'Nous avons bien reçu votre demande de réservation',
      thanks: (vehicle, phone) => `Merci d’avoir demandé à réserver le véhicule ${vehicle}. Notre équipe commerciale vous appellera au ${phone} pour confirmer votre réservation.`,
      holds: 'La réservation bloque le véhicule pour vous pendant 7 jours, ou pendant la durée convenue par écrit, le temps de préparer l’inspection et les papiers. Le montant de la réservation fait partie du prix.',
      vehiclePage: (url) => `Le véhicule : ${url}`,
    },
    dir: 'ltr',
  },
  ar: {
    dear: (name) => `مرحبًا ${name}،`,
    hello: 'مرحبًا،',
    reference: (id) => `رقمك المرجعي: ${id}`,
    questions: (phone) => `لديك أسئلة؟ اتصل بنا على ${phone}، من الاثنين إلى السبت، من 8 صباحًا حتى 6 مساءً (بتوقيت غرب أفريقيا).`,
    contact: {
      subject: 'تلقّينا رسالتك',
      thanks: 'شكرًا لك! تم إرسال رسالتك. سيرد عليك فريقنا خلال 24 ساعة.',
    },
    reservation: {
      subject: 'تلقّينا طلب الحجز الخاص بك',
      thanks: (vehicle, phone) => `شكرًا لطلبك حجز ${vehicle}. سيتصل بك فريق المبيعات على الرقم ${phone} لتأكيد حجزك.`,
      holds: 'يُبقي الحجز السيارة لك مدة 7 أيام، أو المدة المتفق عليها كتابةً، ريثما نُعدّ الفحص والأوراق. ومبلغ الحجز جزء من الثمن.',
      vehiclePage: (url) => `المركبة: ${url}`,
    },
    dir: 'rtl',
  },
  sw: {
    dear: (name) => `Habari ${name},`,
    hello: 'Habari,',
    reference: (id) => `Nambari yako ya kumbukumbu ni ${id}.`,
    questions: (phone) => `Una maswali? Tupigie simu kwa ${phone}, Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni (WAT).`,
    contact: {
      subject: 'Tumepokea ujumbe wako',
      thanks: 'Asante! Ujumbe wako umetumwa. Timu yetu itakujibu ndani ya saa 24.',
    },
    reservation: {
      subject: 'Tumepokea ombi lako la kuhifadhi gari',
      thanks: (vehicle, phone) => `Asante kwa kuomba kuhifadhi ${vehicle}. Timu yetu ya mauzo itakupigia kwa ${phone} kuthibitisha uhifadhi wako.`,
      holds: 'Uhifadhi unalishikilia gari kwa ajili yako kwa siku 7, au kwa muda uliokubaliwa kwa maandishi, wakati tunaandaa ukaguzi na makaratasi. Kiasi cha kuhifadhi ni sehemu ya bei.',
      vehiclePage: (url) => `Gari: ${url}`,
    },
    dir: 'ltr',
  },
};

/** An acknowledgement's opening: the person's name only if it passed the name rules (see greetingName). */
const greetingIn = (words: Acknowledgements, fullName: string) => {
  const name = greetingName(fullName);
  return name ? words.dear(name) : words.hello;
};

/** Lines of text as an email: the plain part one per line, the HTML part escaped, in the reader's language. */
function email(template: string, to: string, subject: string, lines: string[], language?: SiteLanguage): Email {
  return {
    template,
    to,
    subject,
    text: `${lines.join('\n')}\n`,
    html: layout(lines.map(escapeHtml), language ? { lang: language, dir: ACKNOWLEDGEMENTS[language].dir } : undefined),
  };
}

const vehiclePageUrl = (context: EmailContext, vehicleId: string) => `${context.publicUrl.replace(/\/$/, '')}/vehicle/${encodeURIComponent(vehicleId)}`;

export function staffContactNotice(message: ContactMessageReceived['data'], context: EmailContext): Email {
  const name = visitorText(`${message.firstName} ${message.lastName}`);
  return email('staff-new-contact-message', context.staffEmail, `New contact message ${message.contactMessageId}`, [
    `${name} sent a message from the contact page.`,
    `Received: ${message.receivedAt}`,
    `Email: ${visitorText(message.email)}`,
    `Phone: ${visitorText(message.phone)}`,
    `Language on the site: ${SITE_LANGUAGE_NAMES[languageOf(message)]}`,
    `Message: ${quoted(message.message, { multiline: true })}`,
    `Follow it up in the console (the contact page promises an answer within 24 hours): ${adminShowUrl(context, 'contact-messages', message.contactMessageId)}`,
  ]);
}

/** Our words only, besides a greeting that passed the name rules: what the visitor wrote is not sent back to a mailbox. */
export function contactAcknowledgement(message: ContactMessageReceived['data'], context: EmailContext): Email {
  const language = languageOf(message);
  const words = ACKNOWLEDGEMENTS[language];
  return email(
    'customer-contact-acknowledgement',
    message.email,
    words.contact.subject,
    [greetingIn(words, `${message.firstName} ${message.lastName}`), words.contact.thanks, words.reference(message.contactMessageId), words.questions(context.contactPhone)],
    language,
  );
}

/** The vehicle as the buyer saw it; older requests did not record its name. */
const vehicleNameOf = (request: ReservationRequested['data']) => request.vehicleName ?? request.vehicleId;

export function staffReservationNotice(request: ReservationRequested['data'], context: EmailContext): Email {
  const vehicle = vehicleNameOf(request);
  return email('staff-new-reservation', context.staffEmail, `New reservation request ${request.reservationId}: ${vehicle}`, [
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
  const language = languageOf(request);
  const words = ACKNOWLEDGEMENTS[language];
  return email(
    'customer-reservation-acknowledgement',
    request.email,
    words.reservation.subject,
    [
      greetingIn(words, request.name),
      words.reservation.thanks(vehicleNameOf(request), visitorText(request.phone)),
      words.reservation.holds,
      words.reference(request.reservationId),
      words.reservation.vehiclePage(vehiclePageUrl(context, request.vehicleId)),
      words.questions(context.contactPhone),
    ],
    language,
  );
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
