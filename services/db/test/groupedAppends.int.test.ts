import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@autobest/domain';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { appendToStream, ConcurrencyError, createDb, groupedAppends, readStream, type Db } from '../src/index';

const metadata = (who: string): EventMetadata => ({ actor: { kind: 'system', name: who }, correlationId: who, causationId: null, requestId: null });
const event = (n: number) => ({ type: 'Counted', data: { n } });

let testDb: TestDatabase;
/** The database as the appends under test reach it, telling every append statement it runs. */
let counted: Db;
const statements: string[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase('grouped_appends');
  counted = createDb({ connectionString: testDb.url, maxConnections: 10, onQuery: ({ sql }) => void (/^\s*insert into events/.test(sql) && statements.push(sql)) });
});
afterAll(async () => {
  await counted?.destroy();
  await testDb?.drop();
});

describe('groupedAppends', () => {
  it('sends appends to distinct streams that wait behind the one under way as one statement, each with its own positions, ids and metadata', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    statements.length = 0;
    const results = await Promise.all(Array.from({ length: 6 }, (_, n) => append(`grouped-${n}`, 0, [event(n), event(n + 100)], metadata(`writer-${n}`))));

    // The first went alone at once; the five that arrived meanwhile went together.
    expect(statements).toHaveLength(2);
    for (const [n, result] of results.entries()) {
      expect(result.nextExpectedVersion).toBe(2);
      const stored = await readStream(testDb.db, `grouped-${n}`);
      expect(stored.map((e) => [e.streamPosition, e.data['n'], e.eventId, e.metadata.correlationId])).toEqual([
        [1, n, result.eventIds[0], `writer-${n}`],
        [2, n + 100, result.eventIds[1], `writer-${n}`],
      ]);
    }
  });

  it('refuses only the append whose stream moved, and writes the others of its statement', async () => {
    await appendToStream(testDb.db, 'moved', 0, [event(1)], metadata('earlier'));
    const append = groupedAppends(counted, { inFlight: 1 });
    const [first, stale, fresh, any] = await Promise.allSettled([
      append('first-alone', 0, [event(1)], metadata('a')),
      append('moved', 0, [event(2)], metadata('stale')),
      append('fresh', 0, [event(3)], metadata('fresh')),
      append('moved-any', 'any', [event(4)], metadata('any')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(stale.status === 'rejected' && stale.reason).toBeInstanceOf(ConcurrencyError);
    expect(fresh.status === 'fulfilled' && fresh.value.nextExpectedVersion).toBe(1);
    expect(any.status === 'fulfilled' && any.value.nextExpectedVersion).toBe(1);
    expect((await readStream(testDb.db, 'moved')).map((e) => e.data['n'])).toEqual([1]);
  });

  it("appends at 'any' after what the stream holds, and at a stream's current version", async () => {
    await appendToStream(testDb.db, 'audit', 0, [event(1), event(2)], metadata('earlier'));
    const append = groupedAppends(counted, { inFlight: 1 });
    const [, audit, second] = await Promise.all([
      append('audit-first', 0, [event(0)], metadata('a')),
      append('audit', 'any', [event(3)], metadata('b')),
      append('counted-2', 0, [event(9)], metadata('c')),
    ]);
    expect(audit.nextExpectedVersion).toBe(3);
    expect(second.nextExpectedVersion).toBe(1);
    expect((await readStream(testDb.db, 'audit')).map((e) => e.streamPosition)).toEqual([1, 2, 3]);
  });

  it('never puts two appends to one stream in one statement: the second goes after the first, at the version it expected', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    const results = await Promise.allSettled([
      append('other', 0, [event(0)], metadata('a')),
      append('same', 0, [event(1)], metadata('first')),
      append('same', 1, [event(2)], metadata('second')),
      append('same', 0, [event(3)], metadata('late')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((await readStream(testDb.db, 'same')).map((e) => e.data['n'])).toEqual([1, 2]);
  });

  it('tries each append of a statement alone when a writer elsewhere took one of its positions, so only that one is refused', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    // The rival's row is not committed when the group's statement checks the versions, so the check passes; the
    // statement then waits on the rival's key and fails on it once the rival commits.
    const { group } = await testDb.db.transaction().execute(async (trx) => {
      await appendToStream(trx, 'raced', 0, [event(1)], metadata('rival'));
      const group = Promise.allSettled([
        append('raced-first', 0, [event(0)], metadata('a')),
        append('raced', 0, [event(2)], metadata('loser')),
        append('raced-bystander', 0, [event(3)], metadata('bystander')),
      ]);
      await new Promise((wait) => setTimeout(wait, 300));
      return { group };
    });
    const rival = await group;
    expect(rival.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(rival[1]!.status === 'rejected' && rival[1].reason).toBeInstanceOf(ConcurrencyError);
    expect((await readStream(testDb.db, 'raced')).map((e) => e.metadata.correlationId)).toEqual(['rival']);
    expect(await readStream(testDb.db, 'raced-bystander')).toHaveLength(1);
  });

  it("keeps each append's events together and in order in the global order the projector reads", async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    await Promise.all(Array.from({ length: 5 }, (_, n) => append(`ordered-${n}`, 0, [event(1), event(2), event(3)], metadata(`o${n}`))));
    // The order readAll gives (transaction, then global position); one statement is one transaction.
    const all = await testDb.db.selectFrom('events').select(['stream_id', 'stream_position']).where('stream_id', 'like', 'ordered-%').orderBy('transaction_id').orderBy('global_position').execute();
    for (let n = 0; n < 5; n++) {
      expect(all.filter((row) => row.stream_id === `ordered-${n}`).map((row) => Number(row.stream_position))).toEqual([1, 2, 3]);
    }
  });
});
