import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Planner settings for the statements of one transaction, where PostgreSQL's estimates mislead it; each caller says
 * why it needs them. Only these names: each is a setting a statement of ours was measured to need.
 */
export interface PlannerSettings {
  enable_bitmapscan?: 'off';
  max_parallel_workers_per_gather?: '0';
  jit?: 'off';
}

/**
 * Runs `run` in a transaction whose statements PostgreSQL plans with `settings` (`set local`: they end with it). Four
 * round trips where the statement alone is one: begin, the settings in one statement, the statement, commit. Given a
 * transaction already (a metrics collector's), it runs in that one, and the settings last until it ends.
 */
export async function withPlannerSettings<T>(db: Kysely<Database>, settings: PlannerSettings, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const given = Object.entries(settings).filter((setting): setting is [string, string] => setting[1] !== undefined);
  const inPlan = async (trx: Transaction<Database>) => {
    if (given.length > 0) await sql`select ${sql.join(given.map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(trx);
    return run(trx);
  };
  return db.isTransaction ? inPlan(db as Transaction<Database>) : db.transaction().execute(inPlan);
}
