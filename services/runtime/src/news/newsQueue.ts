import type { Queue } from 'bullmq';
import { QUEUES } from '../queues/queues';

/** The queue of the news worker: the scheduled read of every feed, and single feeds (Fetch now, retries). */
export const NEWS_QUEUE = QUEUES.news;

/** The job that reads one source's feed; its data names the source. */
export const FETCH_SOURCE_JOB = 'fetch-source';

export interface FetchSourceJob {
  sourceId: string;
  /** Staff asked (Fetch now): read it even while a failing feed waits for its next attempt. */
  requested: boolean;
}

/**
 * Asks the workers to read one source's feed now. Pressing Fetch now again while it is still waiting adds nothing
 * (one job per source waits at a time); the worker holds a lease per source, so a scheduled read and this one never
 * read the same feed at once.
 */
export async function requestFeedFetch(queue: Queue, sourceId: string): Promise<void> {
  const data: FetchSourceJob = { sourceId, requested: true };
  await queue.add(FETCH_SOURCE_JOB, data, { deduplication: { id: `fetch-now-${sourceId}` }, removeOnComplete: true, removeOnFail: 100 });
}
