import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One read model for both kinds: the console's two resources differ only in kind and the value's name.
  await sql`
    create table submissions (
      id text primary key,
      kind text not null check (kind in ('sell-car', 'trade-in')),
      submitted_at timestamptz not null,
      full_name text not null,
      phone_number text not null,
      email text not null,
      make text not null,
      model text not null,
      year text not null,
      odometer text not null,
      fuel_type text not null,
      transmission text not null,
      vin text,
      known_issues text,
      under_finance boolean not null,
      asking_price text,
      status text not null,
      last_updated timestamptz,
      value_minor bigint,
      notes jsonb not null default '[]',
      photos jsonb not null,
      status_token_hash text not null,
      version integer not null,
      global_position bigint not null
    )`.execute(db);
  await sql`create index submissions_newest on submissions (kind, submitted_at desc, id)`.execute(db);
  await sql`create index submissions_status on submissions (kind, status)`.execute(db);

  // Written by the notifier after each email; (event_id, template) makes sending idempotent per event.
  await sql`
    create table sent_emails (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null,
      template text not null,
      to_address text not null,
      subject text not null,
      html text not null,
      text text not null,
      transport text not null,
      message_id text,
      related_id text,
      sent_at timestamptz not null default now(),
      unique (event_id, template)
    )`.execute(db);
  await sql`create index sent_emails_newest on sent_emails (sent_at desc)`.execute(db);

  // A client's Idempotency-Key and the answer it got, so a retry gets the same answer instead of a duplicate.
  await sql`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      response jsonb,
      created_at timestamptz not null default now(),
      primary key (scope, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
  await sql`drop table sent_emails`.execute(db);
  await sql`drop table submissions`.execute(db);
}
