import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table enquiries (
      id uuid primary key,
      kind text not null check (kind in ('deal', 'rental', 'lease', 'service-booking', 'insurance-quote')),
      full_name text not null,
      phone text not null,
      email text,
      subject text not null,
      message text,
      preferred_date text,
      details jsonb not null default '{}',
      source_path text,
      status text not null check (status in ('new', 'contacted', 'closed')),
      status_history jsonb not null default '[]',
      received_at timestamptz not null,
      last_updated timestamptz,
      version integer not null,
      global_position bigint not null,
      projected_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  // The console lists newest first, alone or within one kind or one status.
  await sql`create index enquiries_received on enquiries (received_at desc, id)`.execute(db);
  await sql`create index enquiries_kind_received on enquiries (kind, received_at desc, id)`.execute(db);
  await sql`create index enquiries_status_received on enquiries (status, received_at desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table enquiries`.execute(db);
}
