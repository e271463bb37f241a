import { getNextMillis } from 'bullmq';

/** Time for a scheduled run to finish (a feed read, a rate fetch) before it counts as missed. */
export const SCHEDULE_GRACE_MS = 2 * 60_000;

/** When the cron pattern next fires after `after` (UTC, as the workers schedule it). */
export function nextRun(pattern: string, after: number): number {
  return getNextMillis(after, { pattern, tz: 'Etc/UTC' }) ?? Number.POSITIVE_INFINITY;
}

/**
 * How many runs of the schedule should have refreshed something since `refreshedAt` and did not (each given
 * SCHEDULE_GRACE_MS to finish), counting at most `cap`: the QA checks judge freshness by the installation's own
 * schedule, not by a fixed number of hours.
 */
export function runsMissedSince(pattern: string, refreshedAt: number, now: number, cap = 10): number {
  let missed = 0;
  for (let run = nextRun(pattern, refreshedAt); missed < cap && run + SCHEDULE_GRACE_MS < now; run = nextRun(pattern, run)) missed++;
  return missed;
}
