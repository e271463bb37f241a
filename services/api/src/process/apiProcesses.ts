import cluster, { type Worker } from 'node:cluster';
import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type Socket } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { RuntimeConfig } from '@autobest/domain';

/**
 * Several API processes on one port (node:cluster): each serves requests and holds its own search index; whatever
 * the installation must agree on is in PostgreSQL and Redis. The primary serves nothing: it listens on HOST:PORT and
 * hands each new connection to the process with the fewest open (see LeastConnections), starts another process when
 * one dies, stops them all on SIGTERM or SIGINT, and adds up their metrics for whichever one is scraped.
 */

/**
 * V8 options of each API process the primary starts, besides the primary's own.
 *
 * - `--no-parallel-scavenge`: young-generation collections on the process's own thread. V8 otherwise hands each one
 *   (hundreds a minute under load: a search answer leaves tens of KB of garbage) to helper threads and waits for them;
 *   with a process per CPU, those helpers wait for a CPU another API process holds. Measured on 100,000 vehicles, two
 *   processes on two CPUs, interleaved runs of bench:search's long tail (median of each; e02a91e): 5,620 -> 6,175
 *   searches a second (+10%), 8-10% less CPU per search. Full collections stay concurrent.
 * - `--heap-growing-percent=50`: a full collection when the old generation has grown by half of what the last one left.
 *   On 100,000 vehicles an API process's heap holds about 130 MB after a full collection (the index itself is mostly
 *   typed arrays, outside it), and under the long tail it gains 1-3 MB a second (objects that outlive two young
 *   collections; not traced further). After a quiet spell V8's memory reducer has lowered the heap's limit, and V8 then
 *   set each next full collection about a tenth above what the last one left: under the load after a minute's quiet it
 *   collected the whole heap every 1-10 s in each process, 6-32 ms at once each time plus marking steps of up to 16 ms,
 *   and every request in the process waited through them. Measured on 100,000 vehicles, `npm start` with two API
 *   processes, bench:search's long tail, 60 s after the API was ready, two interleaved pairs of runs (without, with,
 *   with, without; then with, without, without, with; "without" is the flag at 0 on the primary's command line; 3 rounds
 *   each; 30 November): full collections of the API processes' heaps during a run 19, 6, 4 and 6 without, none with; p99
 *   of the 12 rounds 21-35 ms (median 28) without, 16-28 ms (median 22) with; searches a second 5,649-6,808 without,
 *   5,771-7,241 with. A third pair 20 s after ready (before the reducer had lowered much) saw no difference: p99
 *   medians 21 and 21 with, 20 and 19 without. It costs at most half the live heap again before a collection (about
 *   65 MB per process here); resident memory after the runs was 480-546 MB per process without and 474-478 MB with.
 *
 * `--min-semi-space-size=16` was a third until 30 November: it kept the young generation from shrinking after a quiet
 * spell (fewer, not cheaper, young collections), but no gain in searches, CPU or p99 was ever measured for it. Measured
 * then (100,000 vehicles, `npm start`, bench:search's long tail 60 s after ready, three runs with and three without,
 * interleaved): run medians of 10,297-10,342 searches a second with and 9,983-10,570 without, 141-147 and 135-150 µs
 * of CPU per search, p99 13-15 and 12-15 ms. It gave nothing the benchmark sees, so it went.
 */
export const API_PROCESS_V8_OPTIONS = ['--no-parallel-scavenge', '--heap-growing-percent=50'] as const;

/** A V8 option's name, as V8 reads it: before any `=value`, with `_` and `-` the same, and `--no-x` the same flag as `--x`. */
const optionName = (option: string) => option.split('=')[0]!.replaceAll('_', '-').replace(/^--no-/, '--');

/**
 * The options the primary starts each API process with: its own, then each of API_PROCESS_V8_OPTIONS it was not given
 * itself on its command line. An option the operator set there (`--heap-growing-percent=30`, `--parallel-scavenge`) is
 * theirs: V8 reads the last one given, so ours would override it. (NODE_OPTIONS cannot carry any of them: Node refuses to
 * start with them there.)
 */
export const apiProcessExecArgv = (primaryExecArgv: readonly string[]): string[] => {
  const given = new Set(primaryExecArgv.map(optionName));
  return [...primaryExecArgv, ...API_PROCESS_V8_OPTIONS.filter((option) => !given.has(optionName(option)))];
};

/** How many processes API_PROCESSES asks for: `auto` is one per CPU this process may use. */
export const apiProcessCount = (setting: RuntimeConfig['apiProcesses']): number => (setting === 'auto' ? availableParallelism() : setting);

