import { Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import { FETCH_SOURCE_JOB, type FetchSourceJob } from '@autobest/runtime';
import { runFellDueSince, scheduleCronJob } from '../platform/cronScheduler';
import { readSource, type NewsReaderSettings, type ReadOutcome } from './ingest';

export interface NewsSettings extends NewsReaderSettings {
  /** NEWS_CRON: when every enabled feed is read, in UTC. */
  cron: string;
}

const NEWS_SCHEDULER = 'news-feeds-refresh';
const READ_ALL_JOB = 'read-all-feeds';
const JOB_OPTIONS = { removeOnComplete: true, removeOnFail: 20 } as const;
/** Feeds read at once by one scheduled run: a slow feed (up to its 10 s timeout) does not hold the others up. */
const READ_CONCURRENCY = 4;

/** Reads every enabled source's feed, a few at a time; a failing feed waiting for its next attempt is left alone. */
export async function readAllFeeds(db: Db, settings: NewsReaderSettings): Promise<ReadOutcome[]> {
  const sources = await db.selectFrom('news_sources').select('id').where('enabled', '=', true).orderBy('created_at').orderBy('id').execute();
  const outcomes: ReadOutcome[] = [];
  let next = 0;
  const reader = async () => {
    while (next < sources.length) {
      const { id } = sources[next++]!;
      outcomes.push(await readSource(db, settings, id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, sources.length) }, reader));
  return outcomes;
}

/** Did a scheduled read fall due since the least recently read enabled feed was read (or is one never read)? */
async function readFellDue(db: Db, cron: string, now: Date): Promise<boolean> {
  const oldest = await db
    .selectFrom('news_sources')
    .leftJoin('news_fetch_states', 'news_fetch_states.source_id', 'news_sources.id')
    .where('news_sources.enabled', '=', true)
    .select('news_fetch_states.last_fetched_at')
    .orderBy('news_fetch_states.last_fetched_at', (order) => order.asc().nullsFirst())
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return false;
  if (!oldest.last_fetched_at) return true;
  return runFellDueSince(cron, new Date(oldest.last_fetched_at), now);
}

const summaryOf = (outcomes: readonly ReadOutcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, { outcome }) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }), {});

/**
 * The news worker: every enabled feed on NEWS_CRON (and at start when a scheduled read fell due while no worker ran),
 * one feed when staff press Fetch now, and a failing feed again after its growing delay (a delayed job; the
 * scheduled read is the safety net should that job be lost).
 */
export async function startNewsWorker(
  db: Db,
  settings: NewsSettings,
  /** The news queue (QUEUES.news), opened by the caller with the process's other queues. */
  queue: Queue,
  connection: Redis,
  prefix: string,
  logger: Logger,
  now = () => new Date(),
): Promise<{ worker: Worker; schedule(): Promise<void> }> {
  const retryLater = async (outcome: ReadOutcome) => {
    if (outcome.outcome !== 'failed') return;
    logger.warn({ sourceId: outcome.sourceId, error: outcome.error, failures: outcome.failures, retryAt: outcome.retryAt }, 'news feed failed; retrying later');
    const retry: FetchSourceJob = { sourceId: outcome.sourceId, requested: false };
    await queue.add(FETCH_SOURCE_JOB, retry, { ...JOB_OPTIONS, jobId: `retry-${outcome.sourceId}-${outcome.failures}`, delay: Math.max(0, outcome.retryAt.getTime() - Date.now()) });
  };
  const worker = new Worker(
    queue.name,
    async (job: Job) => {
      if (job.name === FETCH_SOURCE_JOB) {
        const { sourceId, requested } = job.data as FetchSourceJob;
        const outcome = await readSource(db, settings, sourceId, { requested });
        await retryLater(outcome);
        return outcome.outcome;
      }
      const outcomes = await readAllFeeds(db, settings);
      for (const outcome of outcomes) await retryLater(outcome);
      const summary = summaryOf(outcomes);
      logger.info(summary, 'news feeds read');
      return summary;
    },
    { connection, prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) => logger.error({ err: error, jobId: job?.id }, 'news job failed'));
  worker.on('error', (error) => logger.error({ err: error }, 'news worker error'));
  /** One job scheduler with a fixed id on NEWS_CRON (set again when a Redis that came back empty lost it). */
  const schedule = () => scheduleCronJob(queue, { schedulerId: NEWS_SCHEDULER, pattern: settings.cron, job: { name: READ_ALL_JOB, opts: JOB_OPTIONS } });
  await schedule();
  if (await readFellDue(db, settings.cron, now())) await queue.add(READ_ALL_JOB, {}, { ...JOB_OPTIONS, deduplication: { id: 'news-read-at-start' } });
  return { worker, schedule };
}
