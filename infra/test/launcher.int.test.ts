import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { findFreePort } from '../src/ports';
import { connectionsOn, getOnNewConnection, launcherChildren, ManagedProcess } from '../src/processes';
import { runningProductFile } from '../src/runningProduct';
import { runStaffCommand } from '../src/staffCli';
import { isAlive } from './fixtures/isAlive';


/**
 * `npm start`'s launcher (after the web build) runs the API as API_PROCESSES says, through the primary `npm run
 * start:api` has, beside the workers in its own process; SIGINT (Ctrl-C) stops every process it started. PostgreSQL
 * and Redis are the tests' (DATABASE_URL, REDIS_URL), so it starts neither.
 */
const LAUNCHER = fileURLToPath(new URL('../src/launcher.ts', import.meta.url));

let testDb: TestDatabase;
let queues: TestQueues;
let dataDir: string;
let port: number;
let launcher: ManagedProcess;
/** A process's niceness (Linux: field 19 of /proc/<pid>/stat). */
const nicenessOf = async (pid: number) => Number((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')[16]);
const health = () => getOnNewConnection(`http://127.0.0.1:${port}/api/health`).catch(() => ({ status: 0, body: '' }));

beforeAll(async () => {
  testDb = await createTestDatabase('infra_launcher');
  queues = createTestQueues('infra_launcher');
  dataDir = await mkdtemp(join(tmpdir(), 'autobest-launcher-'));
  port = await findFreePort(24_000 + Math.floor(Math.random() * 10_000));
  launcher = new ManagedProcess('launcher', {
    command: [process.execPath, '--import', 'tsx', LAUNCHER],
    env: {
      ...process.env,
      DATABASE_URL: testDb.url,
      REDIS_URL: queues.redisUrl,
      QUEUE_PREFIX: queues.prefix,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'a long password for the launcher test',
      API_PROCESSES: '2',
    },
    // The primary listens once every API process serves.
    isReady: async () => (await health()).status !== 0,
    // As in a terminal: a Ctrl-C goes to the launcher and every process it started.
    ownGroup: true,
  });
  await launcher.start();
}, 120_000);
afterAll(async () => {
  await launcher?.kill();
  await testDb?.drop();
  await queues?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const connect = () => new Promise<net.Socket>((connected, failed) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { connected(this); }).once('error', failed));

describe('npm start', () => {
  it('lets `npm run staff` beside it use its database: the account made from the shell signs in to the running console', async () => {
    // Only DATA_DIR, as an admin in the clone would type it: the database and its password come from the launcher.
    const printed: string[] = [];
    const code = await runStaffCommand(
      ['create', '--email', 'Colleague@autobest.test', '--name', 'Colleague', '--role', 'sales', '--password', 'a long colleague passphrase'],
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      (line) => printed.push(line),
      (line) => printed.push(line),
    );
    expect({ code, printed }).toEqual({
      code: 0,
      printed: [`Using the database of npm start (process ${launcher.pid}), as ${runningProductFile(dataDir)} says.`, 'Created sales account for colleague@autobest.test.'],
    });
    // Readable by its owner only: it holds the database's password and the secret links are signed with.
    expect((await stat(runningProductFile(dataDir))).mode & 0o777).toBe(0o600);

    // On a connection of its own that closes after the answer: a kept-alive one would still count among the API
    // processes' connections in the next test.
    const body = JSON.stringify({ email: 'colleague@autobest.test', password: 'a long colleague passphrase' });
    const signInStatus = await new Promise<number>((answered, failed) =>
      http
        .request(`http://127.0.0.1:${port}/api/admin/session`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
          response.resume();
          response.on('end', () => answered(response.statusCode ?? 0));
        })
        .on('error', failed)
        .end(body),
    );
    expect(signInStatus).toBe(200);
  }, 60_000);

  it('serves from API_PROCESSES processes, each with the search index in memory, and SIGINT stops them all', async () => {
    const { api: apiProcesses, workers } = await launcherChildren(launcher.pid);
    expect(apiProcesses).toHaveLength(2);
    for (const pid of apiProcesses) expect((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).toContain(fileURLToPath(new URL('../../services/api/src/server.ts', import.meta.url)));
    // The workers in a process of their own, at WORKERS_NICE (3): when the machine is busy the API answers first. The
    // API's processes and their primary keep their priority, so one the primary starts again does too.
    expect(workers).toBeDefined();
    expect(await nicenessOf(workers!)).toBe(3);
    for (const pid of [launcher.pid!, ...apiProcesses]) expect(await nicenessOf(pid)).toBe(0);

    // Two connections opened together are one on each process, and both answer.
    const sockets = [await connect(), await connect()];
    try {
      await vi.waitFor(async () => expect(await connectionsOn(apiProcesses, port)).toEqual([1, 1]), { timeout: 5_000, interval: 20 });
      for (const socket of sockets) socket.write(`GET /api/health HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`);
      const statuses = await Promise.all(sockets.map((socket) => new Promise<string>((answered) => socket.once('data', (chunk: Buffer) => answered(chunk.toString('latin1').split('\r\n')[0]!)))));
      expect(statuses).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // The default search index: each process loads the shipped catalogue (new connections go to each in turn).
    await vi.waitFor(
      async () => {
        for (let n = 0; n < 4; n++) expect((JSON.parse((await health()).body) as { checks: { searchIndex: unknown } }).checks.searchIndex).toMatchObject({ mode: 'memory', ready: true });
      },
      { timeout: 30_000, interval: 200 },
    );

    // A workers process that dies is started again, at the same niceness.
    process.kill(workers!, 'SIGKILL');
    let workersAgain: number | undefined;
    await vi.waitFor(
      async () => {
        workersAgain = (await launcherChildren(launcher.pid)).workers;
        expect(workersAgain ?? workers).not.toBe(workers);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await nicenessOf(workersAgain!)).toBe(3);

    // Ctrl-C, as `npm start` gets it: to every process of the terminal's group, then once more to the launcher, passed
    // on by tsx. It stops cleanly: no workers process started again while it stops.
    const restarts = () => launcher.recentOutput().split('starting it again').length - 1;
    const restartsBefore = restarts();
    launcher.interrupt();
    await launcher.kill('SIGINT');
    expect(launcher.isRunning).toBe(false);
    expect(launcher.said('[autobest] Stopped.')).toBe(true);
    expect(restarts()).toBe(restartsBefore);
    for (const pid of [...apiProcesses, workersAgain!]) expect(isAlive(pid)).toBe(false);
    expect((await health()).status).toBe(0);
    // Stopped, it leaves nothing that would send `npm run staff` to a database no longer there.
    await expect(stat(runningProductFile(dataDir))).rejects.toThrow('ENOENT');
  }, 120_000);
});
