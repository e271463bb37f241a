import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EventMetadata } from '@autobest/domain';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { appendToStream, ConcurrencyError, createDb, readStream, type Db } from '../src/index';

const metadata: EventMetadata = { actor: { kind: 'system', name: 'test' }, correlationId: 'c-1', causationId: null, requestId: null };
const counted = (n: number) => ({ type: 'Counted', data: { n } });

let testDb: TestDatabase;
/** One connection, so every statement below and the look at its prepared statements share a session. */
let oneConnection: Db;
beforeAll(async () => {
  testDb = await createTestDatabase('prepared_statements');
  oneConnection = createDb({ connectionString: testDb.url, maxConnections: 1 });
});
afterAll(async () => {
  await oneConnection?.destroy();
  await testDb?.drop();
});

const preparedOnTheConnection = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(oneConnection)).rows.map((row) => row.statement);

it('runs appends as one prepared statement per shape on each connection, and every other statement unnamed', async () => {
  for (let version = 0; version < 8; version++) await appendToStream(oneConnection, 'counter-prepared', version, [counted(version)], metadata);
  await appendToStream(oneConnection, 'counter-prepared', 8, [counted(8), counted(9)], metadata);
  await readStream(oneConnection, 'counter-prepared');

  const prepared = await preparedOnTheConnection();
  // The one-event append (eight runs, past PostgreSQL's five custom plans) and the two-event one; not the read.
  expect(prepared).toHaveLength(2);
  expect(prepared.every((statement) => statement.includes('insert into events'))).toBe(true);
  expect((await readStream(testDb.db, 'counter-prepared')).map((event) => event.data['n'])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  // Prepared, the guard still holds: a stale writer is refused.
  await expect(appendToStream(oneConnection, 'counter-prepared', 3, [counted(99)], metadata)).rejects.toBeInstanceOf(ConcurrencyError);
  expect(await preparedOnTheConnection()).toHaveLength(2);
});

it('keeps appending after a migration adds a column to the events table', async () => {
  await appendToStream(oneConnection, 'counter-migrated', 0, [counted(1)], metadata);
  await sql`alter table events add column prepared_test_note text`.execute(testDb.db);
  try {
    await appendToStream(oneConnection, 'counter-migrated', 1, [counted(2)], metadata);
    expect((await readStream(testDb.db, 'counter-migrated')).map((event) => event.data['n'])).toEqual([1, 2]);
  } finally {
    await sql`alter table events drop column prepared_test_note`.execute(testDb.db);
  }
});
