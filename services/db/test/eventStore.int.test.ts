import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { DomainEvent, EventMetadata } from '@autobest/domain';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { appendToStream, ConcurrencyError, eventsBehind, readAll, readAllOfTypes, readStream, START_OF_STORE, type Checkpoint } from '../src/index';

const metadata: EventMetadata = {
  actor: { kind: 'system', name: 'test' },
  correlationId: 'c-1',
  causationId: null,
  requestId: null,
};
const event = (n: number) => ({ type: 'Counted', data: { n } });

/**
 * Two writers that commit out of order: the slow one's transaction appends first (taking the earlier position) and
 * commits only when told, the fast one appends after it and commits at once. A commit-safe reader must not pass over
 * the slow one's events meanwhile.
 */
async function committingOutOfOrder(
  [slowStream, slowEvents]: [string, DomainEvent<string, object>[]],
  [fastStream, fastEvents]: [string, DomainEvent<string, object>[]],
): Promise<{ commitSlow: () => Promise<void> }> {
  let mayCommit: () => void = () => undefined;
  const told = new Promise<void>((resolve) => (mayCommit = resolve));
  let appended: () => void = () => undefined;
  const hasPosition = new Promise<void>((resolve) => (appended = resolve));
  const slowWriter = testDb.db.transaction().execute(async (trx) => {
    await appendToStream(trx, slowStream, 0, slowEvents, metadata);
    appended();
    await told;
  });
  await hasPosition;
  await appendToStream(testDb.db, fastStream, 0, fastEvents, metadata);
  return {
    commitSlow: async () => {
      mayCommit();
      await slowWriter;
    },
  };
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('event_store');
});
afterAll(async () => {
  await testDb.drop();
});

