import { Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ProjectorDoorbell, scheduleProjectorSafetyNet } from '@autobest/runtime';
import type { DeliveryRun } from './outboxDelivery';

/** The job that wakes the delivery when the next pending message falls due (a retry, or a claim that lapsed). */
const DUE_JOB = 'due';

export interface RunningOutboxDelivery {
  /** Ring after the notifier recorded messages (after its commit): due messages are sent. */
  doorbell: ProjectorDoorbell;
  close(): Promise<void>;
}

/**
 * The queue of one outbox (deliver-email, deliver-whatsapp). Its jobs only say "look at the outbox": the doorbell rung
 * after the notifier's commits (at most one waiting while one runs), a safety net that covers a lost ring, one at
 * start-up, and one timed for when the next pending message falls due. Each runs the delivery's deliverDue, which
 * claims, sends and records the due messages in batches; PostgreSQL keeps every message's state, so a job lost in
 * Redis costs a wait, never a message. `what` names the messages in the logs ('emails').
 */
export async function startOutboxDeliveryWorker(
  delivery: { deliverDue(): Promise<DeliveryRun>; stop(): void },
  what: string,
  /** The outbox's queue (QUEUES.email, QUEUES.whatsapp), opened by the caller with the process's other queues. */
  queue: Queue,
  connection: Redis,
  prefix: string,
  { safetyNetMs, jobLockMs }: { safetyNetMs: number; jobLockMs: number },
  logger: Logger,
): Promise<RunningOutboxDelivery> {
  await scheduleProjectorSafetyNet(queue, safetyNetMs);
  const doorbell = new ProjectorDoorbell(queue, logger);

  async function deliverDue(job: Job) {
    const { outcomes, nextDueInMs } = await delivery.deliverDue();
    const tried = outcomes.filter((outcome) => outcome.kind !== 'released').length;
    if (nextDueInMs === 0 && tried > 0) {
      // Fell due while this run sent others, or a backlog longer than a run: a ring is folded into one already waiting.
      doorbell.ring();
    } else if (nextDueInMs !== null) {
      // One timed job per second it falls due in, however many runs ask for it; at least a second away when this run
      // could try nothing (a due message locked by another transaction), so it never rings itself in a loop.
      let at = Math.ceil((Date.now() + Math.max(nextDueInMs, tried > 0 ? 0 : 1_000)) / 1000) * 1000;
      // A timed job promoted early (another machine's clock) must not name itself: adding a job whose id is running does nothing.
      if (`${DUE_JOB}-${at}` === job.id) at += 1_000;
      await queue.add(DUE_JOB, {}, { jobId: `${DUE_JOB}-${at}`, delay: Math.max(0, at - Date.now()), removeOnComplete: true, removeOnFail: 100 });
    }
    return { sent: outcomes.filter((outcome) => outcome.kind === 'sent').length, tried, nextDueInMs };
  }

  const worker = new Worker(queue.name, deliverDue, {
    connection,
    prefix,
    // One run at a time in a process; it sends several messages at once itself.
    concurrency: 1,
    autorun: true,
    // A run whose process died is found and its job taken up again after this (its messages' claims lapse on their own).
    lockDuration: jobLockMs,
    stalledInterval: jobLockMs,
  });
  worker.on('failed', (job, error) => logger.error({ err: error, jobId: job?.id }, `sending due ${what} failed; the next ring retries`));
  worker.on('error', (error) => logger.error({ err: error }, `${what} delivery worker error`));
  return {
    doorbell,
    async close() {
      // The run under way releases what it has not started, so a stop waits for four sends at most.
      delivery.stop();
      await worker.close();
      await doorbell.settled();
    },
  };
}
