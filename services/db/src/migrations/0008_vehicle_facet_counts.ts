import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Counts per facet value over the whole catalogue, kept by the projector, so the unfiltered search (the
  // inventory's landing page) never scans every vehicle to count them.
  await sql`
    create table vehicle_facet_counts (
      facet text not null,
      value text not null,
      count integer not null,
      primary key (facet, value)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vehicle_facet_counts`.execute(db);
}
