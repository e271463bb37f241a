import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Sessions end after a while without use as well as at their absolute expiry; sessions open now count as just used.
  await sql`alter table staff_sessions add column last_seen_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_sessions drop column last_seen_at`.execute(db);
}
