import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every search filter has an index to start from; with the GIN indexes on text and tabs, the planner never
  // has to read the whole catalogue for a selective filter.
  await sql`create index vehicles_condition on vehicles (condition, listed_at desc)`.execute(db);
  await sql`create index vehicles_fuel on vehicles (fuel_type, listed_at desc)`.execute(db);
  await sql`create index vehicles_body on vehicles (body_type, listed_at desc)`.execute(db);
  await sql`create index vehicles_city on vehicles (lower(city))`.execute(db);
  await sql`create index vehicles_country on vehicles (lower(country))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['vehicles_condition', 'vehicles_fuel', 'vehicles_body', 'vehicles_city', 'vehicles_country']) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
}
