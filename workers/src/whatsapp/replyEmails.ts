import type { Transaction } from 'kysely';
import { parseStoredEvent, readStream, type Database, type StoredEvent } from '@autobest/db';
import {
  ConversationEventSchema,
  isReservationRequestStream,
  isUuid,
  roleMay,
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
 * The email address of a request's staff owner when a reply comes: requests are not assigned, so the owner is whoever on the staff last
 * did something to it before the reply (a status change, a note, an offer: the newest event on its stream a staff
 * member recorded), while their account is enabled and their role may still see requests. Null when no one has yet:
 * the sales notice address hears of it then.
 */
export async function replyOwnerOf(trx: Transaction<Database>, stored: StoredEvent): Promise<string | null> {
  const staffIds = (await readStream(trx, stored.streamId))
    .filter((event) => event.streamPosition < stored.streamPosition)
    .flatMap(({ metadata: { actor } }) => (actor.kind === 'staff' && isUuid(actor.staffUserId) ? [actor.staffUserId] : []));
  const ownerId = staffIds.at(-1);
  if (!ownerId) return null;
  const owner = await trx.selectFrom('staff_users').select(['email', 'role', 'password_hash']).where('id', '=', ownerId).where('disabled_at', 'is', null).executeTakeFirst();
  return owner && owner.password_hash !== null && roleMay(owner.role, 'requests.read') ? owner.email : null;
}

/**
 * Staff hear of a customer's WhatsApp reply by email: its owner (replyOwnerOf), or the sales notice address while it
 * has none. Our words in the subject, what the customer wrote quoted as theirs, defanged, without control or invisible
 * characters (visitorText), cut to QUOTED_REPLY_MAX, and escaped in the HTML part (staffEmail).
 */
export function whatsappReplyNotice(about: ReplyAbout, owner: string | null, context: EmailContext): Email {
  const { noun, resource, id, reply } = about;
  return staffEmail('staff-whatsapp-reply', owner ?? context.staffEmail, `WhatsApp reply about ${noun} ${id}`, [
    `The customer replied on WhatsApp about ${noun} ${id}.`,
    owner ? `You are told as the last member of staff to work on this ${noun}.` : `No member of staff has worked on this ${noun} yet.`,
    `From: +${reply.phone}`,
    `Received: ${reply.receivedAt}`,
    `Reply: ${quoted(cappedReply(reply.text), { multiline: true })}`,
    `The reply is in the request's notes. Answer them and follow it up in the console: ${adminShowUrl(context, resource, id)}`,
  ]);
}

/** The notifier's planner for WhatsApp replies: one staff notice per reply, to the request's owner (replyOwnerOf) if it has one. */
export function whatsappReplyEmails(stored: StoredEvent, owner: string | null, context: EmailContext): PlannedEmails | null {
  const about = replyAbout(stored);
  return about ? { emails: [whatsappReplyNotice(about, owner, context)], relatedId: about.id } : null;
}
