import { sql, type Kysely } from 'kysely';

const FOLLOW_UP_COLUMNS = sql`
  add column status text not null default 'new' check (status in ('new', 'contacted', 'closed')),
  add column status_history jsonb not null default '[]',
  add column notes jsonb not null default '[]',
  add column last_updated timestamptz,
  add column version integer not null default 1`;

/**
 * Contact messages and reservation requests are followed up like enquiries (status, history, notes), and enquiries
 * gain notes. Every row already kept has had one event, its arrival, so the defaults are what a rebuild would write:
 * new, no history, no notes, version 1, and English (requests did not say their language before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages add column language text not null default 'en', ${FOLLOW_UP_COLUMNS}`.execute(db);
  await sql`alter table reservation_requests add column email text, add column language text not null default 'en', ${FOLLOW_UP_COLUMNS}`.execute(db);
  await sql`alter table enquiries add column notes jsonb not null default '[]'`.execute(db);
  // The console lists newest first, alone, within one status or one vehicle; the QA checks count new ones by age.
  await sql`create index contact_messages_status_received on contact_messages (status, received_at desc, id)`.execute(db);
  await sql`create index reservation_requests_status_requested on reservation_requests (status, requested_at desc, id)`.execute(db);
  await sql`create index reservation_requests_vehicle_requested on reservation_requests (vehicle_id, requested_at desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reservation_requests_vehicle_requested`.execute(db);
  await sql`drop index reservation_requests_status_requested`.execute(db);
  await sql`drop index contact_messages_status_received`.execute(db);
  await sql`alter table enquiries drop column notes`.execute(db);
  for (const table of ['reservation_requests', 'contact_messages']) {
    await sql`alter table ${sql.table(table)} drop column status, drop column status_history, drop column notes, drop column last_updated, drop column version, drop column language`.execute(db);
  }
  await sql`alter table reservation_requests drop column email`.execute(db);
}
