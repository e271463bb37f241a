import { sql, type Kysely } from 'kysely';

/**
 * Each of Tara's replies in the console's transcript says which engine answered it (issue 40.5: 'rules' or 'model',
 * and why the rules engine answered when the language model was tried first) and every slot she understood after it.
 * Null on the buyer's messages and her other words (the greeting, the hand-off answer). Replies projected before were
 * all the rules engine's, and are marked so here (their slots come back with a rebuild, which reads their events).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table conversation_messages
      add column if not exists engine text check (engine in ('rules', 'model')),
      add column if not exists fallback text,
      add column if not exists context jsonb`.execute(db);
  await sql`update conversation_messages set engine = 'rules' where not is_user and id <> 'greeting' and id not like 'handoff-%' and engine is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conversation_messages drop column if exists engine, drop column if exists fallback, drop column if exists context`.execute(db);
}
