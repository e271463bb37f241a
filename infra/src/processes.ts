import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { redisAnswers } from './localRedis';
import { EXIT_WITH_PARENT, WORKERS_SCRIPT } from './workersProcess';
import { findFreePort } from './ports';

/**
 * The API and the workers as the separate processes they are in production, for the fault tests and the benchmarks:
 * started with tsx against a database, Redis and queue prefix of the caller's choosing, ready when they say so, and
 * killed (-9 included) and restarted at will. Nothing outlives its caller: every process is killed when the caller
 * exits, and each one stops by itself when its parent disappears (exitWithParent.ts).
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const API_SCRIPT = fileURLToPath(new URL('../../services/api/src/server.ts', import.meta.url));

/** tsx on a busy two-core machine: the API and the workers each take a few seconds to load. */
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const KEPT_OUTPUT_LINES = 200;

const running = new Set<ChildProcess>();
const folders = new Set<string>();
let cleanUpOnExit = false;

/** Every child still running is killed, and every folder made for them removed, when this process exits. */
function onExitCleanUp(): void {
  if (cleanUpOnExit) return;
  cleanUpOnExit = true;
  process.on('exit', () => {
    for (const orphan of running) orphan.kill('SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
}

function track(child: ChildProcess): void {
  onExitCleanUp();
  running.add(child);
  child.once('exit', () => running.delete(child));
}

function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

/** What server.ts and workers/src/main.ts send over the IPC channel once they serve (the API with its address). */
interface ReadyMessage {
  ready: true;
  url?: string;
}
const isReadyMessage = (message: unknown): message is ReadyMessage => typeof message === 'object' && message !== null && (message as ReadyMessage).ready === true;

/** A process that exited (or was killed) before it was ready: expected when a caller kills a process that is starting. */
export class ExitedBeforeReady extends Error {
  override readonly name = 'ExitedBeforeReady';
}

interface ManagedProcessOptions {
  /** The command line: program first. */
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Ready when this answers true (polled); without it, when the process sends a ReadyMessage over IPC. */
  isReady?: () => Promise<boolean>;
  /** Also write its output to this process's stderr as it comes (a benchmark's reader sees a warning at once). */
  echo?: boolean;
  /** A process group of its own, with the processes it starts, so `interrupt` can do what a Ctrl-C in a terminal does. */
  ownGroup?: boolean;
}

/** One child process: started, killed and started again, its recent output kept for the failure message. */
export class ManagedProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly output: string[] = [];
  /** The address it announced when it became ready (the API's, which listens on a port of the system's choosing). */
  url: string | undefined;

  constructor(
    readonly name: string,
    private readonly options: ManagedProcessOptions,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isRunning(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it is ready; rejects with ExitedBeforeReady if it exits first. */
  start(): Promise<void> {
    if (this.isRunning) return Promise.reject(new Error(`${this.name} is already running (pid ${this.pid})`));
    const [program, ...args] = this.options.command;
    const ipc = this.options.isReady === undefined;
    const child = spawn(program!, args, { cwd: REPO, env: this.options.env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])], detached: this.options.ownGroup === true });
    this.child = child;
    track(child);
    for (const stream of [child.stdout!, child.stderr!]) eachLine(stream, (line) => this.remember(line));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.url = undefined;

    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        if (error) reject(error);
        else resolve();
      };
      const timeout = setTimeout(() => {
        settle(new Error(`${this.name} was not ready within ${READY_TIMEOUT_MS / 1000} s\n${this.recentOutput()}`));
        child.kill('SIGKILL');
      }, READY_TIMEOUT_MS);
      child.once('error', (error) => settle(new Error(`${this.name} could not be started: ${error.message}`)));
      child.once('exit', (code, signal) => settle(new ExitedBeforeReady(`${this.name} exited before it was ready (${signal ?? `code ${code}`})\n${this.recentOutput()}`)));
      if (ipc) {
        child.on('message', (message) => {
          if (!isReadyMessage(message)) return;
          this.url = message.url;
          settle();
        });
      } else {
        const poll = async () => {
          while (!settled && child.exitCode === null) {
            if (await this.options.isReady!()) return settle();
            await new Promise((wait) => setTimeout(wait, 50));
          }
        };
        void poll();
      }
    });
  }

  /** Sends `signal` (kill -9 by default) and resolves once the process has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.isRunning) this.child!.kill(signal);
    await this.exited;
  }

  /** SIGINT to its whole process group (`ownGroup`), as a Ctrl-C in a terminal sends it; resolves at once. */
  interrupt(): void {
    if (!this.options.ownGroup) throw new Error(`${this.name} has no process group of its own`);
    if (this.isRunning) process.kill(-this.pid!, 'SIGINT');
  }

  /** SIGTERM, for a graceful close; SIGKILL if it has not exited after `graceMs`. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (!this.isRunning) return;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** kill -9, then start again. */
  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** Whether one of the lines it wrote lately contains `text`. */
  said(text: string): boolean {
    return this.output.some((line) => line.includes(text));
  }

  /** The last lines it wrote (stdout and stderr), for a failure message. */
  recentOutput(): string {
    return this.output.length === 0 ? `(${this.name} wrote nothing)` : `last output of ${this.name}:\n${this.output.join('\n')}`;
  }

  private remember(line: string): void {
    if (this.options.echo) console.error(`[${this.name}] ${line}`);
    this.output.push(line);
    if (this.output.length > KEPT_OUTPUT_LINES) this.output.shift();
  }
}

