import { Kysely, Migrator, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { preparingMarkedStatements } from './preparedStatements';

// int8 → number: global and stream positions stay far below 2^53 and are compared as numbers everywhere.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric is used for ratings only; money is always integer minor units in bigint columns.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// date → 'YYYY-MM-DD' as stored: a calendar date (an expected arrival) has no time zone; a JS Date would shift it by one.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DbOptions {
  connectionString: string;
  maxConnections?: number;
  applicationName?: string;
  /** Called when an idle connection dies (database restart, shutdown); the pool replaces it on next use. */
  onConnectionError?: (error: Error) => void;
  /** Called after each statement with its SQL, parameters and duration (diagnostics such as a benchmark's plans). */
  onQuery?: (query: ExecutedQuery) => void;
}

export interface ExecutedQuery {
  sql: string;
  parameters: readonly unknown[];
  durationMs: number;
}

export type Db = Kysely<Database>;

export function createDb({
  connectionString,
  maxConnections = 10,
  applicationName = 'autobest',
  onConnectionError = (error) => console.warn(`PostgreSQL connection lost: ${error.message}`),
  onQuery,
}: DbOptions): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections, application_name: applicationName });
  // Without a listener, one idle connection killed by a database restart would crash the whole process.
  pool.on('error', onConnectionError);
  // The pool listens only while a connection is idle. One that dies while checked out (a transaction between two
  // statements, pg_terminate_backend under load) would emit 'error' to nobody and crash the process: the failure is
  // already reported to the query using it (or the next one, "not queryable"), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    preparingMarkedStatements(client);
  });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(onQuery ? { log: (event: LogEvent) => onQuery({ sql: event.query.sql, parameters: event.query.parameters, durationMs: event.queryDurationMillis }) } : {}),
  });
}

/**
 * What says the connection to PostgreSQL failed, not the statement: the server ended it (57P01 admin shutdown, as
 * `pg_terminate_backend` does; 57P02 crash shutdown; 57P03 not accepting connections yet), it is full (53300), any
 * connection exception (class 08), the socket dropped under the driver ("Connection terminated unexpectedly") or
 * could not be opened. A new connection a moment later may well succeed: the pool replaces dead ones on next use.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const CONNECTION_LOST_MESSAGES = /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

/** Whether a query failed because its connection to PostgreSQL was lost or could not be made (see above). */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return CONNECTION_LOST_MESSAGES.test(error.message) || isConnectionLost(error.cause);
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/** The migrator over this code's migrations. */
const migratorFor = <DB>(db: Kysely<DB>) => new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrations } });

/** Names of the migrations this code has that the database has not run yet. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = migratorFor(db);
  return (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Brings the schema to the latest migration; safe to run from several processes at once (kysely takes a lock). */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
