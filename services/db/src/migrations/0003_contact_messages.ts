import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_messages (
      id uuid primary key,
      first_name text not null,
      last_name text not null,
      email text not null,
      phone text not null,
      message text not null,
      received_at timestamptz not null,
      global_position bigint not null,
      projected_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index contact_messages_received on contact_messages (received_at desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_messages`.execute(db);
}