/** What an API process sends its supervisor (the primary, or infra/src/processes.ts) once it serves, and where. */
export interface ReadyMessage {
  ready: true;
  url: string;
}

/** What an API process the primary started sends it once it serves: where is the primary's. */
export interface ProcessReady {
  ready: true;
}

const METRICS_REQUEST = 'autobest:process-metrics-request';
/** The primary to a process, with a connection's socket: serve it. */
const CONNECTION = 'autobest:connection';
/** A process to the primary: it has the socket of the connection handed to it longest ago that it had not said so of. */
const CONNECTION_TAKEN = 'autobest:connection-taken';
/** A process to the primary: a connection it was handed has closed. */
const CONNECTION_CLOSED = 'autobest:connection-closed';
/** A process to the primary: it is stopping; hand it no more connections. */
const DRAINING = 'autobest:draining';
const METRICS_ANSWER = 'autobest:process-metrics';
/** A process that started after a crash waits this long, so a process that dies at once does not spin. */
const RESTART_DELAY_MS = 1_000;
/** How long a scraped process waits for the others' metrics before answering without them. */
const METRICS_TIMEOUT_MS = 3_000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isReady = (message: unknown): message is ProcessReady => typeof message === 'object' && message !== null && (message as ProcessReady).ready === true;
const isMessage = (message: unknown, type: string): boolean => typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
const isMetricsRequest = (message: unknown): message is MetricsRequest => isMessage(message, METRICS_REQUEST);
const isMetricsAnswer = (message: unknown): message is MetricsAnswer => isMessage(message, METRICS_ANSWER);

/**
 * Which process serves a new connection: the one with the fewest open, the next in turn among equals. node:cluster's
 * own round robin gives a connection to whichever process next acknowledges the previous one, so a process that is
 * busy, collecting garbage or waiting for a CPU at that moment gets fewer: measured under 50 connections opened at
 * once, splits of 32/18, 42/9 and 6/44, and every request on the busier process waits behind more others (the long
 * tail's p99 was 46 ms in the 6/44 round, 25-31 ms in even ones of the same CPU per search). Counted here, a burst of
 * connections is split evenly whatever each process is doing at that moment, and stays so as clients come and go.
 * Measured on bench:search's long tail, 6 interleaved rounds each on a slow machine (102c8fb): every round split 25/25
 * (round robin 27/22 to 32/18); median p99 37.5 ms against round robin's 38.5, and 5,197 searches a second against
 * 5,021 (+3.5%): under 5% on the medians. It is kept for the rounds round robin splits badly (the 6/44 one above).
 */
export class LeastConnections<T> {
  private readonly open = new Map<T, number>();
  private turn = 0;

  /** A process that serves from now on. */
  add(target: T): void {
    if (!this.open.has(target)) this.open.set(target, 0);
  }

  /** A process that is gone: it gets no more connections. */
  remove(target: T): void {
    this.open.delete(target);
  }

  /** The process for a new connection, counted as open on it; undefined when none serves. */
  take(): T | undefined {
    const targets = [...this.open.keys()];
    let chosen: T | undefined;
    let fewest = Infinity;
    for (let n = 0; n < targets.length; n++) {
      const target = targets[(this.turn + n) % targets.length]!;
      const open = this.open.get(target)!;
      if (open < fewest) {
        fewest = open;
        chosen = target;
      }
    }
    if (chosen === undefined) return undefined;
    this.turn = (targets.indexOf(chosen) + 1) % targets.length;
    this.open.set(chosen, fewest + 1);
    return chosen;
  }

  /** A connection on `target` closed (or never reached it). */
  closed(target: T): void {
    const open = this.open.get(target);
    if (open !== undefined && open > 0) this.open.set(target, open - 1);
  }

  /** Open connections per process, in the order they were added. */
  counts(): number[] {
    return [...this.open.values()];
  }
}

/** The primary, as its caller (server.ts for `npm run start:api`, the launcher for `npm start`) holds it. */
export interface ApiPrimary {
  /** Where it serves, once every process does; rejects when a process ended while starting or the port cannot be had. */
  readonly serving: Promise<string>;
  /** Settles with the exit code the caller should end with, once every process has ended, whoever stopped them. */
  readonly stopped: Promise<number>;
  /** Stops every process (each finishes its open requests, then ends); settles as `stopped` does. */
  stop(exitCode?: number): Promise<number>;
}

