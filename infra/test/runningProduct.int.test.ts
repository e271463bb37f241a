import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { announceRunningProduct, findRunningProduct, runningProductFile } from '../src/runningProduct';

/**
 * What `npm run staff` finds of an `npm start` on the same DATA_DIR (launcher.int.test.ts runs both): the launcher's
 * database while it runs, nothing once it stopped, and nothing from a file a crashed launcher left behind.
 */
let testDb: TestDatabase;
let dataDir: string;
const SECRET = 'a status-token secret of 32 characters or more';
beforeAll(async () => {
  testDb = await createTestDatabase('infra_running_product');
  dataDir = await mkdtemp(join(tmpdir(), 'autobest-running-'));
});
afterAll(async () => {
  await testDb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const leftBehind = (pid: number, databaseUrl: string) =>
  writeFile(runningProductFile(dataDir), JSON.stringify({ pid, databaseUrl, publicUrl: 'http://localhost:3000', statusTokenSecret: SECRET }), { mode: 0o600 });

describe('the running npm start, as a command beside it finds it', () => {
  it('is what the launcher announced, in a file only its owner reads, until the launcher stops', async () => {
    expect(await findRunningProduct(dataDir)).toBeUndefined();
    const stop = await announceRunningProduct(dataDir, { databaseUrl: testDb.url, publicUrl: 'https://autobest.test', statusTokenSecret: SECRET });
    expect(await findRunningProduct(dataDir)).toEqual({ pid: process.pid, databaseUrl: testDb.url, publicUrl: 'https://autobest.test', statusTokenSecret: SECRET });
    expect((await stat(runningProductFile(dataDir))).mode & 0o777).toBe(0o600);
    await stop();
    expect(await findRunningProduct(dataDir)).toBeUndefined();
  });

  it('is none when the file was left by a launcher that crashed, or its number now names another process', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    await leftBehind(ended, testDb.url);
    expect(await findRunningProduct(dataDir)).toBeUndefined();
    // After a restart of the machine the number may be another program's: the database named does not answer.
    await leftBehind(process.pid, 'postgres://postgres:gone@127.0.0.1:1/autobest');
    expect(await findRunningProduct(dataDir)).toBeUndefined();
  });
});
