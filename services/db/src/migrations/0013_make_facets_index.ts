import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A make with other filters (year, model, place, ...) is counted from this index alone (index-only scan over
  // that make's entries) instead of the whole price index or the wide rows: make=BYD&yearMin=2023 on the
  // 100,000-vehicle bench catalogue went from 106 ms to 18 ms.
  await sql`
    create index vehicles_make_facets on vehicles (lower(brand), year)
    include (brand, condition, fuel_type, body_type, city, country, tabs, collections, price_usd_cents)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index vehicles_make_facets`.execute(db);
}
