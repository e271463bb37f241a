import { sql } from 'kysely';
import type { Db } from '@autobest/db';

/** The notifier's name, which is also its checkpoint's: it records emails from events (workers), health reads its lag. */
export const NOTIFIER = 'notifier';

/**
 * Retries start 5 s apart and double, so an email still unsent after this long has met a mail server that failed
 * several times in a row: health reports the outbox not ok and the QA checks warn.
 */
export const EMAIL_DELAY_WARNING_MINUTES = 10;

export interface EmailBacklog {
  /** Emails recorded and not yet accepted by the mail server. */
  pending: number;
  /** Emails refused for good or out of attempts, all time. */
  failed: number;
  /** Failed emails created in the last `recentDays` days. */
  recentlyFailed: number;
  /** When the oldest pending email was recorded; null when none waits. */
  oldestPendingAt: Date | null;
}

/** What health, the QA checks and the metrics report about the outbox; reads only its unsent rows (partial indexes). */
export async function emailBacklog(db: Db, recentDays = 7): Promise<EmailBacklog> {
  const { rows } = await sql<{ pending: number; failed: number; recently_failed: number; oldest_pending_at: Date | null }>`
    select (select count(*) from sent_emails where status = 'pending')::int as pending,
           (select min(created_at) from sent_emails where status = 'pending') as oldest_pending_at,
           (select count(*) from sent_emails where status = 'failed')::int as failed,
           (select count(*) from sent_emails where status = 'failed' and created_at > now() - make_interval(days => ${recentDays}))::int as recently_failed`.execute(db);
  const row = rows[0]!;
  return { pending: row.pending, failed: row.failed, recentlyFailed: row.recently_failed, oldestPendingAt: row.oldest_pending_at };
}
