import type { Transaction } from 'kysely';
import type { Database, Db, RecordEvents } from '@autobest/db';
import {
  conversationStreamId,
  reservationRequestStreamId,
  submissionStreamId,
  WHATSAPP_CONFIRMATION_TEMPLATES,
  type DomainEvent,
  type EventMetadata,
} from '@autobest/domain';

/** A customer's text reply as the webhook gives it: from E.164 digits, under the message id WhatsApp gave it. */
export interface IncomingReply {
  waMessageId: string;
  phone: string;
  text: string;
  receivedAt: Date;
}

/** The request or lead a reply is about, and the event that records it on its stream. */
interface ReplyTarget {
  relatedId: string;
  streamId: string;
  event: DomainEvent<string, object>;
}

/** How many of a phone's latest requests are looked at for an open one: a person has few, the rest are closed. */
const CANDIDATES = 20;

/**
 * The newest open request or lead of this phone among those we wrote to it about on WhatsApp (their confirmation in
 * the outbox, found by its index on the phone): a reply answers our messages, in the chat they opened, so it belongs
 * to one of them. Open: a sell-car or trade-in request not finalized (nor deleted), a reservation request or a lead
 * not closed.
 */
async function openRequestOf(trx: Transaction<Database>, reply: IncomingReply): Promise<ReplyTarget | null> {
  const candidates = await trx
    .selectFrom('whatsapp_messages')
    .select(['related_id', 'template'])
    .where('to_phone', '=', reply.phone)
    .where('template', 'in', [...WHATSAPP_CONFIRMATION_TEMPLATES])
    .orderBy('created_at', 'desc')
    .limit(CANDIDATES)
    .execute();
  const fields = { waMessageId: reply.waMessageId, phone: reply.phone, text: reply.text, receivedAt: reply.receivedAt.toISOString() };
  for (const { related_id: id, template } of candidates) {
    if (id === null) continue;
    if (template === 'confirmation') {
      const open = await trx.selectFrom('submissions').select('kind').where('id', '=', id).where('status', '<>', 'finalized').executeTakeFirst();
      if (open) return { relatedId: id, streamId: submissionStreamId(open.kind, id), event: { type: 'SubmissionWhatsAppReplyReceived', data: { submissionId: id, ...fields } } };
    } else if (template === 'reservation-confirmation') {
      const open = await trx.selectFrom('reservation_requests').select('vehicle_id').where('id', '=', id).where('status', '<>', 'closed').executeTakeFirst();
      if (open) {
        return { relatedId: id, streamId: reservationRequestStreamId(id), event: { type: 'ReservationWhatsAppReplyReceived', data: { vehicleId: open.vehicle_id, reservationId: id, ...fields } } };
      }
    } else {
      const open = await trx.selectFrom('conversations').select('id').where('id', '=', id).where('status', '<>', 'closed').executeTakeFirst();
      if (open) return { relatedId: id, streamId: conversationStreamId(id), event: { type: 'ConversationWhatsAppReplyReceived', data: { conversationId: id, ...fields } } };
    }
  }
  return null;
}

/**
 * Keeps a reply (a text or a STOP) in `whatsapp_replies` under its message id; false when it is there already, for
 * Meta posts a webhook again until it is answered, so whatever a reply does is done once.
 */
export async function keepReplyOnce(db: Db, reply: IncomingReply): Promise<boolean> {
  const kept = await db
    .insertInto('whatsapp_replies')
    .values({ wa_message_id: reply.waMessageId, from_phone: reply.phone, text: reply.text, received_at: reply.receivedAt })
    .onConflict((conflict) => conflict.column('wa_message_id').doNothing())
    .returning('wa_message_id')
    .executeTakeFirst();
  return kept !== undefined;
}

/**
 * Records a customer's text reply once, whatever how often the webhook is replayed: its row (keyed by the message id)
 * and its event on the open request it is about go in the caller's transaction together, so the row exists exactly
 * when the event does. A reply from a phone with no open request is kept with none and goes no further. Answers
 * whether the reply reached a request (false for a replay too).
 */
export async function recordWhatsAppReply(trx: Transaction<Database>, record: RecordEvents, reply: IncomingReply, metadata: EventMetadata): Promise<boolean> {
  if (!(await keepReplyOnce(trx, reply))) return false;
  const target = await openRequestOf(trx, reply);
  if (!target) return false;
  await trx.updateTable('whatsapp_replies').set({ related_id: target.relatedId, stream_id: target.streamId }).where('wa_message_id', '=', reply.waMessageId).execute();
  await record(target.streamId, [target.event], metadata);
  return true;
}

/** WhatsApp's time for a message (seconds since 1970, as a string), or now when it gave none that reads. */
export const whatsappTime = (timestamp: string | undefined) => (timestamp && /^\d{1,12}$/.test(timestamp) ? new Date(Number(timestamp) * 1000) : new Date());
