import { parseStoredEvent, type StoredEvent } from '@autobest/db';
import {
  ConversationEventSchema,
  isReservationRequestStream,
  ReservationRequestEventSchema,
  SUBMISSION_KINDS,
  SubmissionEventSchema,
  submissionKindOfStream,
} from '@autobest/domain';
import { staffEmail } from '../emails/followUpEmails';
import { adminShowUrl, quoted, type Email, type EmailContext, type PlannedEmails } from '../emails/templates';

/** How much of a reply the staff email quotes (in characters as people count them): the whole of it is in the console. */
export const QUOTED_REPLY_MAX = 1_000;

/** A reply, cut to QUOTED_REPLY_MAX characters (never inside one), saying so when it was. */
export const cappedReply = (text: string) => {
  const characters = [...text];
  return characters.length <= QUOTED_REPLY_MAX ? text : `${characters.slice(0, QUOTED_REPLY_MAX).join('')}…`;
};

/** The reply an event records, and what staff call the request it is about and where they open it. */
interface ReplyAbout {
  noun: string;
  resource: string;
  id: string;
  reply: { phone: string; text: string; receivedAt: string };
}

function replyAbout(stored: StoredEvent): ReplyAbout | null {
  const kind = submissionKindOfStream(stored.streamId);
  if (kind) {
    const event = parseStoredEvent(SubmissionEventSchema, stored);
    if (event.type !== 'SubmissionWhatsAppReplyReceived') return null;
    return { noun: `${SUBMISSION_KINDS[kind].name} request`, resource: SUBMISSION_KINDS[kind].resource, id: event.data.submissionId, reply: event.data };
  }
  if (isReservationRequestStream(stored.streamId)) {
    const event = parseStoredEvent(ReservationRequestEventSchema, stored);
    if (event.type !== 'ReservationWhatsAppReplyReceived') return null;
    return { noun: 'reservation request', resource: 'reservation-requests', id: event.data.reservationId, reply: event.data };
  }
  const event = parseStoredEvent(ConversationEventSchema, stored);
  if (event.type !== 'ConversationWhatsAppReplyReceived') return null;
  return { noun: 'lead from Tara', resource: 'conversations', id: event.data.conversationId, reply: event.data };
}

/**
 * Staff hear of a customer's WhatsApp reply by email, to the sales notice address (requests have no assigned staff
 * member): our words in the subject, what the customer wrote quoted as theirs, defanged, without control or invisible
 * characters (visitorText), cut to QUOTED_REPLY_MAX, and escaped in the HTML part (staffEmail).
 */
export function whatsappReplyNotice(about: ReplyAbout, context: EmailContext): Email {
  const { noun, resource, id, reply } = about;
  return staffEmail('staff-whatsapp-reply', context.staffEmail, `WhatsApp reply about ${noun} ${id}`, [
    `The customer replied on WhatsApp about ${noun} ${id}.`,
    `From: +${reply.phone}`,
    `Received: ${reply.receivedAt}`,
    `Reply: ${quoted(cappedReply(reply.text), { multiline: true })}`,
    `The reply is in the request's notes. Answer them and follow it up in the console: ${adminShowUrl(context, resource, id)}`,
  ]);
}

/** The notifier's planner for WhatsApp replies: one staff notice per reply. */
export function whatsappReplyEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  const about = replyAbout(stored);
  return about ? { emails: [whatsappReplyNotice(about, context)], relatedId: about.id } : null;
}
