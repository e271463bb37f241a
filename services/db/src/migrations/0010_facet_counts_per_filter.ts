import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Counts also per single filter (a tab, a make, a city...): a broad one-filter search reads its facets
  // here instead of counting most of the catalogue. Empty filter_facet means the whole catalogue.
  await sql`alter table vehicle_facet_counts add column filter_facet text not null default ''`.execute(db);
  await sql`alter table vehicle_facet_counts add column filter_value text not null default ''`.execute(db);
  await sql`alter table vehicle_facet_counts drop constraint vehicle_facet_counts_pkey`.execute(db);
  await sql`alter table vehicle_facet_counts add primary key (filter_facet, filter_value, facet, value)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from vehicle_facet_counts where filter_facet <> ''`.execute(db);
  await sql`alter table vehicle_facet_counts drop constraint vehicle_facet_counts_pkey`.execute(db);
  await sql`alter table vehicle_facet_counts drop column filter_facet, drop column filter_value`.execute(db);
  await sql`alter table vehicle_facet_counts add primary key (facet, value)`.execute(db);
}
