import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { testInfrastructure } from '@autobest/domain/testing';
import { isAlive } from './fixtures/isAlive';


/**
 * The process harness (infra/src/processes.ts) leaves no orphans: the API and the workers it started stop when the
 * process that started them is killed with -9 (nothing of its own runs then), and when it ends on an error (their
 * uploads folder is removed too).
 */
const PARENT = fileURLToPath(new URL('./fixtures/productProcessesParent.ts', import.meta.url));

interface Started {
  api: number;
  workers: number;
  databaseUrl: string;
  queuePrefix: string;
  uploadsDir: string;
}

/** Runs the fixture parent until it has printed what it started. */
function startParent(mode: 'wait' | 'throw'): Promise<{ started: Started; parentPid: number; exited: Promise<number | null> }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', PARENT, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => parent.once('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    parent.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ started: JSON.parse(line) as Started, parentPid: parent.pid!, exited });
    });
    void exited.then((code) => reject(new Error(`the parent exited (${code}) before starting anything:\n${output}`)));
  });
}

/** What the fixture made: its database, its queue keys and its uploads folder. */
async function dropWhatItMade({ databaseUrl, queuePrefix, uploadsDir }: Started): Promise<void> {
  await rm(uploadsDir, { recursive: true, force: true });
  const { databaseUrl: adminUrl, redisUrl } = testInfrastructure(process.env);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(new URL(databaseUrl).pathname.slice(1))} with (force)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${queuePrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

describe('the processes the harness starts', () => {
  it('stop by themselves when their parent is killed with -9', { timeout: 90_000 }, async () => {
    const { started, parentPid, exited } = await startParent('wait');
    try {
      expect([started.api, started.workers].every(isAlive)).toBe(true);
      process.kill(parentPid, 'SIGKILL');
      await exited;
      await vi.waitFor(() => expect({ api: isAlive(started.api), workers: isAlive(started.workers) }).toEqual({ api: false, workers: false }), { timeout: 15_000, interval: 100 });
    } finally {
      for (const pid of [started.api, started.workers]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await dropWhatItMade(started);
    }
  });

  it('are killed when their parent ends on an error before its clean-up', { timeout: 90_000 }, async () => {
    const { started, exited } = await startParent('throw');
    try {
      expect(await exited).toBe(1);
      await vi.waitFor(() => expect({ api: isAlive(started.api), workers: isAlive(started.workers) }).toEqual({ api: false, workers: false }), { timeout: 5_000, interval: 100 });
      expect(existsSync(started.uploadsDir)).toBe(false);
    } finally {
      for (const pid of [started.api, started.workers]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await dropWhatItMade(started);
    }
  });
});
