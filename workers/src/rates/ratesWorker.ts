import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import { runFellDueSince, scheduleCronJob } from '../platform/cronScheduler';
import { fetchRates, RatesUnavailable } from './fetchRates';

export const RATES_SCHEDULER = 'rates-refresh';

export interface RatesSettings {
  url: string | undefined;
  appId: string | undefined;
  /** RATES_CRON: when the rates are refreshed, in UTC. */
  cron: string;
}

// The last runs stay on the queue dashboard (Completed) with what each did: 'stored', 'failed', 'fallback rates in use'.
const JOB_OPTIONS = { removeOnComplete: { count: 20 }, removeOnFail: 20 } as const;

/** What a run did; without RATES_URL it says so, the expected state there (not a failure). */
export type RatesRefresh = 'stored' | 'failed' | typeof FALLBACK_IN_USE;
export const FALLBACK_IN_USE = 'fallback rates in use';

/**
 * Fetches the rates once and stores a snapshot with its source and time. On failure the newest good
 * snapshot stays current (the API falls back to the spec's table while there is none). Without RATES_URL there is
 * nothing to fetch: the run records that the fallback rates are in use.
 */
export async function refreshRates(db: Db, settings: RatesSettings, logger: Pick<Logger, 'info' | 'warn'>): Promise<RatesRefresh> {
  if (!settings.url) {
    logger.info('RATES_URL is not set: fallback rates in use');
    return FALLBACK_IN_USE;
  }
  try {
    const { rates, filledFromFallback } = await fetchRates(settings.url, settings.appId);
    const source = filledFromFallback.length > 0 ? `rate service (fallback for ${filledFromFallback.join(', ')})` : 'rate service';
    await db.insertInto('rate_snapshots').values({ source, rates: JSON.stringify(rates) }).execute();
    logger.info({ source }, 'exchange rates stored');
    return 'stored';
  } catch (error) {
    if (!(error instanceof RatesUnavailable)) throw error;
    logger.warn({ reason: error.message }, 'Failed to fetch exchange rates. Using the last good rates or the fallback rates.');
    return 'failed';
  }
}

/**
 * On RATES_CRON (every 6 hours by default) through one fixed job scheduler, and at start when a scheduled refresh fell
 * due since the newest snapshot (the workers were down then, or the service failed): prices never wait a whole period
 * for rates the schedule promised. Without RATES_URL the schedule runs all the same, each run recording "fallback rates in
 * use" (log and job result), so the rates queue has its worker and scheduler like every other.
 */
export async function startRatesWorker(
  db: Db,
  settings: RatesSettings,
  /** The rates queue (QUEUES.rates), opened by the caller with the process's other queues. */
  queue: Queue,
  connection: Redis,
  prefix: string,
  logger: Logger,
  now = () => new Date(),
): Promise<{ worker: Worker; refreshingAtStart: boolean; schedule(): Promise<void> }> {
  const worker = new Worker(queue.name, async () => refreshRates(db, settings, logger), { connection, prefix, concurrency: 1 });
  worker.on('error', (error) => logger.error({ err: error }, 'rates worker error'));
  /** Sets the job scheduler (again: a Redis that came back empty has lost it). */
  const schedule = () => scheduleCronJob(queue, { schedulerId: RATES_SCHEDULER, pattern: settings.cron, job: { name: 'refresh', opts: JOB_OPTIONS } });
  await schedule();
  const latest = await db.selectFrom('rate_snapshots').select('fetched_at').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const refreshingAtStart = !latest || runFellDueSince(settings.cron, new Date(latest.fetched_at), now());
  if (refreshingAtStart) await queue.add('refresh-at-start', {}, JOB_OPTIONS);
  return { worker, refreshingAtStart, schedule };
}
