import { hostname } from 'node:os';
import cron from 'node-cron';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import type { RuntimeConfig } from '@autobest/domain';
import { abandonedConversations } from './abandonedConversations';
import { abandonedUploads } from './abandonedUploads';
import { expiredPhotoUploads } from './expiredPhotoUploads';
import { expiredAnalyticsEvents } from './expiredAnalytics';
import { endedStaffSessions } from './staffSessions';

export interface SweepContext {
  db: Db;
  config: RuntimeConfig;
  /** The moment the sweep judges by (a test passes its own). */
  now: Date;
}

/** One kind of leftover that housekeeping deletes on a schedule. Running a sweep twice deletes nothing more. */
export interface Sweep {
  name: string;
  /** A cron expression, in UTC. */
  schedule: string;
  /** Deletes what is no longer needed and says how many it deleted. */
  run(context: SweepContext): Promise<number>;
}

/** Every sweep housekeeping runs. */
export const sweeps: readonly Sweep[] = [endedStaffSessions, abandonedUploads, expiredPhotoUploads, expiredAnalyticsEvents, abandonedConversations];

/** A host that has not run a sweep for this long is gone (a replaced container): its rows leave the metrics. */
const FORGET_HOSTS_AFTER_DAYS = 7;
const ERROR_TEXT_LIMIT = 1_000;

export interface SweepRun {
  removed: number;
  error?: string;
}

/**
 * Runs one sweep, logs what it removed (or why it failed) and records the run in housekeeping_runs, where the API's
 * /metrics reads it: the sweeps run in every workers process, the metrics are served by the API. Never throws: a
 * failed sweep is tried again at its next time.
 */
export async function runSweep(sweep: Sweep, context: SweepContext, host: string, logger: Pick<Logger, 'info' | 'error'>): Promise<SweepRun> {
  const startedAt = new Date();
  let run: SweepRun;
  try {
    run = { removed: await sweep.run(context) };
    logger.info({ sweep: sweep.name, removed: run.removed }, 'housekeeping sweep done');
  } catch (error) {
    run = { removed: 0, error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT) };
    logger.error({ err: error, sweep: sweep.name }, 'housekeeping sweep failed');
  }
  try {
    const finishedAt = new Date();
    await context.db
      .insertInto('housekeeping_runs')
      .values({
        sweep: sweep.name,
        host,
        started_at: startedAt,
        finished_at: finishedAt,
        removed: run.removed,
        error: run.error ?? null,
        last_success_at: run.error === undefined ? finishedAt : null,
      })
      .onConflict((conflict) =>
        conflict.columns(['sweep', 'host']).doUpdateSet((eb) => ({
          started_at: eb.ref('excluded.started_at'),
          finished_at: eb.ref('excluded.finished_at'),
          removed: eb.ref('excluded.removed'),
          error: eb.ref('excluded.error'),
          last_success_at: sql`coalesce(excluded.last_success_at, housekeeping_runs.last_success_at)`,
        })),
      )
      .execute();
    await context.db
      .deleteFrom('housekeeping_runs')
      .where('finished_at', '<', new Date(finishedAt.getTime() - FORGET_HOSTS_AFTER_DAYS * 86_400_000))
      .execute();
  } catch (error) {
    logger.error({ err: error, sweep: sweep.name }, 'housekeeping run could not be recorded');
  }
  return run;
}

export interface Housekeeping {
  /** Stops scheduling and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export interface HousekeepingOptions {
  /** The name runs are recorded under; the machine's host name by default. */
  host?: string;
}

/**
 * Runs each sweep on its schedule with node-cron, in this process. Every workers process on every host runs them:
 * the sweeps are idempotent deletes, so running twice costs a query, and no queue or leader is needed (the uploads
 * sweep looks at this host's UPLOADS_DIR).
 */
export function startHousekeeping(db: Db, config: RuntimeConfig, logger: Logger, { host = hostname() }: HousekeepingOptions = {}): Housekeeping {
  const inProgress = new Set<Promise<SweepRun>>();
  const tasks = sweeps.map((sweep) =>
    cron.schedule(
      sweep.schedule,
      () => {
        const run = runSweep(sweep, { db, config, now: new Date() }, host, logger);
        inProgress.add(run);
        return run.finally(() => inProgress.delete(run));
      },
      { name: `housekeeping-${sweep.name}`, timezone: 'Etc/UTC', noOverlap: true },
    ),
  );
  return {
    async stop() {
      await Promise.all(tasks.map((task) => task.destroy()));
      await Promise.all(inProgress);
    },
  };
}
