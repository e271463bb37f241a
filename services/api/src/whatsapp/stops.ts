import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { WHATSAPP_WITHDRAWN_STOPPED } from '@autobest/domain';
import { keepReplyOnce, type IncomingReply } from './replies';

/**
 * A phone stops its WhatsApp updates: by a STOP reply, or the status page's button (`reply` null, at once). Requests
 * asked for before then get no more messages, and those still waiting are withdrawn; a request made after it gets its
 * updates. A STOP reply is kept once per message id with the other replies, so one Meta posts again changes nothing; one
 * it posts late stops from the second WhatsApp says it was sent in (its timestamps are in whole seconds), never from
 * when it arrived, and the stop keeps its latest time. Answers whether the STOP was recorded (false for a replay).
 */
export async function recordWhatsAppStop(db: Db, phone: string, reply: IncomingReply | null): Promise<boolean> {
  if (reply && !(await keepReplyOnce(db, { ...reply, phone }))) return false;
  const at = reply ? sql<Date>`least(${reply.receivedAt}::timestamptz + interval '1 second', now())` : sql<Date>`now()`;
  const { stopped_at: stoppedAt } = await db
    .insertInto('whatsapp_stops')
    .values({ phone, wa_message_id: reply?.waMessageId ?? null, stopped_at: at })
    .onConflict((conflict) =>
      conflict.column('phone').doUpdateSet({
        stopped_at: sql`greatest(whatsapp_stops.stopped_at, excluded.stopped_at)`,
        wa_message_id: sql`case when excluded.stopped_at >= whatsapp_stops.stopped_at then excluded.wa_message_id else whatsapp_stops.wa_message_id end`,
      }),
    )
    .returning('stopped_at')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('whatsapp_messages')
    .set({ status: 'withdrawn', last_error: WHATSAPP_WITHDRAWN_STOPPED, next_attempt_at: null, claimed_until: null })
    .where('to_phone', '=', phone)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('asked_at', 'is', null), eb('asked_at', '<=', stoppedAt)]))
    .execute();
  return true;
}
