import { sql, type Kysely } from 'kysely';

/** The columns a search filters, sorts and counts by: a copy of theirs in vehicles, kept by the vehicles projection. */
const SEARCH_COLUMNS = 'id, price_usd_cents, year, listed_at, rating, brand, model, condition, fuel_type, body_type, city, country, tabs, collections, is_featured, search';

/** Indexes of vehicles that only searches used; they move to vehicle_search. */
const SEARCH_INDEXES = [
  'vehicles_search',
  'vehicles_tabs',
  'vehicles_collections',
  'vehicles_brand_model',
  'vehicles_make_facets',
  'vehicles_condition',
  'vehicles_fuel',
  'vehicles_body',
  'vehicles_city',
  'vehicles_country',
  'vehicles_rating',
  'vehicles_featured',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // A vehicles row is about 1.6 KB (images, specifications, features, description): a search matching 15,000 of
  // them read 11,700 pages to count facets. This table keeps only what a search filters, sorts and counts by,
  // about 350 bytes a row, so the same search reads a fifth of the pages and the whole table stays in memory;
  // a page's items are then fetched by id from vehicles.
  await sql`
    create table vehicle_search (
      id text primary key,
      price_usd_cents bigint not null,
      year integer not null,
      listed_at timestamptz not null,
      rating numeric(3, 2) not null,
      brand text not null,
      model text not null,
      condition text not null,
      fuel_type text not null,
      body_type text not null,
      city text not null,
      country text not null,
      tabs text[] not null,
      collections text[] not null,
      is_featured boolean not null,
      search tsvector not null
    )`.execute(db);
  await sql`create index vehicle_search_text on vehicle_search using gin (search)`.execute(db);
  await sql`create index vehicle_search_tabs on vehicle_search using gin (tabs)`.execute(db);
  await sql`create index vehicle_search_collections on vehicle_search using gin (collections)`.execute(db);
  await sql`create index vehicle_search_make on vehicle_search (lower(brand), lower(model), year)`.execute(db);
  await sql`create index vehicle_search_price on vehicle_search (price_usd_cents, id)`.execute(db);
  await sql`create index vehicle_search_newest on vehicle_search (listed_at desc, id)`.execute(db);
  await sql`create index vehicle_search_year on vehicle_search (year desc, id)`.execute(db);
  await sql`create index vehicle_search_rating on vehicle_search (rating desc, id)`.execute(db);
  await sql`create index vehicle_search_condition on vehicle_search (condition, listed_at desc)`.execute(db);
  await sql`create index vehicle_search_fuel on vehicle_search (fuel_type, listed_at desc)`.execute(db);
  await sql`create index vehicle_search_body on vehicle_search (body_type, listed_at desc)`.execute(db);
  await sql`create index vehicle_search_city on vehicle_search (lower(city))`.execute(db);
  await sql`create index vehicle_search_country on vehicle_search (lower(country))`.execute(db);
  await sql`create index vehicle_search_featured on vehicle_search (is_featured) where is_featured`.execute(db);

  // vehicles keeps what the staff console sorts by; every write no longer updates a dozen search indexes.
  for (const index of SEARCH_INDEXES) await sql`drop index ${sql.raw(index)}`.execute(db);
  await sql`drop index vehicles_price`.execute(db);
  await sql`create index vehicles_price on vehicles (price_usd_cents, id)`.execute(db);

  // Filled from the catalogue as it is, instead of replaying every event with search empty meanwhile. The
  // checkpoint row is locked first, as a projector batch does, so a batch in flight has committed before the
  // copy is read and the next one (which keeps vehicle_search itself) waits until this one commits.
  await sql`update processor_checkpoints set updated_at = now() where processor_name = 'vehicles'`.execute(db);
  await sql`insert into vehicle_search (${sql.raw(SEARCH_COLUMNS)}) select ${sql.raw(SEARCH_COLUMNS)} from vehicles`.execute(db);
  await sql`analyze vehicle_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vehicle_search`.execute(db);
  await sql`drop index vehicles_price`.execute(db);
  await sql`create index vehicles_price on vehicles (price_usd_cents, id) include (brand, condition, fuel_type, body_type, year, city, country, tabs, collections)`.execute(db);
  await sql`create index vehicles_search on vehicles using gin (search)`.execute(db);
  await sql`create index vehicles_tabs on vehicles using gin (tabs)`.execute(db);
  await sql`create index vehicles_collections on vehicles using gin (collections)`.execute(db);
  await sql`create index vehicles_brand_model on vehicles (lower(brand), lower(model))`.execute(db);
  await sql`
    create index vehicles_make_facets on vehicles (lower(brand), year)
    include (brand, condition, fuel_type, body_type, city, country, tabs, collections, price_usd_cents)`.execute(db);
  await sql`create index vehicles_condition on vehicles (condition, listed_at desc)`.execute(db);
  await sql`create index vehicles_fuel on vehicles (fuel_type, listed_at desc)`.execute(db);
  await sql`create index vehicles_body on vehicles (body_type, listed_at desc)`.execute(db);
  await sql`create index vehicles_city on vehicles (lower(city))`.execute(db);
  await sql`create index vehicles_country on vehicles (lower(country))`.execute(db);
  await sql`create index vehicles_rating on vehicles (rating desc, id)`.execute(db);
  await sql`create index vehicles_featured on vehicles (is_featured) where is_featured`.execute(db);
}
