import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table collected_records (
      variant_id text primary key,
      record jsonb not null,
      status text not null,
      issues text[] not null,
      updated_at timestamptz not null,
      updated_by text,
      version integer not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table collected_records`.execute(db);
}
