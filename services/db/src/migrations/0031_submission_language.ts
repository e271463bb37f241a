import { sql, type Kysely } from 'kysely';

/**
 * The site language a sell-car or trade-in owner used, which their emails are in and staff see in the console. Requests
 * made before the forms sent it were in English; a rebuild fills it from the events. Runs again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submissions add column if not exists language text not null default 'en'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table submissions drop column if exists language`.execute(db);
}
