import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_users (
      id uuid primary key,
      email text not null,
      display_name text not null,
      password_hash text not null,
      role text not null default 'admin',
      created_at timestamptz not null default now(),
      disabled_at timestamptz
    )`.execute(db);
  await sql`create unique index staff_users_email on staff_users (lower(email))`.execute(db);

  await sql`
    create table staff_sessions (
      token_hash text primary key,
      staff_user_id uuid not null references staff_users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index staff_sessions_expiry on staff_sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_sessions`.execute(db);
  await sql`drop table staff_users`.execute(db);
}
