import { sql, type Kysely } from 'kysely';

/**
 * Each of Tara's replies in the console's transcript says which slots the language model read in the buyer's message
 * (issue 40.5, set_preferences), beside the engine 0036 added. Null when it set none, and on every other message;
 * replies projected before get theirs with a rebuild, which reads their events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages add column if not exists model_slots jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages drop column if exists model_slots`.execute(db);
}
