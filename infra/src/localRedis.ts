import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { findFreePort } from './ports';

export interface LocalRedis {
  url: string;
  /** Stops the redis-server this launcher started; nothing when it used one already running. */
  stop(): Promise<void>;
}

export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/** Whether a Redis answers PING at the URL within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Where a command looks for a Redis already running, and how its user points it at a Redis of their own. */
export interface RedisLookout {
  usualUrl: string;
  /** The command line that uses another Redis, for the message when there is none. */
  ownRedis: string;
}

export const LAUNCHER_REDIS: RedisLookout = { usualUrl: 'redis://127.0.0.1:6379', ownRedis: 'REDIS_URL=redis://host:6379 npm start' };

function howToGetRedis({ usualUrl, ownRedis }: RedisLookout): string {
  return [
    'AutoBest needs Redis for its background workers, and none was found:',
    `  - nothing answers on ${new URL(usualUrl).host}, and`,
    '  - there is no `redis-server` on the PATH to start one.',
    'Either install Redis (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`)',
    `or point AutoBest at one you have: \`${ownRedis}\`.`,
  ].join('\n');
}

/** Redis at the usual address if it answers, else a redis-server started under DATA_DIR/redis, else a clear error. */
export async function findOrStartRedis(dataDir: string, log: (line: string) => void, lookout = LAUNCHER_REDIS): Promise<LocalRedis> {
  if (await redisAnswers(lookout.usualUrl)) {
    log(`Redis found on ${new URL(lookout.usualUrl).host}`);
    return { url: lookout.usualUrl, stop: async () => undefined };
  }
  const dir = join(resolve(dataDir), 'redis');
  await mkdir(dir, { recursive: true });
  const port = await findFreePort(6380);
  let child: ChildProcess;
  try {
    child = await new Promise<ChildProcess>((resolvePromise, reject) => {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--save', ''],
        // Its own process group, as the embedded PostgreSQL's: stopped by the launcher, after the API and the workers.
        { stdio: 'ignore', detached: true },
      );
      started.once('error', reject);
      started.once('spawn', () => resolvePromise(started));
    });
  } catch {
    throw new RedisUnavailableError(howToGetRedis(lookout));
  }
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50 && !(await redisAnswers(url)); attempt++) {
    await new Promise((wait) => setTimeout(wait, 100));
  }
  if (!(await redisAnswers(url))) {
    child.kill();
    throw new RedisUnavailableError(`redis-server was started but does not answer on ${url}.\n${howToGetRedis(lookout)}`);
  }
  log(`Redis started from redis-server on ${url}, data in ${dir}`);
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
