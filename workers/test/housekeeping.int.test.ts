import { randomUUID } from 'node:crypto';
import cron from 'node-cron';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { startHousekeeping, sweeps } from '../src/housekeeping/housekeeping';
import { endedStaffSessions } from '../src/housekeeping/staffSessions';

let testDb: TestDatabase;
const config = loadRuntimeConfig({ SESSION_IDLE_MINUTES: '30' });
const staffUserId = randomUUID();
const minutes = (count: number) => count * 60_000;

beforeAll(async () => {
  testDb = await createTestDatabase('housekeeping');
  await testDb.db
    .insertInto('staff_users')
    .values({ id: staffUserId, email: 'ops@autobest.test', display_name: 'Ops', password_hash: 'not used', role: 'admin', disabled_at: null })
    .execute();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('ended staff sessions sweep', () => {
  it('deletes sessions past their expiry or idle too long, and keeps the ones still usable', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const sessions = {
      live: { expires_at: at(minutes(60)), last_seen_at: at(-minutes(1)) },
      almostIdle: { expires_at: at(minutes(60)), last_seen_at: at(-minutes(29)) },
      idle: { expires_at: at(minutes(60)), last_seen_at: at(-minutes(30)) },
      expired: { expires_at: at(-1), last_seen_at: at(-minutes(1)) },
      expiredAndIdle: { expires_at: at(-minutes(120)), last_seen_at: at(-minutes(180)) },
    };
    await testDb.db
      .insertInto('staff_sessions')
      .values(Object.entries(sessions).map(([name, times]) => ({ token_hash: name, staff_user_id: staffUserId, ...times })))
      .execute();

    expect(await endedStaffSessions.run({ db: testDb.db, config, now })).toBe(3);
    const left = await testDb.db.selectFrom('staff_sessions').select('token_hash').orderBy('token_hash').execute();
    expect(left.map((row) => row.token_hash)).toEqual(['almostIdle', 'live']);
    expect(await endedStaffSessions.run({ db: testDb.db, config, now })).toBe(0);
  });
});

describe('housekeeping', () => {
  it('schedules every sweep with node-cron and unschedules them on stop', async () => {
    expect(sweeps).toContain(endedStaffSessions);
    const names = () => [...cron.getTasks().values()].map((task) => task.name).filter((name) => name?.startsWith('housekeeping-'));
    const housekeeping = startHousekeeping(testDb.db, config, pino({ level: 'silent' }));
    expect(names().sort()).toEqual(sweeps.map((sweep) => `housekeeping-${sweep.name}`).sort());
    await housekeeping.stop();
    expect(names()).toEqual([]);
  });
});
