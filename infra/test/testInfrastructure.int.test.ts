import { afterEach, describe, expect, it } from 'vitest';
import { testInfrastructure } from '@autobest/domain/testing';
import { findFreePort } from '../src/ports';
import provideTestInfrastructure from '../src/testInfrastructure';

/** What this run's own global setup found; each test changes the variables and puts these back. */
const found = testInfrastructure(process.env);

afterEach(() => {
  process.env['TEST_DATABASE_URL'] = found.databaseUrl;
  process.env['TEST_REDIS_URL'] = found.redisUrl;
});

describe('the test run global setup', () => {
  it('uses the PostgreSQL and Redis it is given when they answer, and has nothing to stop', async () => {
    const stop = await provideTestInfrastructure();
    expect(testInfrastructure(process.env)).toEqual(found);
    await stop();
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
