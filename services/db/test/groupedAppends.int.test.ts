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
  counted = createDb({ connectionString: testDb.url, maxConnections: 10, onQuery: ({ sql }) => void (/^\s*(\/\* prepared \*\/\s*)?insert into events/.test(sql) && statements.push(sql)) });
});
afterAll(async () => {
  await counted?.destroy();
  await testDb?.drop();
});

describe('groupedAppends', () => {
  it('sends appends to distinct streams asked for in one turn as one statement, each with its own positions, ids and metadata', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    statements.length = 0;
    const results = await Promise.all(Array.from({ length: 6 }, (_, n) => append(`grouped-${n}`, 0, [event(n), event(n + 100)], metadata(`writer-${n}`))));

    // All six were asked for before the end of the turn: one statement (issue 37; the first used to go alone).
    expect(statements).toHaveLength(1);
    for (const [n, result] of results.entries()) {
      expect(result.nextExpectedVersion).toBe(2);
      const stored = await readStream(testDb.db, `grouped-${n}`);
      expect(stored.map((e) => [e.streamPosition, e.data['n'], e.eventId, e.metadata.correlationId])).toEqual([
        [1, n, result.eventIds[0], `writer-${n}`],
        [2, n + 100, result.eventIds[1], `writer-${n}`],
      ]);
    }
  });

  it('sends the appends that arrive while a statement is under way together, once it is done', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    statements.length = 0;
    const first = append('behind-first', 0, [event(0)], metadata('first'));
    // A later turn: the first one's statement is under way.
    await new Promise((turn) => setImmediate(turn));
    const later = await Promise.all(Array.from({ length: 5 }, (_, n) => append(`behind-${n}`, 0, [event(n)], metadata(`later-${n}`))));
    expect((await first).nextExpectedVersion).toBe(1);
    expect(later.map((result) => result.nextExpectedVersion)).toEqual([1, 1, 1, 1, 1]);
    expect(statements).toHaveLength(2);
  });

  it('writes groups of any size with one statement text, prepared once per connection', async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    statements.length = 0;
    await Promise.all(Array.from({ length: 3 }, (_, n) => append(`sized-3-${n}`, 0, [event(n)], metadata('three'))));
    await Promise.all(Array.from({ length: 7 }, (_, n) => append(`sized-7-${n}`, 0, [event(n), event(n)], metadata('seven'))));
    expect(statements).toHaveLength(2);
    expect(statements[0]).toBe(statements[1]);
    expect(statements[0]!.trimStart().startsWith('/* prepared */')).toBe(true);
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

  it('never puts two appends to one stream in one statement, nor under way at once: the second goes after the first, at the version it expected', async () => {
    const append = groupedAppends(counted);
    for (let round = 0; round < 10; round++) {
      const results = await Promise.allSettled([
        append(`other-${round}`, 0, [event(0)], metadata('a')),
        append(`same-${round}`, 0, [event(1)], metadata('first')),
        append(`same-${round}`, 1, [event(2)], metadata('second')),
        append(`same-${round}`, 0, [event(3)], metadata('late')),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
      expect((await readStream(testDb.db, `same-${round}`)).map((e) => e.data['n'])).toEqual([1, 2]);
    }
  });

  it("fails only the append PostgreSQL cannot store: its statement's others are written alone", async () => {
    const append = groupedAppends(counted, { inFlight: 1 });
    // Text jsonb refuses (a NUL escape): the forms' validation keeps it out, but the store must not fail neighbours for it.
    const [, good, poisoned, other] = await Promise.allSettled([
      append('poison-first', 0, [event(0)], metadata('a')),
      append('poison-good', 0, [event(1)], metadata('good')),
      append('poison-bad', 0, [{ type: 'Counted', data: { text: 'a\u0000b' } }], metadata('bad')),
      append('poison-other', 0, [event(2)], metadata('other')),
    ]);
    expect(good.status).toBe('fulfilled');
    expect(other.status).toBe('fulfilled');
    expect(poisoned.status).toBe('rejected');
    expect(await readStream(testDb.db, 'poison-bad')).toEqual([]);
  });

  it('lets other streams be written while a statement waits on a lock held elsewhere', async () => {
    const append = groupedAppends(counted, { inFlight: 1, stuckAfterMs: 50 });
    let held!: Promise<PromiseSettledResult<unknown>>;
    await testDb.db.transaction().execute(async (trx) => {
      await appendToStream(trx, 'locked', 0, [event(1)], metadata('holder'));
      // Waits on the holder's uncommitted key until the holder ends.
      held = Promise.allSettled([append('locked', 0, [event(2)], metadata('waiting'))]).then(([result]) => result!);
      // Asked for in a later turn: appends asked for in the same one share its statement, and its wait.
      await new Promise((turn) => setImmediate(turn));
      const unrelated = await append('unrelated', 0, [event(3)], metadata('unrelated'));
      expect(unrelated.nextExpectedVersion).toBe(1);
    });
    const waiting = await held;
    expect(waiting.status === 'rejected' && waiting.reason).toBeInstanceOf(ConcurrencyError);
  });

  it('refuses a statement size of no events', () => {
    expect(() => groupedAppends(counted, { maxEvents: 0 })).toThrow(RangeError);
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
    await Promise.all(Array.from({ length: 5 }, (_, n) => append(`ordered-${4 - n}`, 0, [event(1), event(2), event(3)], metadata(`o${n}`))));
    // The order readAll gives (transaction, then global position); one statement is one transaction.
    const all = await testDb.db.selectFrom('events').select(['stream_id', 'stream_position']).where('stream_id', 'like', 'ordered-%').orderBy('transaction_id').orderBy('global_position').execute();
    expect(all).toHaveLength(15);
    for (let at = 0; at < all.length; at += 3) {
      // Three rows of one stream in a row, at positions 1, 2, 3.
      expect(all.slice(at, at + 3).map((row) => [row.stream_id, Number(row.stream_position)])).toEqual([1, 2, 3].map((position) => [all[at]!.stream_id, position]));
    }
  });
});
