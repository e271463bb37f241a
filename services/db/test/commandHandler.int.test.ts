import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Decider, EventMetadata } from '@autobest/domain';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { appendToStream, commandHandler, ConcurrencyError, postgresEventStore, readStream, recordsInTransaction, UnreadableEventError, type EventStore } from '../src/index';

const metadata: EventMetadata = { actor: { kind: 'system', name: 'test' }, correlationId: 'c-1', causationId: null, requestId: null };

/** A tally: each vote is recorded with the count it makes, so a vote decided on a stale count is visible. */
type Voted = { type: 'Voted'; data: { voter: string; count: number } };
const tally: Decider<{ count: number; voters: string[] }, Voted> = {
  eventSchema: z.object({ type: z.literal('Voted'), data: z.object({ voter: z.string(), count: z.int() }) }),
  initialState: { count: 0, voters: [] },
  evolve: (state, event) => ({ count: event.data.count, voters: [...state.voters, event.data.voter] }),
};
const vote = (voter: string) => (state: { count: number; voters: string[] }): Voted[] =>
  state.voters.includes(voter) ? [] : [{ type: 'Voted', data: { voter, count: state.count + 1 } }];
const handle = commandHandler(tally);

let testDb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  testDb = await createTestDatabase('command_handler');
  store = postgresEventStore(testDb.db);
});
afterAll(async () => {
  await testDb.drop();
});

const counts = async (streamId: string) => (await readStream(testDb.db, streamId)).map((event) => (event.data as Voted['data']).count);

