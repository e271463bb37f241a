import { sql, type Insertable, type Transaction } from 'kysely';
import { insertRows, parseStoredEvent, readStream, type Database, type StoredEvent } from '@autobest/db';
import {
  evolveConversation,
  foldSubmission,
  initialConversationState,
  isReservationRequestStream,
  ReservationRequestEventSchema,
  submissionKindOfStream,
  EnquiryEventSchema,
  SubmissionEventSchema,
  WITHDRAWN_EMAIL_REASON,
  type ConversationEvent,
  type SubmissionEvent,
} from '@autobest/domain';
import type { Projection } from '@autobest/projections';
import { NOTIFIER } from '@autobest/runtime';
import {
  customerConfirmation,
  customerEnquiryConfirmation,
  customerStatusUpdate,
  staffEnquiryNotification,
  staffNotification,
  WITHHELD_STATUS_TOKEN,
  type Email,
  type EmailContext,
  type PlannedEmails,
} from './templates';
import { contactMessageEmails, reservationEmails } from './followUpEmails';
import { conversationEmails, conversationUpTo } from './conversationEmails';
import { staffAccountEmails, staffSignInLimitEmails } from './staffEmails';
import { replyOwnerOf, whatsappReplyEmails } from '../whatsapp/replyEmails';
import { leadWhatsApp, reservationWhatsApp, submissionWhatsApp, WhatsAppOutbox, type PlannedMessage, type RequestAtEvent } from '../whatsapp/outbox';

/** An owner's request as it stood at `stored` (its history read once per event); null when deleted or not a request. */
async function requestAt(trx: Transaction<Database>, stored: StoredEvent): Promise<RequestAtEvent | null> {
  const kind = submissionKindOfStream(stored.streamId);
  if (!kind) return null;
  const history = (await readStream(trx, stored.streamId))
    .filter((event) => event.streamPosition <= stored.streamPosition)
    .map((event) => parseStoredEvent(SubmissionEventSchema, event));
  const first = history[0];
  if (!first || (first.type !== 'SellCarSubmitted' && first.type !== 'TradeInSubmitted')) return null;
  const state = foldSubmission(history);
  return state.deleted ? null : { kind, submitted: first.data, state };
}

function submissionEmails(stored: StoredEvent, request: RequestAtEvent, context: EmailContext): PlannedEmails | null {
  const { kind, state } = request;
  const { submissionId, personalInfo, vehicleInfo } = request.submitted;
  const { language } = state;
  const token = WITHHELD_STATUS_TOKEN;

  const emails: Email[] = [];
  if (stored.type === 'SellCarSubmitted' || stored.type === 'TradeInSubmitted') {
    emails.push(staffNotification(kind, submissionId, personalInfo, vehicleInfo, language, context));
    emails.push(customerConfirmation(kind, submissionId, personalInfo, vehicleInfo, language, token, context));
  } else if (stored.type === 'SubmissionStatusChanged') {
    const update = customerStatusUpdate(kind, submissionId, state, token, context);
    if (update) emails.push(update);
  }
  return { emails, relatedId: submissionId, statusTokenFor: submissionId };
}

function enquiryEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  const event = parseStoredEvent(EnquiryEventSchema, stored);
  if (event.type !== 'EnquiryReceived') return null;
  const enquiry = event.data;
  const confirmation = customerEnquiryConfirmation(enquiry, context);
  return { emails: [staffEnquiryNotification(enquiry, context), ...(confirmation ? [confirmation] : [])], relatedId: enquiry.enquiryId };
}

