import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { ConfigError } from '@autobest/domain';

/**
 * What a running `npm start` tells the commands started beside it (`npm run staff`): the database it uses, which the
 * embedded PostgreSQL lets only one process open, and what its links are made with. Kept in DATA_DIR while the
 * launcher runs, readable by its owner only (it holds the database's password and the status-token secret).
 */
const RunningProductSchema = z.object({
  pid: z.number().int().positive(),
  databaseUrl: z.string().min(1),
  publicUrl: z.string().min(1),
  statusTokenSecret: z.string().min(32),
});
export type RunningProduct = z.infer<typeof RunningProductSchema>;

export const runningProductFile = (dataDir: string) => join(resolve(dataDir), 'running.json');

/**
 * Writes the file for this process; the answer removes it (when it is still this process's). Written whole under
 * another name and renamed, so a command never reads half of it, and created with mode 600 (a file left by an
 * earlier run keeps its mode, so it is replaced, not rewritten).
 */
export async function announceRunningProduct(dataDir: string, product: Omit<RunningProduct, 'pid'>): Promise<() => Promise<void>> {
  const file = runningProductFile(dataDir);
  await mkdir(resolve(dataDir), { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(partial, JSON.stringify({ pid: process.pid, ...product }), { mode: 0o600, flag: 'wx' });
  await rename(partial, file);
  return async () => {
    if ((await readRunningProduct(file).catch(() => undefined))?.pid === process.pid) await rm(file, { force: true });
  };
}

/** Whether a process runs: signal 0 checks without sending anything; EPERM is a process of another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readRunningProduct(file: string): Promise<RunningProduct | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EACCES' || code === 'EPERM') {
      throw new ConfigError(`${file} belongs to the user who ran npm start on this DATA_DIR, and only they may read it. Run this command as that user, or set DATABASE_URL.`);
    }
    throw error;
  }
  const parsed = RunningProductSchema.safeParse(JSON.parse(text) as unknown);
  return parsed.success ? parsed.data : undefined;
}

async function databaseAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The `npm start` running on DATA_DIR, or undefined when none does: no file, or one left by a launcher that did not
 * stop cleanly (its process is gone, or the number was given to another process since and the database does not
 * answer).
 */
export async function findRunningProduct(dataDir: string): Promise<RunningProduct | undefined> {
  const product = await readRunningProduct(runningProductFile(dataDir));
  if (!product || !isRunning(product.pid)) return undefined;
  return (await databaseAnswers(product.databaseUrl)) ? product : undefined;
}
