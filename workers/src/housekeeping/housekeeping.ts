import cron from 'node-cron';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import type { RuntimeConfig } from '@autobest/domain';
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
export const sweeps: readonly Sweep[] = [endedStaffSessions];

export interface Housekeeping {
  /** Stops scheduling and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Runs each sweep on its schedule with node-cron, in this process. Every workers process on every host runs them:
 * the sweeps are idempotent deletes, so running twice costs a query, and no queue or leader is needed.
 */
export function startHousekeeping(db: Db, config: RuntimeConfig, logger: Logger): Housekeeping {
  const inProgress = new Set<Promise<void>>();
  const tasks = sweeps.map((sweep) =>
    cron.schedule(
      sweep.schedule,
      () => {
        const run = sweep.run({ db, config, now: new Date() }).then(
          (deleted) => logger.info({ sweep: sweep.name, deleted }, 'housekeeping sweep done'),
          (error: unknown) => logger.error({ err: error, sweep: sweep.name }, 'housekeeping sweep failed'),
        );
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