describe('commandHandler', () => {
  it('reads, folds, decides and appends; a command with nothing to change appends nothing', async () => {
    const first = await handle(store, 'tally-a', vote('ada'), { metadata });
    expect(first).toMatchObject({ version: 1, state: { count: 1, voters: ['ada'] } });
    const again = await handle(store, 'tally-a', vote('ada'), { metadata });
    expect(again).toMatchObject({ events: [], version: 1, state: { count: 1 } });
    expect(await counts('tally-a')).toEqual([1]);
  });

  it('decides again on the new state when a concurrent writer got there between its read and its append', async () => {
    // Another writer's vote lands just before the handler's first append, after its read.
    let interfered = false;
    const racing: EventStore = {
      readStream: store.readStream,
      async append(streamId, expectedVersion, events, eventMetadata) {
        if (!interfered) {
          interfered = true;
          await appendToStream(testDb.db, streamId, expectedVersion, [{ type: 'Voted', data: { voter: 'cem', count: 1 } }], metadata);
        }
        return store.append(streamId, expectedVersion, events, eventMetadata);
      },
    };
    let decisions = 0;
    const result = await handle(racing, 'tally-race', (state) => (decisions++, vote('bea')(state)), { metadata });
    expect(decisions).toBe(2);
    expect(result).toMatchObject({ version: 2, state: { count: 2, voters: ['cem', 'bea'] } });
    expect(await counts('tally-race')).toEqual([1, 2]);
  });

  it('records every one of many concurrent writers once, each on the count before it', async () => {
    const voters = Array.from({ length: 12 }, (_, index) => `voter-${index}`);
    await Promise.all(voters.map((voter) => handle(store, 'tally-crowd', vote(voter), { metadata })));
    expect(await counts('tally-crowd')).toEqual(voters.map((_, index) => index + 1));
  });

  it('decides on the state the caller already read without reading again, and reads afresh only when that state was stale', async () => {
    await handle(store, 'tally-known', vote('ivy'), { metadata });
    let reads = 0;
    const counting: EventStore = { readStream: (streamId) => (reads++, store.readStream(streamId)), append: store.append };
    const known = { state: { count: 1, voters: ['ivy'] }, version: 1 };
    expect(await handle(counting, 'tally-known', vote('jon'), { metadata, known })).toMatchObject({ version: 2, state: { count: 2 } });
    expect(reads).toBe(0);

    // Stale: someone voted after the caller read. The append at version 1 loses, the handler reads and decides again.
    expect(await handle(counting, 'tally-known', vote('kim'), { metadata, known })).toMatchObject({ version: 3, state: { count: 3, voters: ['ivy', 'jon', 'kim'] } });
    expect(reads).toBe(1);
    expect(await counts('tally-known')).toEqual([1, 2, 3]);
  });

  it('decides on a fresh stream as new without reading it; were its id taken, reads it once and decides again', async () => {
    let reads = 0;
    const counting: EventStore = { readStream: (streamId) => (reads++, store.readStream(streamId)), append: store.append };
    expect(await handle(counting, 'tally-fresh', vote('lea'), { metadata, fresh: true })).toMatchObject({ version: 1, state: { count: 1 } });
    expect(reads).toBe(0);

    // Taken after all: the append at version 0 loses, and the decision is made again on what the stream holds (a
    // create's decider refuses it; this tally records the vote on the true count).
    expect(await handle(counting, 'tally-fresh', vote('max'), { metadata, fresh: true })).toMatchObject({ version: 2, state: { count: 2, voters: ['lea', 'max'] } });
    expect(reads).toBe(1);
    expect(await counts('tally-fresh')).toEqual([1, 2]);
  });

  it('does not retry a version the caller pinned: the conflict is theirs to reload', async () => {
    await handle(store, 'tally-pinned', vote('dan'), { metadata });
    await expect(handle(store, 'tally-pinned', vote('eve'), { metadata, expectedVersion: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await counts('tally-pinned')).toEqual([1]);
  });

  it('refuses a stored event that does not match its schema, naming the stream and position', async () => {
    await appendToStream(testDb.db, 'tally-bad', 0, [{ type: 'Voted', data: { voter: 'fay', count: 1 } }, { type: 'Voted', data: { voter: 'gus' } }], metadata);
    const refused = handle(store, 'tally-bad', vote('hal'), { metadata });
    await expect(refused).rejects.toBeInstanceOf(UnreadableEventError);
    await expect(refused).rejects.toMatchObject({ streamId: 'tally-bad', streamPosition: 2, type: 'Voted' });
    expect(await counts('tally-bad')).toHaveLength(2);
  });
});

describe('recordInTransaction', () => {
  const voted = (voter: string): Voted => ({ type: 'Voted', data: { voter, count: 0 } });

  it('appends at any version in the caller\'s transaction, and says so once the commit is done', async () => {
    let told = 0;
    const writes = recordsInTransaction(testDb.db, () => told++);
    await appendToStream(testDb.db, 'audit-a', 0, [voted('ada')], metadata);
    const answer = await writes.recordInTransaction(async (_trx, record) => {
      await record('audit-a', [voted('bola')], metadata);
      expect(told).toBe(0);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(told).toBe(1);
    expect((await readStream(testDb.db, 'audit-a')).map((event) => (event.data as Voted['data']).voter)).toEqual(['ada', 'bola']);
  });

  it('says nothing when nothing was appended or the transaction rolled back, and keeps nothing of a rollback', async () => {
    let told = 0;
    const writes = recordsInTransaction(testDb.db, () => told++);
    await writes.recordInTransaction(async () => undefined);
    const failed = writes.recordInTransaction(async (_trx, record) => {
      await record('audit-b', [voted('ada')], metadata);
      throw new Error('the row change failed');
    });
    await expect(failed).rejects.toThrow('the row change failed');
    expect(told).toBe(0);
    expect(await readStream(testDb.db, 'audit-b')).toEqual([]);
  });

  it('runs the work again in a new transaction when a writer on the same stream takes the position it read, and says so once', async () => {
    let told = 0;
    let runs = 0;
    const writes = recordsInTransaction(testDb.db, () => told++);
    await appendToStream(testDb.db, 'audit-c', 0, [voted('ada')], metadata);
    // A command (the photo processor on a request) has appended position 2 and not committed yet.
    let appended!: () => void;
    let commit!: () => void;
    const inserted = new Promise<void>((resolve) => (appended = resolve));
    const held = new Promise<void>((resolve) => (commit = resolve));
    const command = testDb.db.transaction().execute(async (trx) => {
      await appendToStream(trx, 'audit-c', 1, [voted('bola')], metadata);
      appended();
      await held;
    });
    await inserted;
    // Meanwhile a reply read position 1 as the last and waits on the command's position 2, which it then loses.
    const reply = writes.recordInTransaction(async (trx, record) => {
      runs += 1;
      await record('audit-c', [voted('chidi')], metadata);
      return runs;
    });
    await vi.waitFor(async () => {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(testDb.db);
      expect(rows[0]!.waiting).toBe(1);
    });
    commit();
    await command;
    expect(await reply).toBe(2);
    expect(told).toBe(1);
    expect((await readStream(testDb.db, 'audit-c')).map((event) => [event.streamPosition, (event.data as Voted['data']).voter])).toEqual([[1, 'ada'], [2, 'bola'], [3, 'chidi']]);
  });

  it('does not run again work that failed for another reason', async () => {
    let runs = 0;
    const writes = recordsInTransaction(testDb.db);
    await expect(
      writes.recordInTransaction(async (trx, record) => {
        runs += 1;
        await record('audit-d', [voted('ada')], metadata);
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow('division by zero');
    expect(runs).toBe(1);
  });
});
