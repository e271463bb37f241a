import { sql } from 'kysely';
import type { Db } from '@autobest/db';

/** The notifier's name, which is also its checkpoint's: it records emails from events (workers), health reads its lag. */
export const NOTIFIER = 'notifier';

/**
 * Retries start 5 s apart and double, so an email still unsent after this long has met a mail server that failed
 * several times in a row: health reports the outbox not ok and the QA checks warn.
 */
export const EMAIL_DELAY_WARNING_MINUTES = 10;

/** The outbox tables: emails and WhatsApp messages (issue 41), with the same columns of delivery state. */
export type OutboxTable = 'sent_emails' | 'whatsapp_messages';

export interface OutboxBacklog {
  /** Rows recorded and not yet accepted (by the mail server, by the Cloud API). */
  pending: number;
  /** Rows refused for good or out of attempts, all time. */
  failed: number;
  /** Failed rows created in the last `recentDays` days. */
  recentlyFailed: number;
  /** When the oldest pending row was recorded; null when none waits. */
  oldestPendingAt: Date | null;
}

/** What health, the QA checks and the metrics report about an outbox; reads only its unsent rows (partial indexes). */
export async function outboxBacklog(db: Db, table: OutboxTable, recentDays = 7): Promise<OutboxBacklog> {
  const from = sql.table(table);
  const { rows } = await sql<{ pending: number; failed: number; recently_failed: number; oldest_pending_at: Date | null }>`
    select (select count(*) from ${from} where status = 'pending')::int as pending,
           (select min(created_at) from ${from} where status = 'pending') as oldest_pending_at,
           (select count(*) from ${from} where status = 'failed')::int as failed,
           (select count(*) from ${from} where status = 'failed' and created_at > now() - make_interval(days => ${recentDays}))::int as recently_failed`.execute(db);
  const row = rows[0]!;
  return { pending: row.pending, failed: row.failed, recentlyFailed: row.recently_failed, oldestPendingAt: row.oldest_pending_at };
}
