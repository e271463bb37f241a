import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Telemetry, not business facts: a plain append-only table, outside the event store.
  await sql`
    create table analytics_events (
      id bigint generated always as identity primary key,
      session_id text not null,
      event text not null,
      properties jsonb not null,
      occurred_at timestamptz not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index analytics_events_by_event on analytics_events (event, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table analytics_events`.execute(db);
}
