import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { scheduleProjectorSafetyNet } from '@autobest/runtime';
import type { PhotoProcessor } from './photoProcessor';

interface RunningPhotoWorker {
  /** Stops after the request being processed (a backlog can take minutes), then closes the worker. */
  close(): Promise<void>;
}

/**
 * Runs the photo processor when it is rung (after the projector has seen new submission events) and on the safety
 * net's schedule, one catch-up at a time per process. Its own queue, so re-encoding never delays the read models.
 */
export async function startPhotoWorker(
  processor: PhotoProcessor,
  /** The photos queue (QUEUES.photos), opened by the caller with the process's other queues. */
  queue: Queue,
  connection: Redis,
  prefix: string,
  safetyNetMs: number,
  logger: Logger,
  /** After a catch-up that recorded outcomes (events of their own), so the read models show them at once. */
  onRecorded: () => void,
): Promise<RunningPhotoWorker> {
  await scheduleProjectorSafetyNet(queue, safetyNetMs);
  const stopping = new AbortController();
  const worker = new Worker(
    queue.name,
    async () => {
      const done = await processor.catchUp(stopping.signal);
      if (done.processed + done.erased > 0) {
        logger.debug(done, 'photo processor caught up');
        onRecorded();
      }
      return done;
    },
    { connection, prefix, concurrency: 1, autorun: true },
  );
  worker.on('failed', (job, error) => logger.error({ err: error, jobId: job?.id }, 'photo processing failed; the next doorbell retries'));
  worker.on('error', (error) => logger.error({ err: error }, 'photo worker error'));
  return {
    async close() {
      stopping.abort();
      await worker.close();
    },
  };
}
