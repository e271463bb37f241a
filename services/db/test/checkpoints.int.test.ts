import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { advanceCheckpoints, appendToStream, CheckpointMovedError, ensureCheckpoint, eventsBehind, lockCheckpoints, processorLags, processorsBehind, readAll, readCheckpoint, START_OF_STORE } from '../src/index';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('checkpoints');
  for (const name of ['alpha', 'beta', 'gamma']) await ensureCheckpoint(testDb.db, name);
});
afterAll(async () => {
  await testDb?.drop();
});

describe('checkpoints of several processors', () => {
  it('are locked and moved together, each only from where it was read', async () => {
    const to = { transactionId: '700', globalPosition: 12 };
    await testDb.db.transaction().execute(async (trx) => {
      const from = await lockCheckpoints(trx, ['beta', 'alpha']);
      expect([...from]).toEqual([
        ['alpha', START_OF_STORE],
        ['beta', START_OF_STORE],
      ]);
      await advanceCheckpoints(trx, from, to);
    });
    expect(await readCheckpoint(testDb.db, 'alpha')).toEqual(to);
    expect(await readCheckpoint(testDb.db, 'beta')).toEqual(to);
    expect(await readCheckpoint(testDb.db, 'gamma')).toEqual(START_OF_STORE);
  });

  it('move none when one was moved by someone else since it was read, naming that one', async () => {
    const stale = new Map([
      ['alpha', await readCheckpoint(testDb.db, 'alpha')],
      ['gamma', await readCheckpoint(testDb.db, 'gamma')],
    ]);
    const elsewhere = { transactionId: '800', globalPosition: 20 };
    await testDb.db.transaction().execute((trx) => advanceCheckpoints(trx, new Map([['gamma', START_OF_STORE]]), elsewhere));

    const moving = testDb.db.transaction().execute((trx) => advanceCheckpoints(trx, stale, { transactionId: '900', globalPosition: 30 }));
    await expect(moving).rejects.toThrow(CheckpointMovedError);
    await expect(moving).rejects.toMatchObject({ processorName: 'gamma' });
    expect(await readCheckpoint(testDb.db, 'alpha')).toEqual({ transactionId: '700', globalPosition: 12 });
    expect(await readCheckpoint(testDb.db, 'gamma')).toEqual(elsewhere);
  });

  it('refuse to lock a processor that has no checkpoint yet', async () => {
    await expect(testDb.db.transaction().execute((trx) => lockCheckpoints(trx, ['alpha', 'nobody']))).rejects.toThrow(/No checkpoint for nobody/);
  });
});

describe('events behind each processor', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await createTestDatabase('checkpoints_behind');
  });
  afterAll(async () => {
    await store?.drop();
  });

  it('are counted for several processors in one call, from each stored checkpoint or the start of the store, as one by one', async () => {
    const metadata = { actor: { kind: 'system', name: 'test' }, correlationId: 'c-1', causationId: null, requestId: null } as const;
    for (let n = 0; n < 5; n++) await appendToStream(store.db, `counter-${n}`, 0, [{ type: 'Counted', data: { n } }], metadata);
    // readAll gives only events older than every open transaction in the cluster (another test file's may be open).
    const events = await vi.waitFor(async () => {
      const all = await readAll(store.db, START_OF_STORE, 100);
      expect(all).toHaveLength(5);
      return all;
    });
    await ensureCheckpoint(store.db, 'caught-up');
    await ensureCheckpoint(store.db, 'two-behind');
    await store.db.transaction().execute(async (trx) => {
      await advanceCheckpoints(trx, await lockCheckpoints(trx, ['caught-up']), events[4]!);
      await advanceCheckpoints(trx, await lockCheckpoints(trx, ['two-behind']), events[2]!);
    });

    const behind = await processorsBehind(store.db, ['caught-up', 'two-behind', 'never-ran']);
    expect(behind).toEqual({ 'caught-up': 0, 'two-behind': 2, 'never-ran': 5 });
    for (const name of ['caught-up', 'two-behind', 'never-ran']) expect(await eventsBehind(store.db, await readCheckpoint(store.db, name))).toBe(behind[name]);
    expect(await processorsBehind(store.db, [])).toEqual({});

    // With the age of the oldest event each has not handled; with everyStored, every processor with a checkpoint too.
    const lags = await processorLags(store.db, ['two-behind', 'never-ran'], { everyStored: true });
    expect(lags.map((lag) => [lag.name, lag.behind, lag.oldestSeconds === null ? null : 'seconds']).sort()).toEqual([
      ['caught-up', 0, null],
      ['never-ran', 5, 'seconds'],
      ['two-behind', 2, 'seconds'],
    ]);
    for (const lag of lags) if (lag.oldestSeconds !== null) expect(lag.oldestSeconds).toBeGreaterThanOrEqual(0);
    expect((await processorLags(store.db, ['two-behind'])).map((lag) => lag.name)).toEqual(['two-behind']);
  });
});
