import { getNextMillis, type JobSchedulerTemplateOptions, type Queue } from 'bullmq';

/** Cron settings are read in UTC, like every schedule of the product (node-cron's housekeeping included). */
const TIMEZONE = 'Etc/UTC';

export interface CronJob {
  /** The job scheduler's fixed id: however many workers processes start, there is one scheduler. */
  schedulerId: string;
  /** A cron pattern from the configuration (checked there, see cronPattern.ts in domain). */
  pattern: string;
  /** The name and options of the job each run adds. */
  job: { name: string; opts?: JobSchedulerTemplateOptions };
}

/**
 * Installation-wide work on a cron setting (RATES_CRON, later the news feeds): one BullMQ job scheduler with a fixed
 * id, so it runs once per occurrence however many workers run. Upserting replaces the pattern of an existing
 * scheduler, so a changed setting takes effect at the next start.
 */
export async function scheduleCronJob(queue: Queue, { schedulerId, pattern, job }: CronJob): Promise<void> {
  await queue.upsertJobScheduler(schedulerId, { pattern, tz: TIMEZONE }, job);
}

/** When the pattern next fires after `after`. */
export function nextRunAfter(pattern: string, after: Date): Date {
  const next = getNextMillis(after.getTime(), { pattern, tz: TIMEZONE });
  if (next === undefined) throw new Error(`The cron pattern "${pattern}" never fires`);
  return new Date(next);
}

/**
 * Did a run fall due between `lastDone` and `now`? The work a scheduler does at start is decided by this: a run that
 * should have happened since the last result (the workers were down, or it failed) is made up at once, while a
 * result the latest run produced is left alone until the next one.
 */
export function runFellDueSince(pattern: string, lastDone: Date, now: Date): boolean {
  return nextRunAfter(pattern, lastDone).getTime() <= now.getTime();
}
