import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { advanceCheckpoints, CheckpointMovedError, ensureCheckpoint, lockCheckpoints, readCheckpoint, START_OF_STORE } from '../src/index';

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
