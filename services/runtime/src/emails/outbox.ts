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

/**
 * What health, the QA checks and the metrics report about an outbox; reads only its unsent rows (partial indexes).
 * The pending rows are counted and their oldest found in one pass: asked apart, the oldest was read from the index of
 * every row by age (`<table>_newest`), walking all the sent ones older than it. With 60,000 sent and 20,000 pending
 * (EXPLAIN ANALYZE, two runs each), the whole query took 105-165 ms that way and 26-41 ms in one pass; once PostgreSQL
 * has statistics saying a quarter are pending, it reads the table whole, and took 134-137 ms against 77-115.
 */
export async function outboxBacklog(db: Db, table: OutboxTable, recentDays = 7): Promise<OutboxBacklog> {
  const from = sql.table(table);
  const { rows } = await sql<{ pending: number; failed: number; recently_failed: number; oldest_pending_at: Date | null }>`
    select pending.count as pending, pending.oldest as oldest_pending_at,
           (select count(*) from ${from} where status = 'failed')::int as failed,
           (select count(*) from ${from} where status = 'failed' and created_at > now() - make_interval(days => ${recentDays}))::int as recently_failed
    from (select count(*)::int as count, min(created_at) as oldest from ${from} where status = 'pending') as pending`.execute(db);
  const row = rows[0]!;
  return { pending: row.pending, failed: row.failed, recentlyFailed: row.recently_failed, oldestPendingAt: row.oldest_pending_at };
}
