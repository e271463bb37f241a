import { sql, type Kysely } from 'kysely';

/**
 * The search table's ids sort by code point (collation "C") whatever the database's own collation is: a search's ties
 * (equal prices, years, ratings, listing times) are ordered by id, and the in-memory search index (SEARCH_INDEX=memory)
 * orders them by code point. Under a database created with a language's collation (en_US.utf8, as the official
 * PostgreSQL image makes it, or an ICU locale) `A_b` and `a-b_c` would otherwise sort the other way round. Only the
 * column's collation and the indexes on it change; the rows stay as they are (ids are ASCII: letters, digits, `.`, `_`, `-`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The indexes on id are rebuilt under an exclusive lock (1.3 s on 100,000 vehicles): behind a long query the wait
  // would hold every search queued, so it gives up after 5 s instead (the API then fails to start and tries again).
  await sql`set local lock_timeout = '5s'`.execute(db);
  await sql`alter table vehicle_search alter column id type text collate "C"`.execute(db);
  await sql`set local lock_timeout to default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicle_search alter column id type text collate "default"`.execute(db);
}
