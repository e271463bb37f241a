import { sql, type Insertable, type Transaction } from 'kysely';
import { insertRows, type Database, type StoredEvent } from '@autobest/db';
import {
  formatMoney,
  languageOf,
  whatsappNumber,
  type ConversationEvent,
  type ConversationState,
  type FollowUpStatus,
  type ReservationRequested,
  type ReservationRequestEvent,
  WHATSAPP_WITHDRAWN_DELETED,
  type SellCarSubmitted,
  type SiteLanguage,
  type SubmissionKind,
  type SubmissionState,
  type SubmissionStatus,
  type WhatsAppTemplate,
} from '@autobest/domain';
import { statusPageUrl, WITHHELD_STATUS_TOKEN, type EmailContext } from '../emails/templates';
import { vehicleNameOf, vehiclePageUrl } from '../emails/followUpEmails';

/** A request as the notifier sees it at one of its events: its kind, its first event's data, and its state then. */
export interface RequestAtEvent {
  kind: SubmissionKind;
  submitted: SellCarSubmitted['data'];
  state: SubmissionState;
}

/** The status as the template's parameter says it, in the owner's language. */
const STATUS_WORDS: Record<SiteLanguage, Record<SubmissionStatus, string>> = {
  en: { pending: 'Pending', reviewed: 'Reviewed', finalized: 'Finalized' },
  fr: { pending: 'En attente', reviewed: 'Examinée', finalized: 'Finalisée' },
  ar: { pending: 'قيد الانتظار', reviewed: 'تمت المراجعة', finalized: 'نهائية' },
  sw: { pending: 'Inasubiri', reviewed: 'Imekaguliwa', finalized: 'Imekamilishwa' },
};

/** The events after which the owner hears how the request stands: a status change, or an offer once it is reviewed. */
const STATUS_EVENTS = new Set(['SubmissionStatusChanged', 'SubmissionOfferedValueSet', 'SubmissionEstimatedValueSet']);

/** A reservation request's or a lead's status as the follow-up-status template says it, in the person's language. */
const FOLLOW_UP_STATUS_WORDS: Record<SiteLanguage, Record<FollowUpStatus, string>> = {
  en: { new: 'Received', contacted: 'In progress: our sales team has been in touch', closed: 'Closed' },
  fr: { new: 'Reçue', contacted: 'En cours : notre équipe commerciale vous a contacté', closed: 'Clôturée' },
  ar: { new: 'تم الاستلام', contacted: 'قيد المتابعة: تواصل معك فريق المبيعات', closed: 'مغلقة' },
  sw: { new: 'Imepokelewa', contacted: 'Inaendelea: timu yetu ya mauzo imewasiliana nawe', closed: 'Imefungwa' },
};

/** One message a request's event calls for, before its recipient is checked: the template, its parameters, to whom. */
export interface PlannedMessage {
  template: WhatsAppTemplate;
  /** The template's body parameters in order; a status link carries WITHHELD_STATUS_TOKEN. */
  parameters: string[];
  language: SiteLanguage;
  /** The phone as the person typed it on the form. */
  phone: string;
  /** When the person asked for the updates: a STOP after it ends them. */
  askedAt: string;
  /** The request (submission, reservation or conversation id). */
  relatedId: string;
  /** The submission whose status token goes into the link when it is sent; null for requests without a status page. */
  statusTokenFor: string | null;
}

/**
 * A sell-car or trade-in request's messages, when its owner asked for them on the form: a confirmation on the request
 * itself ([name, request id, status link]) and a status update on a status change or an offer while it is not pending
 * ([name, request id, status, offer or "-", status link]).
 */
export function submissionWhatsApp(stored: StoredEvent, request: RequestAtEvent, context: EmailContext): PlannedMessage | null {
  const { kind, submitted, state } = request;
  if (!submitted.whatsappUpdates) return null;
  // The site language the owner used (English for requests made before forms sent it), as their emails are.
  const { language } = state;
  const { fullName, phoneNumber } = submitted.personalInfo;
  const link = statusPageUrl(context, kind, submitted.submissionId, WITHHELD_STATUS_TOKEN, language);
  const about = { language, phone: phoneNumber, askedAt: submitted.submittedAt, relatedId: submitted.submissionId, statusTokenFor: submitted.submissionId };
  if (stored.type === 'SellCarSubmitted' || stored.type === 'TradeInSubmitted') {
    return { ...about, template: 'confirmation', parameters: [fullName, submitted.submissionId, link] };
  }
  if (STATUS_EVENTS.has(stored.type) && state.status !== 'pending' && (stored.type === 'SubmissionStatusChanged' || state.value !== null)) {
    const offer = state.value ? formatMoney(state.value) : '-';
    return { ...about, template: 'status', parameters: [fullName, submitted.submissionId, STATUS_WORDS[language][state.status], offer, link] };
  }
  return null;
}

