import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { WHATSAPP_WITHDRAWN_STOPPED } from '@autobest/domain';

/**
 * A phone stops its WhatsApp updates (a STOP reply, with the message id it came as, or the status page's button,
 * with none): requests made before now get no more messages, and those still waiting are withdrawn.
 */
export async function recordWhatsAppStop(db: Db, phone: string, waMessageId: string | null): Promise<void> {
  await db
    .insertInto('whatsapp_stops')
    .values({ phone, wa_message_id: waMessageId })
    .onConflict((conflict) => conflict.column('phone').doUpdateSet({ stopped_at: sql`now()`, wa_message_id: waMessageId }))
    .execute();
  await db
    .updateTable('whatsapp_messages')
    .set({ status: 'withdrawn', last_error: WHATSAPP_WITHDRAWN_STOPPED, next_attempt_at: null, claimed_until: null })
    .where('to_phone', '=', phone)
    .where('status', '=', 'pending')
    .execute();
}
