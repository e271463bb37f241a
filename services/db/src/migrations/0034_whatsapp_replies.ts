import { sql, type Kysely } from 'kysely';

/**
 * Customers' text replies on WhatsApp (issue 41), one row per message id the webhook named: a replayed webhook adds
 * nothing (the primary key), and the reply's event on its request is appended in the same transaction as its row, so
 * it is recorded once. A reply from a number with no open request is kept with no request (related_id null) and
 * goes no further. The text is the customer's, at most WhatsApp's 4,096 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists whatsapp_replies (
      wa_message_id text primary key,
      from_phone text not null,
      text text not null,
      received_at timestamptz not null,
      related_id text,
      stream_id text,
      recorded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists whatsapp_replies_phone on whatsapp_replies (from_phone, received_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists whatsapp_replies`.execute(db);
}
