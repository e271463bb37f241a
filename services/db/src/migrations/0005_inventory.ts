import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vehicles (
      id text primary key,
      name text not null,
      subtitle text not null,
      description text not null,
      price_minor bigint not null,
      price_currency text not null,
      -- US cents at the spec's fallback rates for non-USD prices: a stable sort and filter key.
      price_usd_cents bigint not null,
      images jsonb not null,
      specifications jsonb not null,
      features jsonb not null,
      features_text text not null,
      category text not null,
      brand text not null,
      model text not null,
      year integer not null,
      rating numeric(3, 2) not null,
      review_count integer not null,
      in_stock boolean not null,
      is_new boolean not null,
      is_featured boolean not null,
      source_url text not null,
      condition text not null,
      fuel_type text not null,
      body_type text not null,
      transmission text not null,
      odometer_km integer not null,
      city text not null,
      country text not null,
      tabs text[] not null,
      search tsvector generated always as (
        to_tsvector('simple', name || ' ' || brand || ' ' || model || ' ' || category || ' ' || features_text)
      ) stored,
      listed_at timestamptz not null,
      updated_at timestamptz not null,
      version integer not null,
      global_position bigint not null
    )`.execute(db);
  await sql`create index vehicles_search on vehicles using gin (search)`.execute(db);
  await sql`create index vehicles_tabs on vehicles using gin (tabs)`.execute(db);
  await sql`create index vehicles_brand_model on vehicles (lower(brand), lower(model))`.execute(db);
  await sql`create index vehicles_price on vehicles (price_usd_cents, id)`.execute(db);
  await sql`create index vehicles_year on vehicles (year desc, id)`.execute(db);
  await sql`create index vehicles_newest on vehicles (listed_at desc, id)`.execute(db);
  await sql`create index vehicles_rating on vehicles (rating desc, id)`.execute(db);
  await sql`create index vehicles_featured on vehicles (is_featured) where is_featured`.execute(db);

  await sql`
    create table reservation_requests (
      id uuid primary key,
      vehicle_id text not null,
      vehicle_name text not null,
      name text not null,
      phone text not null,
      requested_at timestamptz not null
    )`.execute(db);
  await sql`create index reservation_requests_newest on reservation_requests (requested_at desc)`.execute(db);

  // Written by the rates worker; the newest row is "the current rates".
  await sql`
    create table rate_snapshots (
      id bigint generated always as identity primary key,
      source text not null,
      fetched_at timestamptz not null default now(),
      rates jsonb not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_snapshots`.execute(db);
  await sql`drop table reservation_requests`.execute(db);
  await sql`drop table vehicles`.execute(db);
}