/** A TypeScript entry point run by Node with tsx, stopping by itself if its parent disappears. */
const tsxCommand = (script: string, nodeArgs: readonly string[] = []) => [process.execPath, ...nodeArgs, '--import', 'tsx', '--import', EXIT_WITH_PARENT, script];

const STAFF_CREDENTIALS = { email: 'ops@autobest.test', password: 'a long password for the process tests' } as const;

export interface ProductProcessesOptions {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /**
   * Settings for both processes on top of the defaults (productEnv: production mode, warn-level logs, ...). API_PROCESSES
   * is 1 unless given, so a test's kill reaches the one serving; apiProcesses.int.test.ts runs several.
   */
  env?: Record<string, string>;
  /** Start the workers with the API (default true); `workers.start()` starts them later. */
  startWorkers?: boolean;
  /** Run the workers at this niceness, as docker-compose gives them a lower CPU weight. */
  workersNice?: number;
  /** Where the uploads folder (shared by both, removed by close) is made; the system's temporary folder by default. */
  uploadsRoot?: string;
  /** Write their output (warnings and errors at the default log level) to stderr as it comes; tests keep it for failures. */
  echo?: boolean;
  /** Options for Node itself in both processes (bench:events -- --profile passes --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[];
}

export interface ProductProcesses {
  api: ManagedProcess;
  workers: ManagedProcess;
  /** The API's base address, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  uploadsDir: string;
  /** The first staff account, to sign in with. */
  staff: typeof STAFF_CREDENTIALS;
  /** Stops both (gracefully, then -9) and removes the uploads folder. */
  close(): Promise<void>;
}

/** A folder for the uploads of the processes about to start, removed when this process exits if its caller has not. */
async function uploadsFolder(root: string): Promise<string> {
  const uploadsDir = await mkdtemp(join(root, 'autobest-processes-uploads-'));
  onExitCleanUp();
  folders.add(uploadsDir);
  return uploadsDir;
}

/** What the product's processes are started with: production mode against the caller's database, Redis and prefix. */
function productEnv({ databaseUrl, redisUrl, queuePrefix, uploadsDir, env }: { databaseUrl: string; redisUrl: string; queuePrefix: string; uploadsDir: string; env: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    HOST: '127.0.0.1',
    // The system chooses a free port; the API announces its address when it is ready.
    PORT: '0',
    LOG_LEVEL: 'warn',
    UPLOADS_DIR: uploadsDir,
    ADMIN_EMAIL: STAFF_CREDENTIALS.email,
    ADMIN_PASSWORD: STAFF_CREDENTIALS.password,
    // Production refuses to start without one; the API and the workers share it.
    STATUS_TOKEN_SECRET: 'process-tests status token secret of 32+ characters',
    // The tests sign in with the password alone; two-factor sign-in has its own tests.
    STAFF_MFA_REQUIRED_FOR: 'none',
    ...env,
  };
}

/** The API (`services/api/src/server.ts`) and the workers (`workers/src/main.ts`) as two processes, both ready. */
export async function startProductProcesses({
  databaseUrl,
  redisUrl,
  queuePrefix,
  env = {},
  startWorkers = true,
  workersNice,
  uploadsRoot = tmpdir(),
  echo = false,
  nodeArgs = [],
}: ProductProcessesOptions): Promise<ProductProcesses> {
  const uploadsDir = await uploadsFolder(uploadsRoot);
  const shared = productEnv({ databaseUrl, redisUrl, queuePrefix, uploadsDir, env: { API_PROCESSES: '1', ...env } });
  const api = new ManagedProcess('api', { command: tsxCommand(API_SCRIPT, nodeArgs), env: shared, echo });
  const workersCommand = tsxCommand(WORKERS_SCRIPT, nodeArgs);
  const workers = new ManagedProcess('workers', { command: workersNice === undefined ? workersCommand : ['nice', '-n', String(workersNice), ...workersCommand], env: shared, echo });
  const close = async () => {
    await Promise.all([api.stop(), workers.stop()]);
    await rm(uploadsDir, { recursive: true, force: true });
    folders.delete(uploadsDir);
  };
  try {
    await Promise.all([api.start(), startWorkers ? workers.start() : undefined]);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    api,
    workers,
    get url() {
      if (!api.url) throw new Error('The API is not running');
      return api.url;
    },
    uploadsDir,
    staff: STAFF_CREDENTIALS,
    close,
  };
}

