import { sql, type Kysely } from 'kysely';

/**
 * When the person asked for the WhatsApp updates a message belongs to (issue 41): a STOP withdraws the waiting messages
 * of requests asked for before it, and only those, so a STOP that Meta posts again, or late, cannot take away the
 * messages of a request the person made after it. Rows written before (null) read as asked for before any STOP.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table whatsapp_messages add column if not exists asked_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table whatsapp_messages drop column if exists asked_at`.execute(db);
}
