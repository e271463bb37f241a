import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendToStream, postgresEventStore, readState } from '@autobest/db';
import type { TestDatabase } from '@autobest/db/testing';
import { decideVehicle, vehicleDecider, vehicleStreamId, type EventMetadata } from '@autobest/domain';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { API_PROCESS_V8_OPTIONS } from '@autobest/api';
import { childProcesses, connectionsOn, getOnNewConnection as getOnNewConnectionTo, type ProductProcesses } from '../../infra/src/processes';
import { seedCatalogue } from '../../infra/src/seed/seedCatalogue';
import { enquiry, startProductOnItsOwn, type ProductOnItsOwn } from './support';

/**
 * `npm run start:api` with API_PROCESSES=2: two processes on one port, each with its own search index in memory. A
 * change is searchable on both, the metrics add both up, a process that dies is replaced, and SIGTERM stops them all.
 */
const METRICS_TOKEN = 'metrics-token-of-the-process-tests';
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  started = await startProductOnItsOwn('faults_api_processes', {
    seed: seedCatalogue,
    env: { API_PROCESSES: '2', SEARCH_INDEX: 'memory', METRICS_TOKEN, SEARCH_CACHE_TTL_MS: '0' },
  });
  ({ testDb, product } = started);
  // Both answer searches from their own index once it holds the catalogue (in SQL until then).
  await vi.waitFor(
    async () => {
      for (let n = 0; n < 6; n++) {
        const health = JSON.parse((await getOnNewConnection('/api/health')).body) as { checks: { searchIndex: { ready: boolean } } };
        expect(health.checks.searchIndex.ready).toBe(true);
      }
    },
    { timeout: 30_000, interval: 100 },
  );
});
afterAll(async () => {
  await started?.stop();
});

/** A GET on a connection of its own: the primary hands each new connection to the processes in turn. */
const getOnNewConnection = (path: string, headers: Record<string, string> = {}) => getOnNewConnectionTo(`${product.url}${path}`, headers);

/** The API processes the primary (the process the test started) runs now. */
const apiProcesses = () => childProcesses(product.api.pid);

/**
 * A process was started with every V8 option the primary gives API processes. Between fork and exec a new process
 * still shows its parent's command line (the primary's, without them), so a replacement just forked is read again
 * until it has become the API process.
 */
const expectApiProcessOptions = (pid: number) =>
  vi.waitFor(
    async () => {
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      for (const option of API_PROCESS_V8_OPTIONS) expect(argv).toContain(option);
    },
    { timeout: 5_000, interval: 20 },
  );

/** A connection to the API's port. */
const connect = (port: number) => new Promise<net.Socket>((connected, failed) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { connected(this); }).once('error', failed));

/** The status of the next answer on an open connection, once its headers have come. */
const nextStatus = (socket: net.Socket) =>
  new Promise<number>((answered, failed) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status !== undefined && received.includes('\r\n\r\n')) {
        socket.off('data', onData);
        answered(Number(status));
      }
    };
    socket.on('data', onData).once('error', failed);
  });

/** A GET on an open connection: its status. */
const statusOn = (socket: net.Socket, path: string) => {
  const status = nextStatus(socket);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`);
  return status;
};

/**
 * `count` new connections, each with a GET of /api/health sent, opened while `pid` stands still (SIGSTOP), given to
 * `check` as their statuses and how many have come so far; `check` continues or kills the process. Afterwards, however
 * `check` ended, the process goes on (if it still runs) and the connections are closed.
 */
async function whileStopped(pid: number, port: number, count: number, check: (answers: { statuses: Promise<number>[]; answered: () => number }) => Promise<void>) {
  const sockets: net.Socket[] = [];
  process.kill(pid, 'SIGSTOP');
  try {
    for (let n = 0; n < count; n++) sockets.push(await connect(port));
    const statuses = sockets.map((socket) => statusOn(socket, '/api/health'));
    let answered = 0;
    for (const status of statuses) void status.then(() => answered++);
    await check({ statuses, answered: () => answered });
  } finally {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Killed by `check`: gone already.
    }
    for (const socket of sockets) socket.destroy();
  }
}

/** Two processes serve: two connections opened together are one on each, and both answer. */
const bothServe = (port: number) =>
  vi.waitFor(
    async () => {
      const processes = await apiProcesses();
      expect(processes).toHaveLength(2);
      const sockets = [await connect(port), await connect(port)];
      try {
        await vi.waitFor(async () => expect(await connectionsOn(processes, port)).toEqual([1, 1]), { timeout: 1_000, interval: 20 });
        expect(await Promise.all(sockets.map((socket) => statusOn(socket, '/api/health')))).toEqual([200, 200]);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    },
    { timeout: 30_000, interval: 200 },
  );

const requestsCounted = async (route: string) => {
  const metrics = await getOnNewConnection('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(metrics.status).toBe(200);
  return [...metrics.body.matchAll(new RegExp(`^autobest_http_request_duration_seconds_count\\{method="GET",route="${route}",status_code="200"\\} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
};

