import type { Db } from '@autobest/db';
import { runsMissedSince } from '../http/schedules';

export interface FeedProblem {
  name: string;
  /** Not read successfully within two NEWS_CRON intervals. */
  stale: boolean;
  /** The last read failed. */
  failing: boolean;
  consecutiveFailures: number;
  lastError: string | null;
  lastSuccessAt: Date | null;
}

export interface FeedHealth {
  /** Enabled sources. */
  sources: number;
  problems: FeedProblem[];
  stale: number;
  failing: number;
}

/**
 * The enabled feeds that were not refreshed within two NEWS_CRON intervals (counted from their last successful read,
 * or from when they were added if never read; a 304 counts as a refresh) and those whose last read failed.
 */
export async function feedHealth(db: Db, cron: string, now = new Date()): Promise<FeedHealth> {
  const rows = await db
    .selectFrom('news_sources as s')
    .leftJoin('news_fetch_states as f', 'f.source_id', 's.id')
    .where('s.enabled', '=', true)
    .select(['s.name', 's.created_at', 'f.last_success_at', 'f.consecutive_failures', 'f.last_error'])
    .orderBy('s.name')
    .execute();
  const problems: FeedProblem[] = [];
  for (const row of rows) {
    const refreshed = new Date(row.last_success_at ?? row.created_at).getTime();
    const stale = runsMissedSince(cron, refreshed, now.getTime(), 2) >= 2;
    const failures = row.consecutive_failures ?? 0;
    if (stale || failures > 0) {
      problems.push({
        name: row.name,
        stale,
        failing: failures > 0,
        consecutiveFailures: failures,
        lastError: row.last_error ?? null,
        lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : null,
      });
    }
  }
  return { sources: rows.length, problems, stale: problems.filter((problem) => problem.stale).length, failing: problems.filter((problem) => problem.failing).length };
}

/** One line per problem, as staff read it. */
export function describeFeedProblem(problem: FeedProblem): string {
  const parts = [problem.name];
  if (problem.stale) parts.push(problem.lastSuccessAt ? `not refreshed since ${problem.lastSuccessAt.toISOString()}` : 'never read successfully');
  if (problem.failing) parts.push(`failing ${problem.consecutiveFailures} time${problem.consecutiveFailures === 1 ? '' : 's'} in a row${problem.lastError ? ` (${problem.lastError})` : ''}`);
  return parts.join(': ');
}
