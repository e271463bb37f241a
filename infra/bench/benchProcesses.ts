import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { readdir, readFile } from 'node:fs/promises';
import { findFreePort } from '../src/ports';
import { childProcesses } from '../src/processes';

/** Production refuses to start without one. */
const STATUS_TOKEN_SECRET = 'bench-only status token secret of 32+ characters';
export const BENCH_ADMIN_PASSWORD = 'bench password that is long';

export async function waitHealthy(url: string, withinMs = 30_000) {
  for (let attempt = 0; !(await fetch(url).then((r) => r.ok, () => false)); attempt++) {
    if (attempt * 200 > withinMs) throw new Error(`${url} did not answer`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** The yardstick every benchmark measures beside: a bare Fastify hello-world in a process of its own. */
export async function startHelloWorld(children: ChildProcess[]): Promise<string> {
  const port = await findFreePort(3990);
  children.push(spawn(process.execPath, ['--import', 'tsx', 'infra/bench/hello.ts', String(port)], { stdio: ['ignore', 'ignore', 'inherit'] }));
  await waitHealthy(`http://127.0.0.1:${port}/hello`);
  return `http://127.0.0.1:${port}`;
}

/**
 * The API as deployed (production, warn-level logs) on a free port, against the bench's database and queues. With a
 * `launcher` (a command and its arguments, such as valgrind's), Node runs under it, and may take `readyWithinMs` to answer.
 */
export async function startApi(
  children: ChildProcess[],
  {
    databaseUrl,
    queues,
    env = {},
    nodeArgs = [],
    launcher = [],
    readyWithinMs,
  }: { databaseUrl: string; queues: { redisUrl: string; prefix: string }; env?: Record<string, string>; nodeArgs?: string[]; launcher?: string[]; readyWithinMs?: number },
) {
  const port = await findFreePort(4000);
  const [command = process.execPath, ...launcherArgs] = launcher;
  const api = spawn(command, [...launcherArgs, ...(launcher.length > 0 ? [process.execPath] : []), ...nodeArgs, '--import', 'tsx', 'services/api/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: queues.redisUrl,
      QUEUE_PREFIX: queues.prefix,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      STATUS_TOKEN_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(api);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/api/health`, readyWithinMs);
  return { api, base };
}

/** Stops every process a benchmark started and waits for each to exit. */
export async function stopAll(children: readonly ChildProcess[]) {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
}

/**
 * Marks the requests whose answers nobody reads: autocannon need not keep their bodies. One symbol however often this
 * module is loaded, so autocannon's queue is wrapped once.
 */
const BODY_UNREAD = Symbol.for('autobest:bench:body-unread');

/**
 * autocannon keeps every answer's body as text (`body += chunk` in its PipelinedRequestsQueue), for onResponse,
 * expectBody and verifyBody, even when none is given. The load generator shares the machine's two cores with the API,
 * and that decoding was the largest part of its work on the search's long tail: 38% of its CPU (perf), 53 µs a request
 * in all against 30 without it, since a Brotli answer of 3.7 KB is not UTF-8 and is decoded byte by byte. A hello-world's
 * 17 bytes cost it almost nothing, so the API was charged for the generator's work in the ratio. For requests from
 * requestsFor (which set none of the three), the body is not kept; every other request's is, as before.
 */
function keepNoBodiesForUnreadRequests() {
  const queue = (createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: Record<string, unknown> }).prototype;
  const { addBody, peek } = queue;
  // A newer autocannon that reads bodies otherwise: left as it is (the figures then include the decoding again).
  if (typeof addBody !== 'function' || typeof peek !== 'function' || (addBody as { [BODY_UNREAD]?: true })[BODY_UNREAD]) return;
  queue.addBody = Object.assign(
    function (this: unknown, data: Buffer) {
      const pending = peek.call(this) as { req?: { [BODY_UNREAD]?: true } } | undefined;
      if (!pending?.req?.[BODY_UNREAD]) addBody.call(this, data);
    },
    { [BODY_UNREAD]: true as const },
  );
}
keepNoBodiesForUnreadRequests();

/**
 * autocannon's requests for a path per request, `next()` each time: what a load of many URLs gives autocannon. Each
 * request is made again (autocannon builds one with a setupRequest every time), and the path is set on the request it
 * builds, not spread into another. The list is long because autocannon deep-copies its context (lodash.clonedeep)
 * whenever it starts its list again: with a list of one, before every request. The load generator shares the
 * machine's two cores with the API: measured on the search's long tail, it spent 55 µs a request with a list of one
 * and a spread, 48-50 with this (hello-world's fixed request costs it about 19). Their answers' bodies are not kept
 * (keepNoBodiesForUnreadRequests): do not use them with expectBody or verifyBody.
 */
export function requestsFor(next: () => string): autocannon.Request[] {
  const setupRequest: autocannon.Request['setupRequest'] = (built) => {
    built.path = next();
    return built;
  };
  // Objects of their own: autocannon writes each one's built request on it.
  return Array.from({ length: 1_000 }, () => ({ setupRequest, [BODY_UNREAD]: true as const }));
}

/** `read` of a process and of each of its children (the API processes of API_PROCESSES), added up, and how many serve. */
export async function overApiProcesses(pid: number | undefined, read: (one: number | undefined) => Promise<number>): Promise<{ total: number; processes: number }> {
  const children = await childProcesses(pid);
  const each = await Promise.all([pid, ...children].map(read));
  return { total: each.reduce((sum, value) => sum + value, 0), processes: Math.max(1, children.length) };
}

/**
 * CPU time (user and system) a process has used, in µs (Linux: clock ticks of /proc/<pid>/stat, 100 per second). Per
 * request, it says what a search costs apart from how busy the machine is.
 */
export async function cpuMicros(pid: number | undefined): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10_000;
}

/**
 * CPU time (user and system, with that of children they waited for) of every process named `name` on the machine, in
 * µs: PostgreSQL's backends and the postmaster (whose children's time includes backends that exited), or redis-server.
 * Each benchmark database and queue prefix is its own, but the servers are shared: run nothing else beside a benchmark.
 */
export async function cpuMicrosOfAll(name: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(') ');
    if (open < 0 || close < 0 || stat.slice(open + 1, close) !== name) continue;
    const fields = stat.slice(close + 2).split(' ');
    total += [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field] ?? 0), 0) * 10_000;
  }
  return total;
}

/** One request of a paced load: what to send as its `n`th. */
export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedLoad {
  /** Requests answered per second, from the first due time to the last answer. */
  perSecond: number;
  /** Answers that were not 2xx, and requests that got no answer. */
  failed: number;
  /** From each request's due time (not when a free connection let it go) to its answer's end, in ms. */
  latency: { p50: number; p99: number; max: number };
}

/**
 * `rate` requests a second for `seconds`, evenly spaced, over at most `connections` kept-alive connections. autocannon's
 * `overallRate` lets each connection send its share of a second as fast as it can at the start of the second and then
 * wait, so "half the rate" came as bursts at full speed, and it then added a latency for every millisecond a request
 * came late (coordinated omission). Here request n is due at start + n / rate and its latency runs from then, so a
 * request held back for a free connection counts its wait, and nothing else is added.
 */
export async function pacedLoad(url: string, { rate, seconds, connections, request }: { rate: number; seconds: number; connections: number; request: (n: number) => PacedRequest }): Promise<PacedLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let failed = 0;
  const send = (n: number, dueAt: number) =>
    new Promise<void>((done) => {
      const { method, path, headers, body } = request(n);
      let over = false;
      // Once per request, whichever comes first: its answer's end, or the connection failing before or during it.
      const finish = (answered: boolean, status?: number) => {
        if (over) return;
        over = true;
        if (answered) latencies.push(performance.now() - dueAt);
        if (!answered || status === undefined || status < 200 || status > 299) failed++;
        done();
      };
      const sent = httpRequest(new URL(path, url), { method, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => finish(true, response.statusCode));
        response.on('close', () => finish(false));
      });
      sent.on('error', () => finish(false));
      sent.end(body);
    });
  const answers: Promise<void>[] = [];
  const start = performance.now();
  const dueAt = (n: number) => start + (n * 1000) / rate;
  for (let n = 0; n < total; ) {
    while (n < total && dueAt(n) <= performance.now()) answers.push(send(n, dueAt(n++)));
    if (n < total) await new Promise((wait) => setTimeout(wait, Math.max(0, dueAt(n) - performance.now())));
  }
  await Promise.all(answers);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? 0;
  return { perSecond: latencies.length / elapsedS, failed, latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 } };
}
