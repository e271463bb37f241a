import { sql, type Kysely } from 'kysely';

/**
 * Delivery statuses that arrive before the send result (issue 41): the Cloud API may post "sent" or even "delivered"
 * for a message before our deliverer has written the wa_message_id it answered with. The webhook keeps such a status
 * here, keyed by that id; the deliverer applies what is kept when it writes the id (statuses never moving back) and
 * deletes it. Both take the same transaction-level advisory lock on the id, so neither can miss the other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists whatsapp_early_statuses (
      wa_message_id text not null,
      status text not null check (status in ('sent', 'delivered', 'read', 'failed')),
      at timestamptz not null,
      error_code integer,
      last_error text,
      received_at timestamptz not null default now(),
      primary key (wa_message_id, status)
    )`.execute(db);
  // Reports about messages that are not ours go after a day.
  await sql`create index if not exists whatsapp_early_statuses_received on whatsapp_early_statuses (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists whatsapp_early_statuses`.execute(db);
}
