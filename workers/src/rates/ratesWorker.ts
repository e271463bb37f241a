import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import { RATES_QUEUE } from '@autobest/projections';
import { fetchRates, RatesUnavailable } from './fetchRates';

const RATES_SCHEDULER = 'rates-refresh';

export interface RatesSettings {
  url: string | undefined;
  appId: string | undefined;
  refreshMs: number;
}

/**
 * Fetches the rates once and stores a snapshot with its source and time. On failure the newest good
 * snapshot stays current (the API falls back to the spec's table while there is none).
 */
export async function refreshRates(db: Db, settings: RatesSettings, logger: Pick<Logger, 'info' | 'warn'>): Promise<'stored' | 'failed' | 'disabled'> {
  if (!settings.url) return 'disabled';
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

/** Every `refreshMs` (6 hours) through one fixed job scheduler, and at start when the newest snapshot is older. */
export async function startRatesWorker(db: Db, settings: RatesSettings, connection: Redis, prefix: string, logger: Logger): Promise<{ worker: Worker; queue: Queue } | undefined> {
  if (!settings.url) {
    logger.info('RATES_URL is not set: prices use the fallback exchange rates');
    return undefined;
  }
  const queue = new Queue(RATES_QUEUE, { connection, prefix });
  const worker = new Worker(RATES_QUEUE, async () => refreshRates(db, settings, logger), { connection, prefix, concurrency: 1 });
  worker.on('error', (error) => logger.error({ err: error }, 'rates worker error'));
  await queue.upsertJobScheduler(RATES_SCHEDULER, { every: settings.refreshMs }, { name: 'refresh', opts: { removeOnComplete: true, removeOnFail: 20 } });
  const latest = await db.selectFrom('rate_snapshots').select('fetched_at').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!latest || Date.now() - new Date(latest.fetched_at).getTime() > settings.refreshMs) {
    await queue.add('refresh-at-start', {}, { removeOnComplete: true, removeOnFail: 20 });
  }
  return { worker, queue };
}
