import { sql, type Kysely } from 'kysely';

/**
 * An email of the outbox can be withdrawn: it was still pending when the request it is about was deleted, so it never
 * goes out (a deleted request's owner gets no "we received it" or status email afterwards). Runs again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop constraint if exists sent_emails_status_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_status_check check (status in ('pending', 'sent', 'failed', 'withdrawn'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sent_emails set status = 'failed' where status = 'withdrawn'`.execute(db);
  await sql`alter table sent_emails drop constraint if exists sent_emails_status_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_status_check check (status in ('pending', 'sent', 'failed'))`.execute(db);
}
