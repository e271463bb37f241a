import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in for staff (issue 17.3): a TOTP secret per person, kept encrypted (AES-256-GCM under a key derived
 * from the installation secret, see the API's staff/twoFactor.ts), dated when confirmed (a secret without that date is
 * an enrolment under way), and the last time step used, so a code works once. Recovery codes are kept only as SHA-256
 * digests; a used one is dated, not deleted, so "codes left" counts the rest. Every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_users add column if not exists two_factor_secret text`.execute(db);
  await sql`alter table staff_users add column if not exists two_factor_enabled_at timestamptz`.execute(db);
  await sql`alter table staff_users add column if not exists two_factor_last_step integer`.execute(db);
  await sql`
    create table if not exists staff_recovery_codes (
      staff_user_id uuid not null references staff_users (id) on delete cascade,
      code_digest text not null,
      used_at timestamptz,
      primary key (staff_user_id, code_digest)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists staff_recovery_codes`.execute(db);
  await sql`alter table staff_users drop column if exists two_factor_last_step`.execute(db);
  await sql`alter table staff_users drop column if exists two_factor_enabled_at`.execute(db);
  await sql`alter table staff_users drop column if exists two_factor_secret`.execute(db);
}
