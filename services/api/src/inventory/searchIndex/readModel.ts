import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { compareIds, type IndexedVehicle } from './searchIndex';

/**
 * vehicle_search rows as the index holds them (all, or those of `ids`): lower case and lexemes computed by
 * PostgreSQL itself, so the index compares exactly what the SQL search compares.
 */
export async function readIndexedVehicles(db: Db, ids?: readonly string[], page?: { after: string; limit: number }): Promise<IndexedVehicle[]> {
  const rows = await db
    .selectFrom('vehicle_search')
    .select([
      'id',
      sql<string>`price_usd_cents::text`.as('price'),
      'year',
      sql<string>`(extract(epoch from listed_at) * 1000000)::bigint::text`.as('listed'),
      sql<number>`(rating * 100)::int`.as('rating'),
      'brand',
      'condition',
      'fuel_type',
      'body_type',
      'city',
      'tabs',
      'collections',
      'is_featured',
      'ev_range_km',
      sql<string>`lower(brand)`.as('brand_lower'),
      sql<string>`lower(model)`.as('model_lower'),
      sql<string>`lower(city)`.as('city_lower'),
      sql<string>`lower(country)`.as('country_lower'),
      sql<string[]>`tsvector_to_array(search)`.as('lexemes'),
    ])
    .$if(ids !== undefined, (query) => query.where('id', '=', sql<string>`any(${ids ?? []}::text[])`))
    .$if(page !== undefined, (query) => query.where('id', '>', page!.after).orderBy('id').limit(page!.limit))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    priceUsdCents: Number(row.price),
    year: row.year,
    listedAtMicros: Number(row.listed),
    ratingHundredths: row.rating,
    brand: row.brand,
    condition: row.condition,
    fuelType: row.fuel_type,
    bodyType: row.body_type,
    city: row.city,
    tabs: row.tabs,
    collections: row.collections,
    isFeatured: row.is_featured,
    evRangeKm: row.ev_range_km,
    brandLower: row.brand_lower,
    modelLower: row.model_lower,
    cityLower: row.city_lower,
    countryLower: row.country_lower,
    lexemes: row.lexemes,
  }));
}

/** Every vehicle_search row, a page at a time (by id), so a whole load never holds more than a page of rows twice. */
export async function* everyIndexedVehicle(db: Db, pageSize = 10_000): AsyncGenerator<IndexedVehicle[]> {
  for (let after = ''; ; ) {
    const page = await readIndexedVehicles(db, undefined, { after, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}

/** Ids whose order differs between code points and the usual language collations (case, `.`, `_` and `-`). */
const SAMPLE_IDS = ['a-b_c', 'A_b', 'a.b-strasse', 'ab', 'B', 'Skoda-enyaq', 'skoda-octavia', '0-9', 'z_9', 'Z.9'];

/**
 * Whether vehicle_search's ids sort here as the index sorts them, by code point: otherwise the index would order ties
 * differently from SQL, and the search stays in SQL. Asked of the column itself (a union takes its collation), since a
 * database's collation settings do not tell: an ICU database reports `C.UTF-8` and sorts as its locale does. Migration
 * 0030 gives the column the "C" collation whatever the database's is.
 */
export async function collationMatchesIndex(db: Db): Promise<boolean> {
  const { rows } = await sql<{ sorted: string[] | null }>`
    select array_agg(v.id order by v.id) as sorted
    from (select id from vehicle_search where false union all select unnest(${SAMPLE_IDS}::text[])) as v (id)`.execute(db);
  return JSON.stringify(rows[0]?.sorted) === JSON.stringify([...SAMPLE_IDS].sort(compareIds));
}