const LAUNCHER_SCRIPT = fileURLToPath(new URL('./launcher.ts', import.meta.url));
/** What the launcher says once the workers and every API process are ready. */
const LAUNCHER_READY = 'AutoBest Africa is running';

export interface Launcher {
  process: ManagedProcess;
  /** Where it serves, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Stops it (gracefully, then -9) and removes the uploads folder. */
  close(): Promise<void>;
}

/**
 * `npm start` as a user runs it (infra/src/launcher.ts, without the web build): the workers in the launcher's process
 * and the API in as many processes as API_PROCESSES says (one per CPU by default), against the caller's database,
 * Redis and prefix, on a free port; ready once it says it is running.
 */
export async function startLauncher({ databaseUrl, redisUrl, queuePrefix, env = {}, uploadsRoot = tmpdir(), echo = false, nodeArgs = [] }: Omit<ProductProcessesOptions, 'startWorkers' | 'workersNice'>): Promise<Launcher> {
  const uploadsDir = await uploadsFolder(uploadsRoot);
  const port = await findFreePort(30_000 + Math.floor(Math.random() * 20_000));
  const launcher: ManagedProcess = new ManagedProcess('npm start', {
    command: tsxCommand(LAUNCHER_SCRIPT, nodeArgs),
    env: productEnv({ databaseUrl, redisUrl, queuePrefix, uploadsDir, env: { PORT: String(port), ...env } }),
    echo,
    isReady: async () => launcher.said(LAUNCHER_READY),
  });
  const close = async () => {
    await launcher.stop();
    await rm(uploadsDir, { recursive: true, force: true });
    folders.delete(uploadsDir);
  };
  try {
    await launcher.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { process: launcher, url: `http://127.0.0.1:${port}`, close };
}

export interface RedisServer {
  url: string;
  process: ManagedProcess;
  /** Stops it (SIGTERM); what it held is gone, as it keeps nothing on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * A redis-server of the caller's own on a free port, keeping nothing on disk, for a test that stops Redis: never the
 * Redis other tests share.
 */
export async function startRedisServer(): Promise<RedisServer> {
  for (let attempt = 1; ; attempt++) {
    // Apart from 6379 and the ports the launcher uses; another file may take the same port between the check and the
    // start, and then the next attempt takes another.
    const port = await findFreePort(20_000 + Math.floor(Math.random() * 20_000));
    const url = `redis://127.0.0.1:${port}`;
    const server = new ManagedProcess(`redis-server :${port}`, {
      command: ['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
      env: process.env,
      isReady: () => redisAnswers(url),
    });
    try {
      await server.start();
    } catch (error) {
      if (error instanceof ExitedBeforeReady && attempt < 5) continue;
      throw error;
    }
    return { url, process: server, stop: () => server.stop(), start: () => server.start() };
  }
}

/**
 * A GET on a connection of its own, never one kept alive: with API_PROCESSES above 1 the API's primary hands each new
 * connection to its processes in turn, so successive calls reach each of them. Fails after `timeoutMs` without an answer.
 */
export function getOnNewConnection(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`GET ${url} had no answer within ${timeoutMs} ms`)));
  });
}

/** The processes a process started and runs now (the API processes of an API primary), by pid (Linux). */
export async function childProcesses(pid: number | undefined): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(' ').filter(Boolean).map(Number);
}

/** Whether a process runs the workers (`workers/src/main.ts`, as `npm start` starts them beside the API; Linux). */
export const runsWorkers = async (pid: number): Promise<boolean> => (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').includes(WORKERS_SCRIPT);

/** A launcher's children (`npm start`), told apart: its API processes (none when it serves the API itself) and its workers process. */
export async function launcherChildren(pid: number | undefined): Promise<{ api: number[]; workers: number | undefined }> {
  const children = await childProcesses(pid);
  const workers = await Promise.all(children.map(runsWorkers));
  return { api: children.filter((_, n) => !workers[n]), workers: children.find((_, n) => workers[n]) };
}

/** How many connections to `port` each of `pids` holds open (Linux: the sockets of /proc/net/tcp among its descriptors). */
export const connectionsOn = async (pids: number[], port: number): Promise<number[]> => {
  const established = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      // local address, state 01 (established), inode
      if (fields.length > 9 && parseInt(fields[1]!.split(':').at(-1)!, 16) === port && fields[3] === '01') established.add(fields[9]!);
    }
  }
  return Promise.all(
    pids.map(async (pid) => {
      let open = 0;
      for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
        const inode = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))?.[1];
        if (inode !== undefined && established.has(inode)) open++;
      }
      return open;
    }),
  );
};
