import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { pendingMigrations } from '@autobest/db';
import { createTestDatabase } from '@autobest/db/testing';
import { testDatabaseTemplate, testInfrastructure } from '@autobest/domain/testing';
import { findFreePort } from '../src/ports';
import provideTestInfrastructure from '../src/testInfrastructure';

/** What this run's own global setup found; each test changes the variables and puts these back. */
const found = testInfrastructure(process.env);

const foundTemplate = testDatabaseTemplate(process.env);

afterEach(() => {
  process.env['TEST_DATABASE_URL'] = found.databaseUrl;
  process.env['TEST_REDIS_URL'] = found.redisUrl;
  process.env['TEST_DATABASE_TEMPLATE'] = foundTemplate;
});

describe('the test run global setup', () => {
  it('uses the PostgreSQL and Redis it is given when they answer, with a migrated template it drops at the end', async () => {
    const stop = await provideTestInfrastructure();
    expect(testInfrastructure(process.env)).toEqual(found);
    const template = testDatabaseTemplate(process.env);
    expect(template).toBeDefined();
    expect(template).not.toBe(foundTemplate);
    const askedAt = new Date();
    const copy = await createTestDatabase('template_copy');
    try {
      // Every migration is there, run before the copy was asked for: in the template, not again in the copy.
      expect(await pendingMigrations(copy.db)).toEqual([]);
      const ran = await sql<{ timestamp: Date }>`select timestamp from kysely_migration`.execute(copy.db);
      expect(ran.rows.length).toBeGreaterThan(0);
      expect(ran.rows.filter((row) => row.timestamp >= askedAt)).toEqual([]);
    } finally {
      await copy.drop();
    }
    await stop();
    const admin = new pg.Client({ connectionString: found.databaseUrl });
    await admin.connect();
    try {
      expect((await admin.query('select datname from pg_database where datname = $1', [template])).rows).toEqual([]);
    } finally {
      await admin.end();
    }
  });

  it('refuses a TEST_DATABASE_URL nothing answers at instead of starting another, and says what to set', async () => {
    process.env['TEST_DATABASE_URL'] = `postgres://postgres@127.0.0.1:${await findFreePort(45432)}/postgres`;
    await expect(provideTestInfrastructure()).rejects.toThrow(/did not let them in: nothing listens there\.\nUse one that does: TEST_DATABASE_URL=postgres:\/\//);
  });

  it('refuses a TEST_REDIS_URL nothing answers at', async () => {
    process.env['TEST_REDIS_URL'] = `redis://127.0.0.1:${await findFreePort(46379)}`;
    await expect(provideTestInfrastructure()).rejects.toThrow(/Nothing answers PING at TEST_REDIS_URL/);
  });
});