/** A deleted request's emails that have not gone out yet never will: withdrawn, with the reason staff read in the outbox. */
async function withdrawPendingEmails(trx: Transaction<Database>, event: SubmissionEvent): Promise<void> {
  if (event.type !== 'SubmissionDeleted') return;
  await trx
    .updateTable('sent_emails')
    .set({ status: 'withdrawn', last_error: WITHDRAWN_EMAIL_REASON, next_attempt_at: null, claimed_until: null })
    .where('related_id', '=', event.data.submissionId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A reservation request's WhatsApp message at `stored`: its first event (ReservationRequested) says whether the buyer
 * asked. Only requests in a stream of their own can have asked (the box came after they moved there), so a status
 * change reads that short stream and nothing on the vehicle's.
 */
async function reservationMessage(trx: Transaction<Database>, stored: StoredEvent, context: EmailContext): Promise<PlannedMessage | null> {
  const event = parseStoredEvent(ReservationRequestEventSchema, stored);
  if (event.type === 'ReservationRequested') return reservationWhatsApp(event, event.data, context);
  if (!isReservationRequestStream(stored.streamId)) return null;
  const [first] = await readStream(trx, stored.streamId);
  const requested = first ? parseStoredEvent(ReservationRequestEventSchema, first) : null;
  return requested?.type === 'ReservationRequested' ? reservationWhatsApp(event, requested.data, context) : null;
}

/** A lead's WhatsApp message at the last event of `history` (a hand-off, or a status change after one). */
function leadMessage(history: ConversationEvent[]): PlannedMessage | null {
  const event = history.at(-1);
  if (!event) return null;
  const handedOff = history.findLast((earlier) => earlier.type === 'ConversationHandedOff');
  return leadWhatsApp(event, history.reduce(evolveConversation, initialConversationState), handedOff?.type === 'ConversationHandedOff' ? handedOff.data.handedOffAt : null);
}

const WHATSAPP_REPLY_EVENTS = new Set(['SubmissionWhatsAppReplyReceived', 'ReservationWhatsAppReplyReceived', 'ConversationWhatsAppReplyReceived']);

/** The host part of MAIL_FROM ('AutoBest Africa <no-reply@autobest.africa>' gives autobest.africa). */
export function mailDomain(mailFrom: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
}

/** The same for every attempt at one email, so a copy sent twice (a crash after the server took it) is seen as one. */
export const emailMessageId = (eventId: string, template: string, domain: string) => `<${eventId}.${template}@${domain}>`;

/** The notifier, and which of its outboxes its batches wrote to. */
export interface Notifier extends Projection {
  /**
   * Which outboxes got messages since the last call (emails, WhatsApp messages), so that only their deliveries are
   * rung once the batch has committed: most events call for emails and no WhatsApp message, and each ring is a job and
   * a scan of its outbox. A batch rolled back may have said so for nothing: a ring that finds nothing due costs only
   * that.
   */
  takeWritten(): { emails: boolean; whatsapp: boolean };
}

/**
 * Decides which emails each event calls for and records them in the outbox (sent_emails, status pending) in the
 * projection's transaction, and beside them the WhatsApp messages of owners who asked for them (whatsapp_messages,
 * workers/src/whatsapp/outbox.ts, sent by the deliver-whatsapp queue); the deliver-email queue sends them (workers/src/emails/delivery.ts). It never talks to
 * a mail server, so a slow or failing one holds up neither this transaction nor any read model. It has its own
 * checkpoint and is never rebuilt; unique (event_id, template) keeps one email per event and template however often
 * a batch is retried. The emails of a batch go into the outbox in one statement (one round trip instead of one per
 * event), in the order of their events; the delivery sends them in that order (by the event's transaction and
 * position, then template), whatever the statement. `mailFrom` gives the domain of each email's Message-ID.
 */
export function createNotifier(context: EmailContext, mailFrom: string): Notifier {
  const domain = mailDomain(mailFrom);
  let written = { emails: false, whatsapp: false };
  return {
    takeWritten() {
      const taken = written;
      written = { emails: false, whatsapp: false };
      return taken;
    },
    name: NOTIFIER,
    tables: [],
    handles: new Set([
      'SellCarSubmitted',
      'TradeInSubmitted',
      'SubmissionStatusChanged',
      // WhatsApp only: an offer made on a reviewed request is news to its owner there.
      'SubmissionOfferedValueSet',
      'SubmissionEstimatedValueSet',
      'SubmissionDeleted',
      'EnquiryReceived',
      'ContactMessageReceived',
      'ReservationRequested',
      'ConversationHandedOff',
      // WhatsApp only: the buyers who asked for updates hear of each status change staff make.
      'ReservationStatusChanged',
      'ConversationStatusChanged',
      // A customer's WhatsApp reply: its request's staff owner is told (or the sales notice address).
      'SubmissionWhatsAppReplyReceived',
      'ReservationWhatsAppReplyReceived',
      'ConversationWhatsAppReplyReceived',
      'StaffPasswordLinkIssued',
      'StaffSignInLimitReached',
    ]),
    async apply(trx, events) {
      const outbox: Insertable<Database['sent_emails']>[] = [];
      const recordOutbox = async () => {
        if (outbox.length === 0) return;
        written.emails = true;
        // Due at the database's clock, which the deliverer's scan compares with: the same for every row of the transaction.
        await insertRows(trx, 'sent_emails', outbox.splice(0), { computed: { next_attempt_at: sql`now()` }, onConflictDoNothing: ['event_id', 'template'] });
      };
      const whatsapp = new WhatsAppOutbox(trx);
      for (const stored of events) {
        if (stored.type === 'SubmissionDeleted') {
          // The emails of the events before it in the batch are in the outbox before they are withdrawn.
          await recordOutbox();
          const deleted = parseStoredEvent(SubmissionEventSchema, stored);
          await withdrawPendingEmails(trx, deleted);
          if (deleted.type === 'SubmissionDeleted') await whatsapp.withdrawPending(deleted.data.submissionId);
          continue;
        }
        const request = submissionKindOfStream(stored.streamId) ? await requestAt(trx, stored) : null;
        if (request) await whatsapp.plan(stored, submissionWhatsApp(stored, request, context));
        if (stored.type === 'ReservationRequested' || stored.type === 'ReservationStatusChanged') await whatsapp.plan(stored, await reservationMessage(trx, stored, context));
        const conversation = stored.type === 'ConversationHandedOff' || stored.type === 'ConversationStatusChanged' ? await conversationUpTo(trx, stored) : null;
        if (conversation) await whatsapp.plan(stored, leadMessage(conversation));
        const planned = WHATSAPP_REPLY_EVENTS.has(stored.type)
          ? whatsappReplyEmails(stored, await replyOwnerOf(trx, stored), context)
          : stored.type === 'EnquiryReceived'
            ? enquiryEmails(stored, context)
            : stored.type === 'ContactMessageReceived'
              ? contactMessageEmails(stored, context)
              : stored.type === 'ReservationRequested'
                ? reservationEmails(stored, context)
                : stored.type === 'ConversationHandedOff'
                  ? conversation && conversationEmails(conversation, context)
                  : stored.type === 'StaffPasswordLinkIssued'
                    ? staffAccountEmails(stored, context)
                    : stored.type === 'StaffSignInLimitReached'
                      ? staffSignInLimitEmails(stored)
                      : request
                        ? submissionEmails(stored, request, context)
                        : null;
        if (!planned) continue;
        outbox.push(
          ...planned.emails.map((email) => ({
            event_id: stored.eventId,
            event_transaction_id: stored.transactionId,
            event_global_position: stored.globalPosition,
            template: email.template,
            to_address: email.to,
            subject: email.subject,
            html: email.html,
            text: email.text,
            status: 'pending' as const,
            message_id: emailMessageId(stored.eventId, email.template, domain),
            related_id: planned.relatedId,
            status_token_for: planned.statusTokenFor ?? null,
            password_link_for: planned.passwordLinkFor ?? null,
          })),
        );
      }
      await recordOutbox();
      await whatsapp.flush();
      if (whatsapp.wrote) written.whatsapp = true;
    },
  };
}