/**
 * A reservation request's messages, when the buyer asked for them: its confirmation on the request ([name,
 * reservation id, vehicle, vehicle page]) and an update on each status change staff make ([name, reservation id,
 * status]). `event` is one of the request's events; `requested` its first.
 */
export function reservationWhatsApp(event: ReservationRequestEvent, requested: ReservationRequested['data'], context: EmailContext): PlannedMessage | null {
  if (!requested.whatsappUpdates) return null;
  const language = languageOf(requested);
  const about = { language, phone: requested.phone, askedAt: requested.requestedAt, relatedId: requested.reservationId, statusTokenFor: null };
  if (event.type === 'ReservationRequested') {
    return { ...about, template: 'reservation-confirmation', parameters: [requested.name, requested.reservationId, vehicleNameOf(requested), vehiclePageUrl(context, requested.vehicleId)] };
  }
  if (event.type === 'ReservationStatusChanged') {
    return { ...about, template: 'follow-up-status', parameters: [requested.name, requested.reservationId, FOLLOW_UP_STATUS_WORDS[language][event.data.to]] };
  }
  return null;
}

/**
 * A lead's messages (a buyer who asked Tara for a person and for updates on WhatsApp, to the phone they left): a
 * confirmation on the hand-off ([name, conversation id]) and an update on each status change staff make after it
 * ([name, conversation id, status]), in the language of the conversation then.
 */
export function leadWhatsApp(event: ConversationEvent, conversation: ConversationState, handedOffAt: string | null): PlannedMessage | null {
  const { handoff, conversationId, language } = conversation;
  if (!handoff?.whatsappUpdates || !handoff.phone || !conversationId || !handedOffAt) return null;
  const about = { language, phone: handoff.phone, askedAt: handedOffAt, relatedId: conversationId, statusTokenFor: null };
  if (event.type === 'ConversationHandedOff') return { ...about, template: 'lead-confirmation', parameters: [handoff.name, conversationId] };
  if (event.type === 'ConversationStatusChanged') {
    return { ...about, template: 'follow-up-status', parameters: [handoff.name, conversationId, FOLLOW_UP_STATUS_WORDS[language][event.data.to]] };
  }
  return null;
}

/**
 * The WhatsApp outbox as the notifier writes it, the sibling of its email outbox: rows gathered over a batch of events
 * and written in one statement, unique per (event, template) so a retried batch adds nothing.
 */
export class WhatsAppOutbox {
  private readonly rows: Insertable<Database['whatsapp_messages']>[] = [];

  constructor(private readonly trx: Transaction<Database>) {}

  /**
   * Records `planned` for `stored`, to the person's number in E.164 digits; nothing for a number that cannot be one,
   * or for a request made before its phone replied STOP.
   */
  async plan(stored: StoredEvent, planned: PlannedMessage | null): Promise<void> {
    if (!planned) return;
    const to = whatsappNumber(planned.phone);
    if (!to) return;
    const stopped = await this.trx.selectFrom('whatsapp_stops').select('phone').where('phone', '=', to).where('stopped_at', '>=', new Date(planned.askedAt)).executeTakeFirst();
    if (stopped) return;
    this.rows.push({
      event_id: stored.eventId,
      event_transaction_id: stored.transactionId,
      event_global_position: stored.globalPosition,
      template: planned.template,
      language: planned.language,
      to_phone: to,
      parameters: JSON.stringify(planned.parameters),
      related_id: planned.relatedId,
      status_token_for: planned.statusTokenFor,
      asked_at: new Date(planned.askedAt),
      status: 'pending',
    });
  }

  /** Whether this batch put any message into the outbox (what `flush` wrote). */
  wrote = false;

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    this.wrote = true;
    // Due at the database's clock, which the deliverer's scan compares with.
    await insertRows(this.trx, 'whatsapp_messages', this.rows.splice(0), { computed: { next_attempt_at: sql`now()` }, onConflictDoNothing: ['event_id', 'template'] });
  }

  /** A deleted request's messages not sent yet never will be. */
  async withdrawPending(submissionId: string): Promise<void> {
    await this.flush();
    await this.trx
      .updateTable('whatsapp_messages')
      .set({ status: 'withdrawn', last_error: WHATSAPP_WITHDRAWN_DELETED, next_attempt_at: null, claimed_until: null })
      .where('related_id', '=', submissionId)
      .where('status', '=', 'pending')
      .execute();
  }
}