describe('several API processes on one port', () => {
  it('serve from two processes, and the metrics count the requests of both', async () => {
    expect(await apiProcesses()).toHaveLength(2);
    const before = await requestsCounted('/api/health');
    for (let n = 0; n < 10; n++) expect((await getOnNewConnection('/api/health')).status).toBe(200);
    // Each process counted about half; the scraped one adds up both.
    expect((await requestsCounted('/api/health')) - before).toBe(10);
  });

  it("run with the API processes' V8 options: young garbage collected on its own thread, a young generation that keeps its size (the replacement below too)", async () => {
    for (const pid of await apiProcesses()) await expectApiProcessOptions(pid);
  });

  it('show a price change in the search of every process within a second or two', async () => {
    const metadata: EventMetadata = { actor: { kind: 'system', name: 'test' }, correlationId: 'api-processes', causationId: null, requestId: null };
    const [vehicle] = (await testDb.db.selectFrom('vehicles').select(['id', 'name']).orderBy('id').limit(1).execute()) as Array<{ id: string; name: string }>;
    const streamId = vehicleStreamId(vehicle!.id);
    const { state, version } = await readState(postgresEventStore(testDb.db), vehicleDecider, streamId);
    const newPrice = 12_345;
    await appendToStream(testDb.db, streamId, version, decideVehicle({ type: 'Save', vehicle: { ...state.vehicle!, price: newPrice }, now: new Date() }, state), metadata);

    const shownPrices = async () =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          const answer = JSON.parse((await getOnNewConnection(`/api/vehicles?q=${encodeURIComponent(vehicle!.name)}&pageSize=60`)).body) as { items: Array<{ id: string; price: { amount: number } }> };
          return answer.items.find((item) => item.id === vehicle!.id)?.price.amount;
        }),
      );
    await vi.waitFor(async () => expect(new Set(await shownPrices())).toEqual(new Set([newPrice])), { timeout: 10_000, interval: 100 });
  });

  it('split a burst of new connections evenly, even while one process cannot take its share yet', async () => {
    const [first, second] = await apiProcesses();
    const port = Number(new URL(product.url).port);
    // The second stands still (as a process does for a moment while it collects garbage or waits for a CPU): with
    // node:cluster's round robin it got one connection and the first all the others (9/1).
    await whileStopped(second!, port, 10, async (answers) => {
      // The first answers its half; the second's wait for it.
      await vi.waitFor(() => expect(answers.answered()).toBeGreaterThanOrEqual(5), { timeout: 10_000, interval: 20 });
      process.kill(second!, 'SIGCONT');
      expect(await Promise.all(answers.statuses)).toEqual(Array(10).fill(200));
      expect(await connectionsOn([first!, second!], port)).toEqual([5, 5]);
    });
  });

  it('finish a request in flight when one is told to stop, before closing its database, then replace it', async () => {
    const port = Number(new URL(product.url).port);
    const processes = await apiProcesses();
    const body = JSON.stringify(enquiry(1, 'sent while its API process stops'));
    const socket = await connect(port);
    try {
      // A visitor's enquiry whose body is still on its way (a slow mobile connection) when a deploy stops the process.
      socket.write(`POST /api/enquiries HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
      let serving: number | undefined;
      await vi.waitFor(
        async () => {
          serving = processes[(await connectionsOn(processes, port)).indexOf(1)];
          expect(serving).toBeDefined();
        },
        { timeout: 5_000, interval: 20 },
      );
      // The process has the connection; a moment to read the request's headers.
      await new Promise((read) => setTimeout(read, 200));
      process.kill(serving!, 'SIGTERM');
      await new Promise((stopping) => setTimeout(stopping, 500));
      const status = nextStatus(socket);
      socket.write(body.slice(20));
      // Stored: not a 500 from a database closed under it.
      expect(await status).toBe(201);
      await vi.waitFor(() => expect(() => process.kill(serving!, 0)).toThrow(), { timeout: 10_000, interval: 50 });
    } finally {
      socket.destroy();
    }
    await bothServe(port);
  });

  it('give the connections a process had not yet taken to another when it dies', async () => {
    const [first, second] = await apiProcesses();
    const port = Number(new URL(product.url).port);
    await whileStopped(second!, port, 6, async (answers) => {
      await vi.waitFor(() => expect(answers.answered()).toBe(3), { timeout: 10_000, interval: 20 });
      // Its three connections were sent to it but never taken: they go to the first, their requests still unread.
      process.kill(second!, 'SIGKILL');
      expect(await Promise.all(answers.statuses)).toEqual(Array(6).fill(200));
      expect(await connectionsOn([first!], port)).toEqual([6]);
    });
    await bothServe(port);
  });

  it('replace a process that dies, and keep answering meanwhile', async () => {
    const [victim, survivor] = await apiProcesses();
    process.kill(victim!, 'SIGKILL');
    // Once the primary has seen it go (a connection handed over at that very moment is lost with it), the other serves
    // every request while its replacement starts.
    await vi.waitFor(async () => expect(await apiProcesses()).not.toContain(victim), { timeout: 10_000, interval: 20 });
    for (let n = 0; n < 5; n++) expect((await getOnNewConnection('/api/health')).status).toBe(200);
    await vi.waitFor(async () => expect((await apiProcesses()).filter((pid) => pid !== victim)).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(await apiProcesses()).toContain(survivor);
    const [replacement] = (await apiProcesses()).filter((pid) => pid !== survivor);
    await expectApiProcessOptions(replacement!);
  });

  it('all stop on SIGTERM to the first', async () => {
    const running = await apiProcesses();
    await product.api.stop();
    for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
  });
});
