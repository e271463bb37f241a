import { sql, type Transaction } from 'kysely';
import type { Database } from '@autobest/db';

/** A delivery status a webhook reported for a message we sent, by the id the Cloud API gave it. */
export interface WhatsAppStatusReport {
  waMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  errorCode: number | null;
  lastError: string | null;
}

/** The order a message goes through; a later report never moves it back, and failed stays. */
const PROGRESS = ['pending', 'sent', 'delivered', 'read'] as const;

/**
 * Serialises the webhook and the deliverer on these message ids until the transaction ends (advisory locks, taken in
 * one order so two transactions cannot wait on each other): a status the webhook keeps as early is seen by the
 * deliverer writing the id, and a status that comes after that write finds the message.
 */
export async function lockWhatsAppMessageIds(trx: Transaction<Database>, waMessageIds: readonly string[]): Promise<void> {
  const ids = [...new Set(waMessageIds)].sort();
  if (ids.length === 0) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(locked.id, 41)) from (select id from unnest(${ids}::text[]) as id order by id) as locked`.execute(trx);
}

/** Records a report on its message, forward only; false when no message has that id (yet). */
export async function applyWhatsAppStatus(trx: Transaction<Database>, report: WhatsAppStatusReport): Promise<boolean> {
  const { status, at } = report;
  const { numUpdatedRows } = await trx
    .updateTable('whatsapp_messages')
    .set({
      // Webhooks may come out of order (read before delivered): a status only ever moves forward, and failed stays.
      status: sql`case
        when ${status} = 'failed' then 'failed'
        when status in ('pending', 'sent', 'delivered', 'read')
          and array_position(${[...PROGRESS]}::text[], ${status}::text) > array_position(${[...PROGRESS]}::text[], status)
          then ${status}::text
        else status end`,
      sent_at: sql`coalesce(sent_at, ${at})`,
      delivered_at: status === 'delivered' || status === 'read' ? sql`coalesce(delivered_at, ${at})` : sql`delivered_at`,
      read_at: status === 'read' ? sql`coalesce(read_at, ${at})` : sql`read_at`,
      failed_at: status === 'failed' ? sql`coalesce(failed_at, ${at})` : sql`failed_at`,
      ...(status === 'failed' && report.errorCode !== null ? { error_code: report.errorCode, last_error: report.lastError } : {}),
    })
    .where('wa_message_id', '=', report.waMessageId)
    .executeTakeFirst();
  return Number(numUpdatedRows) > 0;
}

/**
 * A report about a message whose send result is not written yet (the Cloud API can post "sent" before our deliverer
 * has recorded its answer) is kept until it is; one about a message that is not ours waits there for a day, then
 * goes. Call under lockWhatsAppMessageIds.
 */
export async function keepEarlyWhatsAppStatus(trx: Transaction<Database>, report: WhatsAppStatusReport): Promise<void> {
  await trx
    .insertInto('whatsapp_early_statuses')
    .values({ wa_message_id: report.waMessageId, status: report.status, at: report.at, error_code: report.errorCode, last_error: report.lastError })
    .onConflict((conflict) => conflict.columns(['wa_message_id', 'status']).doNothing())
    .execute();
  await trx.deleteFrom('whatsapp_early_statuses').where('received_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** The deliverer, having written these ids (under lockWhatsAppMessageIds): the reports kept for them are applied, then dropped. */
export async function applyEarlyWhatsAppStatuses(trx: Transaction<Database>, waMessageIds: readonly string[]): Promise<void> {
  if (waMessageIds.length === 0) return;
  const early = await trx.deleteFrom('whatsapp_early_statuses').where('wa_message_id', 'in', [...waMessageIds]).returningAll().execute();
  for (const row of early) {
    await applyWhatsAppStatus(trx, { waMessageId: row.wa_message_id, status: row.status, at: row.at, errorCode: row.error_code, lastError: row.last_error });
  }
}
