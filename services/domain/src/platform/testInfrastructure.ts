/**
 * Where tests find PostgreSQL and Redis: the one place every test helper that connects to them reads. A test run's
 * global setup (infra/src/testInfrastructure.ts) sets TEST_DATABASE_URL and TEST_REDIS_URL, to what it found or
 * started, before any test file runs; a script run without it (the benchmarks) gets the usual local services.
 */
export interface TestInfrastructure {
  /** A PostgreSQL where tests may create and drop databases; the database it names is where they connect to do so. */
  databaseUrl: string;
  redisUrl: string;
}

type Environment = Readonly<Record<string, string | undefined>>;

export function testInfrastructure(env: Environment): TestInfrastructure {
  return { databaseUrl: env['TEST_DATABASE_URL'] ?? usualTestDatabaseUrl(env), redisUrl: env['TEST_REDIS_URL'] ?? usualTestRedisUrl(env) };
}

/** PostgreSQL as CI and a developer machine run it: trust auth for `postgres` on 127.0.0.1, port TEST_PG_PORT or 5432. */
export function usualTestDatabaseUrl(env: Environment): string {
  return `postgres://postgres@127.0.0.1:${env['TEST_PG_PORT'] ?? '5432'}/postgres`;
}

/** Redis on 127.0.0.1, port TEST_REDIS_PORT or 6379. */
export function usualTestRedisUrl(env: Environment): string {
  return `redis://127.0.0.1:${env['TEST_REDIS_PORT'] ?? '6379'}`;
}

/**
 * A database migrated to the latest schema that the run's global setup made once: each test file's database is a copy
 * of it (a file copy instead of every migration again). Unset (a script, or a test run without the global setup),
 * each database is migrated on its own.
 */
export function testDatabaseTemplate(env: Environment): string | undefined {
  return env['TEST_DATABASE_TEMPLATE'];
}
