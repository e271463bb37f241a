import { DelayedError, UnrecoverableError, Worker, type Job, type JobsOptions, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createEmailQueue, ProjectorDoorbell, QUEUES, scheduleProjectorSafetyNet } from '@autobest/projections';
import type { EmailDelivery } from './delivery';

/** One job per email, its id the email's id; every other job on the queue (doorbell, safety net, start-up) enqueues them. */
const DELIVER_JOB = 'deliver';
/** Emails sent at once per workers process: each waits on a mail server, not on this machine. */
const CONCURRENCY = 4;
/** Due emails enqueued per scan; a longer backlog is taken by the next scans. */
const SCAN_LIMIT = 1_000;
/** The custom back-off: the delay the delivery chose (and recorded as next_attempt_at). */
const RECORDED_DELAY = 'recorded-delay';
const FAILED_JOBS_KEPT_SECONDS = 7 * 24 * 3600;

/** A transient failure; BullMQ retries the job after the delay the delivery recorded in PostgreSQL. */
class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

interface DeliverJobData {
  emailId: string;
}

export interface RunningEmailDelivery {
  queue: Queue;
  /** Ring after the notifier recorded emails (after its commit): due emails are enqueued. */
  doorbell: ProjectorDoorbell;
  close(): Promise<void>;
}

/**
 * The deliver-email queue. A scan (rung by the doorbell, and by a safety net that covers a lost ring or a crash)
 * enqueues every due pending email as its own job, its id the email's, so an email already on its way is not
 * enqueued twice. Each job makes one attempt; a transient failure (4xx, timeout, refused connection) is retried with
 * exponential back-off, a permanent refusal (5xx to this email) fails that job alone at once, so one bad address
 * never holds up the others. PostgreSQL keeps the state (EmailDelivery): if Redis loses the jobs, the next scan
 * enqueues the due emails again.
 */
export async function startEmailDeliveryWorker(
  delivery: EmailDelivery,
  connection: Redis,
  prefix: string,
  { safetyNetMs, jobLockMs }: { safetyNetMs: number; jobLockMs: number },
  logger: Logger,
): Promise<RunningEmailDelivery> {
  const queue = createEmailQueue(connection, prefix);
  await scheduleProjectorSafetyNet(queue, safetyNetMs);
  const deliverJob = (emailId: string): JobsOptions => ({
    jobId: emailId,
    attempts: delivery.policy.maxAttempts,
    backoff: { type: RECORDED_DELAY },
    removeOnComplete: true,
    // Failed emails stay visible on the queue dashboard for a week; the outbox keeps them for good.
    removeOnFail: { age: FAILED_JOBS_KEPT_SECONDS },
  });

  async function enqueueDue(): Promise<{ due: number; enqueued: number }> {
    const due = await delivery.dueEmailIds(SCAN_LIMIT);
    let enqueued = 0;
    for (const emailId of due) {
      const state = await queue.getJobState(emailId);
      // Waiting, delayed or being sent: on its way already.
      if (state !== 'unknown' && state !== 'failed' && state !== 'completed') continue;
      // A finished job of an email that is pending again (retried from the console, or its job gave up while
      // PostgreSQL was away) would make the new one with the same id a no-op.
      if (state !== 'unknown') await queue.remove(emailId).catch(() => 0);
      await queue.add(DELIVER_JOB, { emailId }, deliverJob(emailId));
      enqueued++;
    }
    return { due: due.length, enqueued };
  }

  async function deliver(job: Job<DeliverJobData>, token: string | undefined) {
    const outcome = await delivery.deliver(job.data.emailId);
    switch (outcome.kind) {
      case 'sent':
      case 'finished':
        return outcome;
      case 'claimed':
        // Another attempt holds it (a worker sending it, or one that died while sending): look again when it lets go.
        await job.moveToDelayed(outcome.until.getTime() + 1_000, token);
        throw new DelayedError();
      case 'retry':
        throw new RetryLater(outcome.error, outcome.delayMs);
      case 'failed':
        throw new UnrecoverableError(outcome.error);
    }
  }

  const worker = new Worker(
    QUEUES.email,
    async (job: Job, token?: string) => (job.name === DELIVER_JOB ? deliver(job as Job<DeliverJobData>, token) : enqueueDue()),
    {
      connection,
      prefix,
      concurrency: CONCURRENCY,
      autorun: true,
      // A job whose process died mid-send (its hold no longer renewed) is found and taken up again after this.
      lockDuration: jobLockMs,
      stalledInterval: jobLockMs,
      settings: {
        // A job that failed before the delivery recorded anything (PostgreSQL away) backs off the same way.
        backoffStrategy: (attemptsMade, _type, error) => (error instanceof RetryLater ? error.delayMs : delivery.retryDelay(attemptsMade)),
      },
    },
  );
  worker.on('failed', (job, error) => {
    if (job?.name !== DELIVER_JOB) logger.error({ err: error, jobId: job?.id }, 'enqueueing due emails failed; the next ring retries');
    else if (!(error instanceof RetryLater) && !(error instanceof UnrecoverableError)) logger.error({ err: error, emailId: job.id }, 'email delivery attempt failed');
  });
  worker.on('error', (error) => logger.error({ err: error }, 'email delivery worker error'));
  const doorbell = new ProjectorDoorbell(queue, logger);
  return {
    queue,
    doorbell,
    async close() {
      await worker.close();
      await doorbell.settled();
      await queue.close();
    },
  };
}