describe('appendToStream', () => {
  it('appends events with consecutive stream positions and reads them back in order', async () => {
    const first = await appendToStream(testDb.db, 'counter-a', 0, [event(1), event(2)], metadata);
    expect(first.nextExpectedVersion).toBe(2);
    const second = await appendToStream(testDb.db, 'counter-a', 2, [event(3)], metadata);
    expect(second.nextExpectedVersion).toBe(3);

    const stored = await readStream(testDb.db, 'counter-a');
    expect(stored.map((e) => [e.streamPosition, e.data['n']])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(stored[0]?.metadata).toEqual(metadata);
    expect(new Set(stored.map((e) => e.eventId)).size).toBe(3);
  });

  it('rejects a writer whose expected version is stale or ahead of the stream', async () => {
    await appendToStream(testDb.db, 'counter-b', 0, [event(1)], metadata);
    await expect(appendToStream(testDb.db, 'counter-b', 0, [event(2)], metadata)).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(appendToStream(testDb.db, 'counter-b', 5, [event(2)], metadata)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await readStream(testDb.db, 'counter-b')).toHaveLength(1);
  });

  it('lets exactly one of two writers at the same expected version win', async () => {
    await appendToStream(testDb.db, 'counter-race', 0, [event(0)], metadata);
    const results = await Promise.allSettled([
      appendToStream(testDb.db, 'counter-race', 1, [event(1)], metadata),
      appendToStream(testDb.db, 'counter-race', 1, [event(2)], metadata),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(ConcurrencyError);
    expect(await readStream(testDb.db, 'counter-race')).toHaveLength(2);
  });

  it('makes two writers racing to open the same new stream produce one winner, many times over', async () => {
    for (let round = 0; round < 20; round++) {
      const stream = `counter-open-${round}`;
      const results = await Promise.allSettled([
        appendToStream(testDb.db, stream, 0, [event(1)], metadata),
        appendToStream(testDb.db, stream, 0, [event(2)], metadata),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(ConcurrencyError);
    }
  });
});

describe('readAll', () => {
  it('does not skip an event whose transaction took its position early but committed late', async () => {
    const db = testDb.db;
    const writers = await committingOutOfOrder(['late-commit-slow', [event(1)]], ['late-commit-fast', [event(2)]]);

    // A reader now must not see the fast event yet: the slow one sits before it and may still commit.
    const everything = async () => {
      const seen: string[] = [];
      let checkpoint = START_OF_STORE;
      for (;;) {
        const batch = await readAll(db, checkpoint, 100);
        if (batch.length === 0) return { seen, checkpoint };
        for (const e of batch) seen.push(e.streamId);
        const last = batch[batch.length - 1]!;
        checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      }
    };
    const beforeCommit = await everything();
    expect(beforeCommit.seen).not.toContain('late-commit-fast');
    expect(beforeCommit.seen).not.toContain('late-commit-slow');

    await writers.commitSlow();

    const positions = await sql<{ stream_id: string; global_position: number }>`
      select stream_id, global_position from events where stream_id like 'late-commit-%' order by global_position`.execute(db);
    expect(positions.rows.map((r) => r.stream_id)).toEqual(['late-commit-slow', 'late-commit-fast']);

    // Both once committed, in order. "Once": a transaction still open anywhere in the cluster (another test file's)
    // holds the snapshot horizon back for a moment, and the reader rightly waits for it.
    // The earlier test's streams may have been held back too; only this test's two streams are asserted on.
    await vi.waitFor(
      async () => {
        const after = (await readAll(db, beforeCommit.checkpoint, 100)).map((e) => e.streamId);
        expect(after.filter((stream) => stream.startsWith('late-commit-'))).toEqual(['late-commit-slow', 'late-commit-fast']);
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});

describe('readAll order', () => {
  it('orders transaction ids as numbers, so reading one event at a time meets each exactly once', async () => {
    // Transaction ids 8 and 10 are long finished on any cluster; as text "10" would sort before "8".
    await sql`
      insert into events (transaction_id, stream_id, stream_position, event_id, type, data, metadata)
      values ('10', 'xid-order-b', 1, gen_random_uuid(), 'Counted', '{}', '{}'),
             ('8', 'xid-order-a', 1, gen_random_uuid(), 'Counted', '{}', '{}')`.execute(testDb.db);
    const seen: string[] = [];
    const seenEventIds: string[] = [];
    let checkpoint = START_OF_STORE;
    for (;;) {
      const [next] = await readAll(testDb.db, checkpoint, 1);
      if (!next) break;
      seen.push(next.streamId);
      seenEventIds.push(next.eventId);
      checkpoint = { transactionId: next.transactionId, globalPosition: next.globalPosition };
    }
    expect(seen.filter((stream) => stream.startsWith('xid-order'))).toEqual(['xid-order-a', 'xid-order-b']);
    expect(new Set(seenEventIds).size).toBe(seenEventIds.length);
  });
});

describe('eventsBehind', () => {
  it('counts every event after a checkpoint, or only those of the given types', async () => {
    const appended = await appendToStream(testDb.db, 'behind-a', 0, [event(1)], metadata);
    const [first] = (await readStream(testDb.db, 'behind-a')).filter((stored) => stored.eventId === appended.eventIds[0]);
    const checkpoint = { transactionId: first!.transactionId, globalPosition: first!.globalPosition };
    await appendToStream(testDb.db, 'behind-a', 1, [event(2), { type: 'Other', data: {} }, event(3)], metadata);
    expect(await eventsBehind(testDb.db, checkpoint)).toBe(3);
    expect(await eventsBehind(testDb.db, checkpoint, ['Other'])).toBe(1);
    expect(await eventsBehind(testDb.db, checkpoint, ['Counted', 'Other'])).toBe(3);
    expect(await eventsBehind(testDb.db, checkpoint, ['Missing'])).toBe(0);
  });
});

describe('readAllOfTypes', () => {
  const positionOf = (stored: { transactionId: string; globalPosition: number }): Checkpoint => ({ transactionId: stored.transactionId, globalPosition: stored.globalPosition });
  const wanted = (n: number) => ({ type: 'Wanted', data: { n } });
  const passed = (n: number) => ({ type: 'Passed', data: { n } });

  it('reads whole only the events of its types, and moves the reader past the others between and after them', async () => {
    await appendToStream(testDb.db, 'types-a', 0, [passed(1), passed(2), passed(3), wanted(1), passed(4), passed(5), wanted(2), passed(6), passed(7)], metadata);
    const stored = await readStream(testDb.db, 'types-a');
    const first = stored[0]!;
    const before: Checkpoint = { transactionId: first.transactionId, globalPosition: first.globalPosition - 1 };
    const at = (n: number) => positionOf(stored[n]!);
    const read = async (after: Checkpoint, limit: number, lookAhead?: number) => {
      const { events, through, more } = await readAllOfTypes(testDb.db, after, ['Wanted'], limit, lookAhead);
      return { read: events.map((e) => `${e.type} ${String(e.data['n'])}`), through, more };
    };
    // Once the snapshot horizon has passed the append (another test file's transaction may hold it back a moment).
    await vi.waitFor(async () => expect((await read(before, 10)).through).toEqual(at(8)), { timeout: 15_000, interval: 50 });

    expect(await read(before, 10)).toEqual({ read: ['Wanted 1', 'Wanted 2'], through: at(8), more: false });
    // A full batch: the reader may move only to its last event, and there may be more.
    expect(await read(before, 1)).toEqual({ read: ['Wanted 1'], through: at(3), more: true });
    expect(await read(at(3), 1)).toEqual({ read: ['Wanted 2'], through: at(6), more: true });
    expect(await read(at(6), 1)).toEqual({ read: [], through: at(8), more: false });
    expect(await read(at(8), 1)).toEqual({ read: [], through: undefined, more: false });
    // Looking a few events ahead at a time, every event of its types is met once, and the last look ends at the head.
    expect(await read(before, 10, 4)).toEqual({ read: ['Wanted 1'], through: at(3), more: true });
    expect(await read(at(3), 10, 4)).toEqual({ read: ['Wanted 2'], through: at(7), more: true });
    expect(await read(at(7), 10, 4)).toEqual({ read: [], through: at(8), more: false });
    // Reading none would let the reader pass its own events unread, looking at none would never move it.
    await expect(read(before, 0)).rejects.toThrow(RangeError);
    await expect(read(before, 10, 0)).rejects.toThrow(RangeError);
  });

  it('never moves a reader past an event whose transaction took its position early but committed late', async () => {
    const db = testDb.db;
    const [anchor] = await readStream(db, 'types-a');
    const after = positionOf(anchor!);
    const writers = await committingOutOfOrder(['types-late-slow', [wanted(3)]], ['types-late-fast', [passed(8)]]);

    const beforeCommit = await readAllOfTypes(db, after, ['Wanted'], 10).finally(() => writers.commitSlow());
    const [slow] = await readStream(db, 'types-late-slow');
    expect(beforeCommit.events.map((e) => e.streamId)).not.toContain('types-late-slow');
    // Wherever it lets the reader move, the slow writer's event still lies ahead of it.
    const { rows } = await sql<{ ahead: boolean }>`
      select (${slow!.transactionId}::xid8, ${slow!.globalPosition}::bigint) > (${(beforeCommit.through ?? after).transactionId}::xid8, ${(beforeCommit.through ?? after).globalPosition}::bigint) as ahead`.execute(db);
    expect(rows[0]?.ahead).toBe(true);
    await vi.waitFor(
      async () => expect((await readAllOfTypes(db, beforeCommit.through ?? after, ['Wanted'], 10)).events.map((e) => e.streamId)).toContain('types-late-slow'),
      { timeout: 15_000, interval: 50 },
    );
  });
});
