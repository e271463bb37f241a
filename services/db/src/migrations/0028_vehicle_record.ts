import { sql, type Kysely } from 'kysely';

/**
 * The whole vehicle record (issue 18.1): VIN, trim, import status and expected arrival, driving range of electric
 * and plug-in cars, and staff's pricing. The defaults are what the events listed before these fields mean (unknown,
 * in stock, no range, no pricing), so the rows stand as they are without a replay. vehicle_search gets the range, the
 * one of them a search filters by. Every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicles add column if not exists vin text not null default ''`.execute(db);
  await sql`alter table vehicles add column if not exists trim text not null default ''`.execute(db);
  await sql`alter table vehicles add column if not exists import_status text not null default 'in-stock'`.execute(db);
  await sql`alter table vehicles add column if not exists expected_arrival date`.execute(db);
  await sql`alter table vehicles add column if not exists ev_range_km integer`.execute(db);
  await sql`alter table vehicles add column if not exists pricing jsonb`.execute(db);
  await sql`alter table vehicle_search add column if not exists ev_range_km integer`.execute(db);
  // Only electric and plug-in cars have a range: a partial index of those rows, in range order.
  await sql`create index if not exists vehicle_search_ev_range on vehicle_search (ev_range_km) where ev_range_km is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists vehicle_search_ev_range`.execute(db);
  await sql`alter table vehicle_search drop column if exists ev_range_km`.execute(db);
  for (const column of ['vin', 'trim', 'import_status', 'expected_arrival', 'ev_range_km', 'pricing']) {
    await sql`alter table vehicles drop column if exists ${sql.raw(column)}`.execute(db);
  }
}
