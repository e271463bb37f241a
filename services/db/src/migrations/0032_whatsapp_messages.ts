import { sql, type Kysely } from 'kysely';

/**
 * The WhatsApp outbox (issue 41), the sibling of sent_emails: the notifier writes one row per (event, template) in its
 * projection transaction, the deliver-whatsapp queue sends it through the Cloud API and keeps its answer
 * (wa_message_id), and the webhook records what became of it (delivered, read, failed with the API's error code).
 * whatsapp_stops keeps each phone that replied STOP: requests made before that get no more messages.
 * Every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists whatsapp_messages (
      id uuid primary key default gen_random_uuid(),
      event_id uuid not null,
      template text not null,
      language text not null,
      to_phone text not null check (to_phone ~ '^[1-9][0-9]{7,14}$'),
      parameters jsonb not null,
      related_id text,
      status_token_for text,
      status text not null check (status in ('pending', 'sent', 'delivered', 'read', 'failed', 'withdrawn')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      claimed_until timestamptz,
      transport text,
      wa_message_id text,
      last_error text,
      error_code integer,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      delivered_at timestamptz,
      read_at timestamptz,
      failed_at timestamptz,
      unique (event_id, template)
    )`.execute(db);
  // The deliverer's scan for due messages: only unsent rows.
  await sql`create index if not exists whatsapp_messages_pending on whatsapp_messages (next_attempt_at) where status = 'pending'`.execute(db);
  // The webhook finds a message by the id the API gave it.
  await sql`create unique index if not exists whatsapp_messages_wa_id on whatsapp_messages (wa_message_id) where wa_message_id is not null`.execute(db);
  await sql`create index if not exists whatsapp_messages_phone on whatsapp_messages (to_phone, created_at desc)`.execute(db);
  await sql`create index if not exists whatsapp_messages_related on whatsapp_messages (related_id)`.execute(db);
  await sql`
    create table if not exists whatsapp_stops (
      phone text primary key,
      stopped_at timestamptz not null default now(),
      wa_message_id text
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists whatsapp_stops`.execute(db);
  await sql`drop table if exists whatsapp_messages`.execute(db);
}
