import { DelayedError, UnrecoverableError, Worker, type Job, type JobsOptions, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ProjectorDoorbell, scheduleProjectorSafetyNet } from '@autobest/runtime';
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
  /** Ring after the notifier recorded emails (after its commit): due emails are enqueued. */
  doorbell: ProjectorDoorbell;
  close(): Promise<void>;
}

/** An email's deliver job: its id is the email's, so an email on its way is never on the queue twice. */
const deliverJob = (emailId: string, maxAttempts: number) => ({
  name: DELIVER_JOB,
  data: { emailId } satisfies DeliverJobData,
  opts: {
    jobId: emailId,
    attempts: maxAttempts,
    backoff: { type: RECORDED_DELAY },
    removeOnComplete: true,
    // Failed emails stay visible on the queue dashboard for a week; the outbox keeps them for good.
    removeOnFail: { age: FAILED_JOBS_KEPT_SECONDS },
  } satisfies JobsOptions,
});

/** Where an email's deliver job stands, as DELIVER_JOB_STATES answers. */
const NO_JOB = 0;
const FINISHED = 1;

/**
 * The state of the deliver job of each email id in ARGV[2..], in one script run: NO_JOB, FINISHED (in the failed or
 * completed set), or 2 for on its way (waiting, delayed, being sent). KEYS are the queue's failed and completed sets,
 * ARGV[1] the prefix of its job keys (queue.toKey('')). The script reads them all atomically, as BullMQ's getJobState
 * reads one.
 */
const DELIVER_JOB_STATES = `
local states = {}
for i = 2, #ARGV do
  local id = ARGV[i]
  if redis.call('ZSCORE', KEYS[1], id) or redis.call('ZSCORE', KEYS[2], id) then
    states[i - 1] = 1
  elseif redis.call('EXISTS', ARGV[1] .. id) == 1 then
    states[i - 1] = 2
  else
    states[i - 1] = 0
  end
end
return states`;

/**
 * Enqueues every due pending email (up to SCAN_LIMIT) as a deliver job of its own, in the order dueEmailIds gives. An
 * email on its way is left alone. A finished job of an email that is pending again (retried from the console, or its
 * job gave up while PostgreSQL was away) is removed first: a new job with the same id would be a no-op.
 *
 * Two round trips to Redis whatever the number of due emails (the states of all their jobs read by one script, the new
 * jobs added in one pipeline), plus one wait for the removals when an email is pending again after its job finished,
 * instead of two per new email and one per email already on its way. Every ring scans the emails still waiting for a
 * worker too, so a backlog of 500 cost each ring 500 round trips; it now costs one. Those emails are not marked as
 * enqueued in PostgreSQL to leave them out of the scan: the mark would cost a write per scan, and an email whose job
 * Redis lost would wait for it to lapse instead of going back on the queue at the next ring.
 */
export async function enqueueDueEmails(delivery: EmailDelivery, queue: Queue, connection: Redis): Promise<{ due: number; enqueued: number }> {
  const due = await delivery.dueEmailIds(SCAN_LIMIT);
  if (due.length === 0) return { due: 0, enqueued: 0 };
  const states = (await connection.eval(DELIVER_JOB_STATES, 2, queue.toKey('failed'), queue.toKey('completed'), queue.toKey(''), ...due)) as number[];
  const finished = due.filter((_, i) => states[i] === FINISHED);
  // Sent together: one wait, however many. A job that a worker took up meanwhile (another scan enqueued it again)
  // stays, as BullMQ does not remove a job being sent, and the add below is then a no-op.
  await Promise.all(finished.map((emailId) => queue.remove(emailId).catch(() => 0)));
  const fresh = due.filter((_, i) => states[i] === NO_JOB || states[i] === FINISHED);
  if (fresh.length > 0) await queue.addBulk(fresh.map((emailId) => deliverJob(emailId, delivery.policy.maxAttempts)));
  return { due: due.length, enqueued: fresh.length };
}

/**
 * The deliver-email queue. A scan (rung by the doorbell, and by a safety net that covers a lost ring or a crash)
 * enqueues every due pending email as its own job, its id the email's, so an email already on its way is not
 * enqueued twice: N due emails in two Redis round trips (enqueueDueEmails) instead of 2N. Each job makes one attempt; a
 * transient failure (4xx, timeout, refused connection) is retried with exponential back-off, a permanent refusal (5xx
 * to this email) fails that job alone at once, so one bad address never holds up the others. PostgreSQL keeps the
 * state (EmailDelivery): if Redis loses the jobs, the next scan enqueues the due emails again.
 */
export async function startEmailDeliveryWorker(
  delivery: EmailDelivery,
  /** The deliver-email queue (QUEUES.email), opened by the caller with the process's other queues. */
  queue: Queue,
  connection: Redis,
  prefix: string,
  { safetyNetMs, jobLockMs }: { safetyNetMs: number; jobLockMs: number },
  logger: Logger,
): Promise<RunningEmailDelivery> {
  await scheduleProjectorSafetyNet(queue, safetyNetMs);

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
    queue.name,
    async (job: Job, token?: string) => (job.name === DELIVER_JOB ? deliver(job as Job<DeliverJobData>, token) : enqueueDueEmails(delivery, queue, connection)),
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
    doorbell,
    async close() {
      await worker.close();
      await doorbell.settled();
    },
  };
}
