import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The workers' entry point (`npm run start:workers`). */
export const WORKERS_SCRIPT = fileURLToPath(new URL('../../workers/src/main.ts', import.meta.url));
/** Loaded first into a supervised process: it stops when its supervisor is gone (exitWithParent.ts). */
export const EXIT_WITH_PARENT = fileURLToPath(new URL('./exitWithParent.ts', import.meta.url));
/** How long a stopping workers process may let its running jobs finish before it is killed. */
const STOP_GRACE_MS = 15_000;
/** The wait before a workers process that died is started again. */
const RESTART_AFTER_MS = 1_000;

export interface WorkersProcess {
  /** SIGTERM (running jobs finish), then SIGKILL after STOP_GRACE_MS. */
  close(): Promise<void>;
  /** The launcher is stopping: a workers process that exits from now on (Ctrl-C reaches it too) is not started again. */
  stopping(): void;
}

/** Whether `message` is the `{ ready: true }` workers/src/main.ts sends its supervisor once it works. */
const isReady = (message: unknown) => typeof message === 'object' && message !== null && (message as { ready?: unknown }).ready === true;

/**
 * `npm start`'s workers (`workers/src/main.ts`) as a process of their own beside the API, at niceness `nice`: when both
 * are busy the API's requests get the CPU first, as docker-compose gives the workers a lower CPU weight. The workers'
 * work waits in PostgreSQL and Redis, and does it in larger batches when it runs less often.
 *
 * Their own process because a niceness is inherited: the API's primary, which starts a new API process when one dies,
 * must keep its own, and an unprivileged process cannot lower its niceness again once raised. Gone with the launcher
 * (exitWithParent); a workers process that dies is started again after a second.
 */
export async function startWorkersProcess(env: NodeJS.ProcessEnv, nice: number, log: (line: string) => void): Promise<WorkersProcess> {
  let stopping = false;
  let child: ChildProcess;

  const restartSoon = () =>
    setTimeout(() => {
      if (stopping) return;
      start().catch((error: unknown) => {
        log(`The workers process did not start again (${(error as Error).message}); trying again`);
        restartSoon();
      });
    }, RESTART_AFTER_MS);

  const start = async (): Promise<void> => {
    // Not detached: a process of its own session would be its own scheduling group (Linux's autogroup), whose weight
    // matches the whole launcher's whatever its niceness. So Ctrl-C in a terminal reaches it too, and it stops with the API.
    child = fork(WORKERS_SCRIPT, [], { env, execArgv: [...process.execArgv, '--import', EXIT_WITH_PARENT], stdio: 'inherit' });
    const started = child;
    if (nice > 0 && started.pid !== undefined) {
      try {
        setPriority(started.pid, nice);
      } catch (error) {
        log(`The workers run at the API's priority: their niceness could not be set (${(error as Error).message})`);
      }
    }
    const exited = once(started, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const ready = new Promise<void>((resolve) => started.on('message', (message) => isReady(message) && resolve()));
    const first = await Promise.race([ready.then(() => 'ready' as const), exited.then(([code, signal]) => `exited (${signal ?? `code ${code}`})` as const)]);
    if (first !== 'ready') throw new Error(`The workers process ${first} before it was ready`);
    void exited.then(([code, signal]) => {
      if (stopping) return;
      log(`The workers process stopped (${signal ?? `code ${code}`}); starting it again`);
      restartSoon();
    });
  };

  await start();
  return {
    stopping() {
      stopping = true;
    },
    async close() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
