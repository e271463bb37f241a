import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Projector } from '@autobest/projections';

/**
 * Under load a doorbell rings for nearly every commit; waiting this long before reading lets one catch-up
 * take the commits of the next few milliseconds too, instead of paying a transaction for each.
 */
const COALESCE_MS = 15;

/**
 * How soon to look again when a catch-up left events unapplied (behind a transaction still running elsewhere, or one
 * that ended midway through it). Looks asked for within half of it are one (however many catch-ups met the same
 * transaction); the look itself, due later, always finds that window closed and can ask for the next.
 */
const HORIZON_RETRY_MS = 100;

/**
 * Runs catch-ups one at a time per process; replicas take turns through the checkpoint row lock. `onCaughtUp`
 * hears how many events each projection applied in each committed batch (the photo processor is rung when submissions
 * moved).
 */
export function startProjectorWorker(
  projector: Projector,
  queue: Queue,
  connection: Redis,
  prefix: string,
  logger: Logger,
  onCaughtUp: (applied: Record<string, number>) => void = () => undefined,
): Worker {
  const worker = new Worker(
    queue.name,
    async () => {
      await new Promise((wait) => setTimeout(wait, COALESCE_MS));
      // Heard after each batch's commit, so what a committed batch rings (the emails it recorded) is rung even when a
      // later batch of the same catch-up fails.
      const { applied } = await projector.catchUp(onCaughtUp);
      const total = Object.values(applied).reduce((sum, count) => sum + count, 0);
      if (total > 0) logger.debug({ applied }, 'projector caught up');
      if (await projector.moreToRead()) {
        await queue
          .add('horizon', {}, { delay: HORIZON_RETRY_MS, deduplication: { id: `${queue.name}-horizon`, ttl: HORIZON_RETRY_MS / 2 }, removeOnComplete: true, removeOnFail: 100 })
          // This catch-up's work is done and committed; the safety net looks again if Redis could not take the reminder.
          .catch((error: unknown) => logger.warn({ err: error }, 'could not ask for a look past the snapshot horizon; the safety net will'));
      }
      return { applied };
    },
    { connection, prefix, concurrency: 1, autorun: true },
  );
  worker.on('failed', (job, error) => logger.error({ err: error, jobId: job?.id }, 'projector catch-up failed; the next doorbell retries'));
  worker.on('error', (error) => logger.error({ err: error }, 'projector worker error'));
  return worker;
}
