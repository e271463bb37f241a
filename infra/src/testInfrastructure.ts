import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { usualTestDatabaseUrl, usualTestRedisUrl } from '@autobest/domain/testing';
import { createTemplateDatabase } from '@autobest/db/testing';
import { startEmbeddedPostgres } from './embeddedPostgres';
import { findOrStartRedis, redisAnswers } from './localRedis';

/**
 * The test run's global setup (vitest.config.ts): PostgreSQL and Redis for every test file, found or started once
 * per run. TEST_DATABASE_URL / TEST_REDIS_URL, when set, must answer; otherwise the usual local services are used
 * when they answer (CI, a developer machine), else the same embedded PostgreSQL and redis-server `npm start` would
 * start, with their data under .data/test. The test files read the outcome from TEST_DATABASE_URL / TEST_REDIS_URL
 * (`@autobest/domain/testing`), and copy their databases from TEST_DATABASE_TEMPLATE, migrated here once; what was
 * started or made here is stopped or dropped when the run ends.
 */
export default async function provideTestInfrastructure(): Promise<() => Promise<void>> {
  // Each project of vitest.config.ts runs its global setup: the first provides, the others share it, the last stops it.
  const holder = globalThis as { [SHARED]?: Shared };
  let shared = holder[SHARED];
  if (shared === undefined) {
    const started = startTestInfrastructure();
    shared = holder[SHARED] = { users: 0, started };
    // A failed start is not kept: the next call tries again.
    started.catch(() => {
      if (holder[SHARED]?.started === started) delete holder[SHARED];
    });
  }
  const mine = shared;
  mine.users++;
  let stop: () => Promise<void>;
  try {
    stop = await mine.started;
  } catch (error) {
    mine.users--;
    throw error;
  }
  return async () => {
    if (--mine.users > 0) return;
    if (holder[SHARED] === mine) delete holder[SHARED];
    await stop();
  };
}

const SHARED = Symbol.for('autobest:test-infrastructure');
interface Shared {
  users: number;
  started: Promise<() => Promise<void>>;
}

async function startTestInfrastructure(): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const databaseUrl = (process.env['TEST_DATABASE_URL'] = await postgresForTests(stops));
    process.env['TEST_REDIS_URL'] = await redisForTests(stops);
    // Migrated once here; each file's database is a copy of it.
    const template = await createTemplateDatabase(databaseUrl);
    stops.push(template.drop);
    process.env['TEST_DATABASE_TEMPLATE'] = template.name;
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

const log = (line: string) => console.info(`[test infrastructure] ${line}`);

/** Apart from `npm start`'s .data, and kept: the next run reuses the cluster instead of creating it again. */
const DATA_DIR = fileURLToPath(new URL('../../.data/test', import.meta.url));

const OWN_DATABASE = 'TEST_DATABASE_URL=postgres://user:password@host:5432/postgres npm test (a user who may create databases)';

async function postgresForTests(stops: Array<() => Promise<void>>): Promise<string> {
  const given = process.env['TEST_DATABASE_URL'];
  const url = given ?? usualTestDatabaseUrl(process.env);
  const { host } = new URL(url);
  const refusal = await connectionRefusal(url);
  if (refusal === undefined) {
    log(`PostgreSQL found on ${host}`);
    return url;
  }
  if (given !== undefined || refusal !== NOTHING_LISTENS) {
    throw new Error(`The PostgreSQL for the tests on ${host} did not let them in: ${refusal}.\nUse one that does: ${OWN_DATABASE}`);
  }
  log(`Nothing answers on ${host}: starting the embedded PostgreSQL, as npm start does`);
  const database = await startEmbeddedPostgres(DATA_DIR, log, OWN_DATABASE);
  stops.push(database.stop);
  return database.url;
}

async function redisForTests(stops: Array<() => Promise<void>>): Promise<string> {
  const given = process.env['TEST_REDIS_URL'];
  if (given !== undefined) {
    if (await redisAnswers(given)) return given;
    throw new Error(`Nothing answers PING at TEST_REDIS_URL (${new URL(given).host}).`);
  }
  const redis = await findOrStartRedis(DATA_DIR, log, { usualUrl: usualTestRedisUrl(process.env), ownRedis: 'TEST_REDIS_URL=redis://host:6379 npm test' });
  stops.push(redis.stop);
  return redis.url;
}

const NOTHING_LISTENS = 'nothing listens there';

/** Why a connection to `url` failed, or undefined when it succeeded. */
async function connectionRefusal(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ECONNREFUSED') return NOTHING_LISTENS;
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
