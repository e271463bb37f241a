import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_position bigint not null check (stream_position > 0),
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      occurred_at timestamptz not null default now(),
      primary key (stream_id, stream_position)
    )`.execute(db);
  // readAll walks this order; a plain global_position index would invite the skipping bug.
  await sql`create unique index events_transaction_order on events (transaction_id, global_position)`.execute(db);
  await sql`create index events_type on events (type)`.execute(db);

  await sql`
    create table processor_checkpoints (
      processor_name text primary key,
      last_transaction_id xid8 not null default '0',
      last_global_position bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table processor_checkpoints`.execute(db);
  await sql`drop table events`.execute(db);
}
