import { sql, type Kysely } from 'kysely';

/**
 * Staff accounts (issue 17): an invited person has no password until they choose one through a set-password link;
 * sign-ins are dated; sessions get an id a person can name to end one (the token digest stays the key, never shown)
 * and the browser that opened them. Every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_users alter column password_hash drop not null`.execute(db);
  await sql`alter table staff_users add column if not exists last_sign_in_at timestamptz`.execute(db);

  await sql`alter table staff_sessions add column if not exists id uuid not null default gen_random_uuid()`.execute(db);
  await sql`create unique index if not exists staff_sessions_id on staff_sessions (id)`.execute(db);
  await sql`alter table staff_sessions add column if not exists user_agent text`.execute(db);
  await sql`create index if not exists staff_sessions_user on staff_sessions (staff_user_id)`.execute(db);

  // At most one live link per person: issuing a new one replaces the row, so the old link stops working. The token
  // itself is kept nowhere (see @autobest/runtime staff/passwordLinks.ts); a used link's row is deleted.
  await sql`
    create table if not exists staff_password_links (
      id uuid primary key,
      staff_user_id uuid not null unique references staff_users (id) on delete cascade,
      purpose text not null check (purpose in ('invite', 'reset')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);

  // The outbox email that carries a set-password link: the deliverer puts the link's token in when it sends it, so
  // the copy kept here and shown in the console holds a placeholder, never a working link.
  await sql`alter table sent_emails add column if not exists password_link_for uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_emails drop column if exists password_link_for`.execute(db);
  await sql`drop table if exists staff_password_links`.execute(db);
  await sql`drop index if exists staff_sessions_user`.execute(db);
  await sql`alter table staff_sessions drop column if exists user_agent`.execute(db);
  await sql`drop index if exists staff_sessions_id`.execute(db);
  await sql`alter table staff_sessions drop column if exists id`.execute(db);
  await sql`alter table staff_users drop column if exists last_sign_in_at`.execute(db);
  // Invited people who never chose a password cannot sign in either way; the old schema has no place for them.
  await sql`delete from staff_users where password_hash is null`.execute(db);
  await sql`alter table staff_users alter column password_hash set not null`.execute(db);
}
