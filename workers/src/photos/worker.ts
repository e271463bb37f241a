import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { QUEUES, scheduleProjectorSafetyNet } from '@autobest/runtime';
import type { PhotoProcessor } from './photoProcessor';

const PHOTOS_QUEUE = QUEUES.photos;

interface RunningPhotoWorker {
  queue: Queue;
  /** Stops after the request being processed (a backlog can take minutes), then closes the worker and queue. */
  close(): Promise<void>;
}

/**
 * Runs the photo processor when it is rung (after the projector has seen new submission events) and on the safety
 * net's schedule, one catch-up at a time per process. Its own queue, so re-encoding never delays the read models.
 */
export async function startPhotoWorker(
  processor: PhotoProcessor,
  connection: Redis,
  prefix: string,
  safetyNetMs: number,
  logger: Logger,
  /** After a catch-up that recorded outcomes (events of their own), so the read models show them at once. */
  onRecorded: () => void,
): Promise<RunningPhotoWorker> {
  const queue = new Queue(PHOTOS_QUEUE, { connection, prefix });
  await scheduleProjectorSafetyNet(queue, safetyNetMs);
  const stopping = new AbortController();
  const worker = new Worker(
    PHOTOS_QUEUE,
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
    queue,
    async close() {
      stopping.abort();
      await worker.close();
      await queue.close();
    },
  };
}
