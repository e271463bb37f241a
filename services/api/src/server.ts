import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, loadRuntimeConfig, requireStatusTokenSecret, twoFactorRequiredFor, type RuntimeConfig } from '@autobest/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { apiProcessCount, runPrimary, handedConnections, type ApiPrimary, type ProcessReady, type ReadyMessage } from './process/apiProcesses';
import { announceFirstStaffUser, ensureFirstStaffUser } from './staff/bootstrap';

export interface RunningApi {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Builds the app (`beforeReady` adds to it), and makes sure a first staff account exists. */
async function readyApp(config: RuntimeConfig, options: Omit<BuildAppOptions, 'config'> = {}, beforeReady: (app: FastifyInstance) => void = () => undefined): Promise<FastifyInstance> {
  const app = await buildApp({ config, ...options });
  beforeReady(app);
  await app.ready();
  announceFirstStaffUser(await ensureFirstStaffUser(app.eventStore, config.admin), (line) => console.info(line), twoFactorRequiredFor(config.staffMfaRequiredFor, 'admin'));
  return app;
}

/** Builds the app, makes sure a first staff account exists, and listens on HOST:PORT. */
export async function startApi(config: RuntimeConfig, options: Omit<BuildAppOptions, 'config'> = {}): Promise<RunningApi> {
  const app = await readyApp(config, options);
  const address = await app.listen({ host: config.host, port: config.port });
  return { app, url: address, close: () => app.close() };
}

/**
 * The API as API_PROCESSES says, for a program that runs it beside other things (`npm start`'s launcher): one process
 * is the app in the caller's own (startApi); more are a primary in the caller's process, as `npm run start:api` has
 * (apiProcesses.ts), and that many processes running this script with `env` (what the caller set up: DATABASE_URL,
 * REDIS_URL...) added to their environment. Resolves once every process serves; `close` stops them all. Measured on
 * `npm start` with 100,000 vehicles on 2 CPUs (README, Performance): the long tail of searches at 3,700-3,900 a second
 * (13-17% of a hello-world, p99 27-29 ms) with one process, 4,400-5,800 (21-25%, p99 26-42 ms) with two.
 */
export async function startApiProcesses(config: RuntimeConfig, env: NodeJS.ProcessEnv): Promise<{ url: string; processes: number; close(): Promise<void> }> {
  const processes = apiProcessCount(config.apiProcesses);
  if (processes === 1) return { ...(await startApi(config, { migrate: false })), processes };
  const primary = runPrimary(processes, pino({ level: config.logLevel }), { host: config.host, port: config.port, script: fileURLToPath(import.meta.url), env });
  const close = async () => void (await primary.stop(0));
  try {
    return { url: await primary.serving, processes, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** In a process the primary started: the app, serving the connections the primary hands over. */
async function serveHandedOver(config: RuntimeConfig): Promise<Pick<RunningApi, 'app' | 'close'>> {
  let handed: ReturnType<typeof handedConnections> | undefined;
  const app = await readyApp(config, {}, (built) => (handed = handedConnections(built)));
  await handed!.serve();
  return { app, close: () => app.close() };
}

/** `npm run start:api` as the primary: tells its own supervisor where it serves, stops on SIGTERM or SIGINT. */
function superviseApiProcesses(primary: ApiPrimary): void {
  primary.serving.then((url) => process.send?.({ ready: true, url } satisfies ReadyMessage), () => undefined);
  void primary.stopped.then((exitCode) => process.exit(exitCode));
  process.once('SIGTERM', () => void primary.stop(0));
  process.once('SIGINT', () => void primary.stop(0));
}

async function main(): Promise<void> {
  const config = loadRuntimeConfig(process.env);
  requireStatusTokenSecret(config);
  const processes = apiProcessCount(config.apiProcesses);
  // With more than one, this first process only starts and watches the others (see apiProcesses.ts), each of which
  // runs this script again and goes on below.
  if (processes > 1 && cluster.isPrimary) return superviseApiProcesses(runPrimary(processes, pino({ level: config.logLevel }), { host: config.host, port: config.port }));
  // A process the primary started serves the connections the primary hands it (the primary listens on HOST:PORT).
  const running: Pick<RunningApi, 'app' | 'close'> & { url?: string } = cluster.isWorker ? await serveHandedOver(config) : await startApi(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.app.log.info(`${signal} received: finishing open requests`);
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // A supervisor that started us with an IPC channel (the primary; infra/src/processes.ts: fault tests, benchmarks)
  // learns when we serve, and where (the primary knows where).
  process.send?.(running.url === undefined ? ({ ready: true } satisfies ProcessReady) : ({ ready: true, url: running.url } satisfies ReadyMessage));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
