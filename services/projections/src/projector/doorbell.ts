import { QUEUES } from '../platform/queues';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export const PROJECTOR_QUEUE = QUEUES.projector;
const DOORBELL_JOB = 'doorbell';

/** Job options of a doorbell: at most one waiting behind the running one, so a burst of commits costs one catch-up. */
const doorbellJobOptions = (queue: Queue) =>
  ({
    deduplication: { id: `${queue.name}-doorbell`, keepLastIfActive: true },
    removeOnComplete: true,
    removeOnFail: 100,
  }) as const;

export function createProjectorQueue(connection: Redis, prefix: string): Queue {
  return new Queue(PROJECTOR_QUEUE, { connection, prefix });
}

/**
 * The periodic catch-up that covers a doorbell lost to a Redis hiccup; one fixed id per queue, however many
 * replicas start.
 */
export async function scheduleProjectorSafetyNet(queue: Queue, everyMs: number): Promise<void> {
  await queue.upsertJobScheduler(`${queue.name}-safety-net`, { every: everyMs }, { name: 'safety-net', opts: { removeOnComplete: true, removeOnFail: 100 } });
}

export interface DoorbellLogger {
  warn(details: object, message: string): void;
}

/**
 * Tells a processor's queue (the projector's, the photo processor's) that events were committed. Call it after the
 * commit, never inside the transaction. Rings coalesce within a process: while one ring is on its way to Redis,
 * later rings are folded into one more, so every commit is followed by at least one ring that left after it.
 */
export class ProjectorDoorbell {
  private sending: Promise<void> | null = null;
  private ringAgain = false;

  constructor(
    private readonly queue: Queue,
    private readonly logger: DoorbellLogger,
  ) {}

  ring(): void {
    if (this.sending) {
      this.ringAgain = true;
      return;
    }
    this.sending = this.send().finally(() => {
      this.sending = null;
    });
  }

  /**
   * Resolves once every ring made so far has reached Redis (or failed and been logged), or after `withinMs`: a ring
   * waiting for a Redis that never came up must not hold a shutdown, and the safety net covers it.
   */
  async settled(withinMs = Number.POSITIVE_INFINITY): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (this.sending && Date.now() < deadline) {
      const left = deadline - Date.now();
      await (Number.isFinite(left) ? Promise.race([this.sending, new Promise((wait) => setTimeout(wait, left).unref())]) : this.sending);
    }
  }

  private async send(): Promise<void> {
    do {
      this.ringAgain = false;
      try {
        await this.queue.add(DOORBELL_JOB, {}, doorbellJobOptions(this.queue));
      } catch (error) {
        // The safety-net scheduler will catch up; the event is safe in PostgreSQL.
        this.logger.warn({ err: error, queue: this.queue.name }, 'doorbell could not reach Redis');
      }
    } while (this.ringAgain);
  }
}
