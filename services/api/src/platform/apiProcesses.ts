import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { RuntimeConfig } from '@autobest/domain';

/**
 * Several API processes on one port (node:cluster): each serves requests and holds its own search index; whatever
 * the installation must agree on is in PostgreSQL and Redis. The primary serves nothing: it starts the processes, starts
 * another when one dies, stops them all on SIGTERM or SIGINT, and adds up their metrics for whichever one is scraped.
 */

/**
 * V8 options of each API process the primary starts, besides the primary's own: young-generation collections on the
 * process's own thread. V8 otherwise hands each one (hundreds a minute under load: a search answer leaves tens of KB
 * of garbage) to helper threads and waits for them; with a process per CPU, those helpers wait for a CPU another API
 * process holds. Measured on 100,000 vehicles, two processes on two CPUs, interleaved runs of the long tail (median
 * of each): 5,620 -> 6,175 searches a second, 8-10% less CPU per search. Full collections stay concurrent.
 */
export const API_PROCESS_V8_OPTIONS = ['--no-parallel-scavenge'] as const;

/** How many processes API_PROCESSES asks for: `auto` is one per CPU this process may use. */
export const apiProcessCount = (setting: RuntimeConfig['apiProcesses']): number => (setting === 'auto' ? availableParallelism() : setting);

/** What an API process sends its supervisor (the primary, or infra/src/processes.ts) once it serves, and where. */
export interface ReadyMessage {
  ready: true;
  url: string;
}

const METRICS_REQUEST = 'autobest:process-metrics-request';
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

const isReady = (message: unknown): message is ReadyMessage => typeof message === 'object' && message !== null && (message as ReadyMessage).ready === true;
const isMetricsRequest = (message: unknown): message is MetricsRequest => typeof message === 'object' && message !== null && (message as MetricsRequest).type === METRICS_REQUEST;
const isMetricsAnswer = (message: unknown): message is MetricsAnswer => typeof message === 'object' && message !== null && (message as MetricsAnswer).type === METRICS_ANSWER;

/**
 * The primary: starts `count` API processes (this same script, run again by node:cluster) and tells its own supervisor
 * once all serve. A process that ends before the first time all were ready ends the primary with it (a bad setting,
 * no database: starting it again would fail the same way); later, a process that dies is replaced.
 */
export function runPrimary(count: number, log: Logger): void {
  // Asks every process for its own metrics (prom-client's cluster protocol) and adds them up.
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let allReadyOnce = false;
  let url: string | undefined;
  const ready = new Set<number>();

  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (running.length === 0) process.exit(exitCode);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    });
    // Each process finishes its open requests, then ends.
    for (const worker of running) worker.process.kill('SIGTERM');
  };

  const start = () => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (isReady(message)) {
        ready.add(worker.id);
        url = message.url;
        if (!allReadyOnce && ready.size === count) {
          allReadyOnce = true;
          log.info({ processes: count, url }, 'API serving');
          process.send?.({ ready: true, url } satisfies ReadyMessage);
        }
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
    if (stopping) return;
    if (!allReadyOnce) {
      log.error({ pid: worker.process.pid, code, signal }, 'an API process ended while starting; stopping the others');
      stop(code || 1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'an API process ended; starting another');
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS).unref();
  });
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...API_PROCESS_V8_OPTIONS.filter((option) => !process.execArgv.includes(option))] });
  for (let n = 0; n < count; n++) start();
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
