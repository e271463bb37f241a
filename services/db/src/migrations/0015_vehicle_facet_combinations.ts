import { sql, type Kysely } from 'kysely';

const FACET_COLUMNS = sql.raw('brand, condition, fuel_type, body_type, year, city, tabs, collections');
const SEARCH_COLUMNS = sql.raw('id, price_usd_cents, year, listed_at, rating, brand, model, condition, fuel_type, body_type, city, country, tabs, collections, is_featured, search');

export async function up(db: Kysely<unknown>): Promise<void> {
  // Counting facets of a search grouped every matching row by eight columns in nine grouping sets, about 1.5 µs a
  // row. The 100,000-vehicle bench catalogue has only about 7,000 distinct combinations of those values: a search
  // now counts its rows per combination (one integer) and spreads the few hundred counts over the facets.
  await sql`
    create table vehicle_facet_combinations (
      id integer generated always as identity primary key,
      brand text not null,
      condition text not null,
      fuel_type text not null,
      body_type text not null,
      year integer not null,
      city text not null,
      tabs text[] not null,
      collections text[] not null,
      unique (brand, condition, fuel_type, body_type, year, city, tabs, collections)
    )`.execute(db);

  // Refilled from the catalogue (compact, instead of updating every row) under the projection's checkpoint lock,
  // as in 0014: no batch writes vehicle_search meanwhile.
  await sql`update processor_checkpoints set updated_at = now() where processor_name = 'vehicles'`.execute(db);
  await sql`truncate table vehicle_search`.execute(db);
  await sql`alter table vehicle_search add column facets_id integer not null`.execute(db);
  await sql`insert into vehicle_facet_combinations (${FACET_COLUMNS}) select distinct ${FACET_COLUMNS} from vehicles`.execute(db);
  await sql`
    insert into vehicle_search (${SEARCH_COLUMNS}, facets_id)
    select ${SEARCH_COLUMNS}, (select id from vehicle_facet_combinations combination where (${FACET_COLUMNS}) = (vehicles.brand, vehicles.condition, vehicles.fuel_type, vehicles.body_type, vehicles.year, vehicles.city, vehicles.tabs, vehicles.collections))
    from vehicles`.execute(db);
  await sql`analyze vehicle_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicle_search drop column facets_id`.execute(db);
  await sql`drop table vehicle_facet_combinations`.execute(db);
}
