import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The workers' housekeeping sweeps run on every host; the API reads how each one last went for /metrics. One row per
  // sweep and host, overwritten by each run: the table stays as small as the number of hosts.
  await sql`
    create table housekeeping_runs (
      sweep text not null,
      host text not null,
      started_at timestamptz not null,
      finished_at timestamptz not null,
      removed bigint not null,
      error text,
      last_success_at timestamptz,
      primary key (sweep, host)
    )`.execute(db);
  // The retention sweep deletes by age, and the console's charts read a period back from now.
  await sql`create index analytics_events_by_time on analytics_events (occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analytics_events_by_time`.execute(db);
  await sql`drop table housekeeping_runs`.execute(db);
}
