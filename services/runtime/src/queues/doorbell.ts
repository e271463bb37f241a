import type { Queue } from 'bullmq';
import { QUEUES } from './queues';

export const PROJECTOR_QUEUE = QUEUES.projector;
const DOORBELL_JOB = 'doorbell';

/** Job options of a doorbell: at most one waiting behind the running one, so a burst of commits costs one catch-up. */
const doorbellJobOptions = (queue: Queue) =>
  ({
    deduplication: { id: `${queue.name}-doorbell`, keepLastIfActive: true },
    removeOnComplete: true,
    removeOnFail: 100,
  }) as const;

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
 * How long a doorbell collects rings after each send before it sends again. Every ring is a round trip to Redis (a
 * BullMQ add with deduplication, some 0.3 ms of the process's CPU on a machine where syscalls are dear); folded only
 * while one was on its way, rings cost a busy API up to one round trip per command (bench:events sends 530 a second).
 * With this window a process sends at most one ring per 5 ms and a round trip, under 200 a second per doorbell
 * whatever the load. What it costs: a commit made while a ring has just gone waits up to 5 ms for its own,
 * while the projector worker waits 15 ms (COALESCE_MS) before reading anyway to take the commits of the moments after
 * a ring; a ring after a quiet spell leaves at once.
 */
export const DOORBELL_WINDOW_MS = 5;

/**
 * Tells a processor's queue (the projector's, the photo processor's) that events were committed. Call it after the
 * commit, never inside the transaction. Rings coalesce within a process: a ring while none is under way is sent at
 * once; rings made while one is on its way to Redis, or within DOORBELL_WINDOW_MS after it, are folded into one more,
 * sent when that window closes. So every commit is followed by at least one ring that left after it, and a process
 * sends at most one ring a window.
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
   * Resolves once every ring made so far has reached Redis (or failed and been logged), one still waiting for its
   * window included, or after `withinMs`: a ring waiting for a Redis that never came up must not hold a shutdown, and
   * the safety net covers it.
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
      // Rings of the window after this send wait for its end and go as one.
      await new Promise((wait) => setTimeout(wait, DOORBELL_WINDOW_MS));
    } while (this.ringAgain);
  }
}
