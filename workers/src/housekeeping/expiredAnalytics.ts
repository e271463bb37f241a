import { sql } from 'kysely';
import type { Sweep } from './housekeeping';

const DAY = 86_400_000;
/** Rows per statement: short transactions, so the inserts of the analytics route never wait long. */
const BATCH = 5_000;

/**
 * Analytics events older than ANALYTICS_RETENTION_DAYS (400 by default), by when they occurred. They are telemetry:
 * no read model or count is kept from them (the console's charts count the rows of the period they show, at most 365
 * days), so deleting them changes only what a chart of an older period could show. Deleted in batches; replicas on
 * other hosts skip the rows one is deleting instead of waiting for them.
 */
export const expiredAnalyticsEvents: Sweep = {
  name: 'expired-analytics-events',
  schedule: '40 * * * *',
  async run({ db, config, now }) {
    const cutoff = new Date(now.getTime() - config.analyticsRetentionDays * DAY);
    let removed = 0;
    for (;;) {
      const result = await sql`
        delete from analytics_events where id in (
          select id from analytics_events where occurred_at < ${cutoff} limit ${BATCH} for update skip locked
        )`.execute(db);
      const deleted = Number(result.numAffectedRows ?? 0);
      removed += deleted;
      if (deleted < BATCH) return removed;
    }
  },
};