/**
 * The primary: starts `count` API processes and resolves `serving` once all serve. A process that ends before the
 * first time all were ready stops the others (a bad setting, no database: starting it again would fail the same way);
 * later, a process that dies is replaced. Each process runs `script` (default: the caller's own script, run again by
 * node:cluster) with `env` added to this process's environment. The caller decides what a signal or `stopped` means.
 */
export function runPrimary(
  count: number,
  log: Logger,
  { host, port, script, env }: { host: string; port: number; script?: string; env?: NodeJS.ProcessEnv },
): ApiPrimary {
  // Asks every process for its own metrics (prom-client's cluster protocol) and adds them up.
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let allReadyOnce = false;
  let serve!: (url: string) => void;
  let refuse!: (error: Error) => void;
  const serving = new Promise<string>((resolve, reject) => {
    serve = resolve;
    refuse = reject;
  });
  // A caller that only awaits `stopped` (server.ts) learns of a failed start there.
  serving.catch(() => undefined);
  let ended!: (exitCode: number) => void;
  const stopped = new Promise<number>((resolve) => (ended = resolve));
  const ready = new Set<number>();
  const balancer = new LeastConnections<Worker>();
  // Sockets on their way to each process, oldest first. The primary keeps its copy until the process says it has its
  // own (CONNECTION_TAKEN, in the order they were sent); if the process ends first, or the send fails, the connection
  // goes to another process, its request still unread in the kernel.
  const sending = new Map<Worker, Set<Socket>>();
  const hand = (socket: Socket) => {
    const worker = balancer.take();
    if (worker === undefined) {
      socket.destroy();
      return;
    }
    let inFlight = sending.get(worker);
    if (inFlight === undefined) sending.set(worker, (inFlight = new Set()));
    inFlight.add(socket);
    worker.send({ type: CONNECTION }, socket, { keepOpen: true }, (error) => {
      if (!error || !inFlight.delete(socket)) return;
      // Its channel is closed: it is ending. It gets no more.
      balancer.remove(worker);
      hand(socket);
    });
  };
  const taken = (worker: Worker) => {
    const inFlight = sending.get(worker);
    const [oldest] = inFlight ?? [];
    if (oldest === undefined) return;
    inFlight!.delete(oldest);
    oldest.destroy();
  };
  // The primary accepts and hands the socket over unread: the request's bytes wait in the kernel for the process. The
  // socket option is the descriptor's, so it holds in the process too. HOST=localhost is each of its addresses, as
  // Fastify listens on it.
  const doors: net.Server[] = [];
  const listen = async (): Promise<string> => {
    const addresses = host === 'localhost' ? (await lookup(host, { all: true })).map(({ address }) => address) : [host];
    let url: string | undefined;
    let chosenPort = port;
    for (const address of addresses) {
      const door = net.createServer({ pauseOnConnect: true, noDelay: true }, hand);
      doors.push(door);
      door.listen({ host: address, port: chosenPort });
      // Rejects on the error instead, if it cannot listen.
      await once(door, 'listening');
      // Once listening, an error is one connection's that could not be accepted: the others go on.
      door.on('error', (error) => log.warn({ err: error }, 'a connection could not be accepted'));
      const bound = door.address() as net.AddressInfo;
      chosenPort = bound.port;
      url ??= `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
    }
    return url!;
  };

  const stop = (exitCode: number) => {
    if (stopping) return stopped;
    stopping = true;
    refuse(new Error('the API processes stopped before all of them served'));
    for (const door of doors) door.close();
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (running.length === 0) ended(exitCode);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) ended(exitCode);
    });
    // Each process finishes its open requests, then ends.
    for (const worker of running) worker.process.kill('SIGTERM');
    return stopped;
  };

  const start = () => {
    const worker = cluster.fork(env);
    worker.on('message', (message: unknown) => {
      if (isReady(message)) {
        ready.add(worker.id);
        balancer.add(worker);
        if (!allReadyOnce && ready.size === count) {
          allReadyOnce = true;
          listen().then(
            (url) => {
              log.info({ processes: count, url }, 'API serving');
              serve(url);
            },
            (error: unknown) => {
              log.error({ err: error, host, port }, 'the API cannot listen');
              void stop(1);
            },
          );
        }
      } else if (isMessage(message, CONNECTION_TAKEN)) {
        taken(worker);
      } else if (isMessage(message, CONNECTION_CLOSED)) {
        balancer.closed(worker);
      } else if (isMessage(message, DRAINING)) {
        balancer.remove(worker);
      } else if (isMetricsRequest(message)) {
        aggregator.clusterMetrics().then(
          (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text } satisfies MetricsAnswer),
          (error: unknown) => worker.send({ type: METRICS_ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies MetricsAnswer),
        );
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    ready.delete(worker.id);
    balancer.remove(worker);
    const untaken = sending.get(worker) ?? new Set();
    sending.delete(worker);
    for (const socket of untaken) {
      if (stopping) socket.destroy();
      else hand(socket);
    }
    if (stopping) return;
    if (!allReadyOnce) {
      log.error({ pid: worker.process.pid, code, signal }, 'an API process ended while starting; stopping the others');
      void stop(code || 1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'an API process ended; starting another');
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS).unref();
  });
  cluster.setupPrimary({ execArgv: apiProcessExecArgv(process.execArgv), ...(script === undefined ? {} : { exec: script }) });
  for (let n = 0; n < count; n++) start();
  return { serving, stopped, stop: (exitCode = 0) => stop(exitCode) };
}

/**
 * How long a process that stops waits for the requests in flight on the connections it was handed: under the 10 s a
 * supervisor gives a process to stop (infra/src/processes.ts; Docker gives 30), with time left for closing the rest.
 */
const HANDED_CONNECTIONS_GRACE_MS = 7_000;
/** How often a stopping process closes the handed connections that have no request in flight. */
const DRAIN_EVERY_MS = 25;

/**
 * In an API process started by the primary: serves the connections the primary hands it on `app`'s HTTP server, and
 * tells the primary when each closes. Call before `app.ready()`, then `serve()`. The server also listens on a Unix
 * socket whose path is removed at once (nothing can connect to it): a listening server is one Node tracks connections
 * for, enforcing its header and request timeouts on them. On close, before the app's own resources close (preClose),
 * the process tells the primary to hand it nothing more and waits for the requests in flight on handed connections,
 * closing each connection that has none, for up to HANDED_CONNECTIONS_GRACE_MS; Fastify answers 503 meanwhile.
 */
export function handedConnections(app: FastifyInstance): { serve(): Promise<void> } {
  const handed = new Set<Socket>();
  // Node's own test of a connection with a request in flight (closeIdleConnections): the response it is writing.
  const inFlight = (socket: Socket) => Boolean((socket as Socket & { _httpMessage?: unknown })._httpMessage);
  app.addHook('preClose', async () => {
    if (process.connected) process.send!({ type: DRAINING });
    const deadline = Date.now() + HANDED_CONNECTIONS_GRACE_MS;
    while (handed.size > 0 && Date.now() < deadline) {
      for (const socket of handed) if (!inFlight(socket)) socket.destroy();
      if (handed.size > 0) await new Promise((wait) => setTimeout(wait, DRAIN_EVERY_MS));
    }
    for (const socket of handed) socket.destroy();
  });
  return {
    async serve() {
      const folder = await mkdtemp(join(tmpdir(), 'autobest-api-'));
      try {
        // Its own listener (exclusive), not one node:cluster would hold in the primary.
        await app.listen({ path: join(folder, 'unused.sock'), exclusive: true });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      process.on('message', (message: unknown, socket: unknown) => {
        if (!isMessage(message, CONNECTION)) return;
        // Said of every one, in order, so that the primary lets go of the right socket.
        if (process.connected) process.send!({ type: CONNECTION_TAKEN });
        if (!(socket instanceof net.Socket)) return;
        handed.add(socket);
        socket.once('close', () => {
          handed.delete(socket);
          if (process.connected) process.send!({ type: CONNECTION_CLOSED });
        });
        app.server.emit('connection', socket);
      });
    },
  };
}

let nextRequest = 0;

/**
 * In an API process started by the primary: answers the primary's requests for this process's metrics (`registry`),
 * and returns how to get every process's, added up. Elsewhere (one process, tests): undefined.
 */
export function joinProcessMetrics(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  // Constructing it makes prom-client answer the primary's requests in this process, with this registry.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextRequest++;
      const timeout = setTimeout(() => {
        process.off('message', listen);
        reject(new Error(`the other API processes' metrics did not come within ${METRICS_TIMEOUT_MS} ms`));
      }, METRICS_TIMEOUT_MS);
      const listen = (message: unknown) => {
        if (!isMetricsAnswer(message) || message.id !== id) return;
        clearTimeout(timeout);
        process.off('message', listen);
        if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'));
        else resolve(message.text);
      };
      process.on('message', listen);
      process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
    });
}
