import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import cron from 'node-cron';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { abandonedUploads } from '../src/housekeeping/abandonedUploads';
import { expiredPhotoUploads } from '../src/housekeeping/expiredPhotoUploads';
import { expiredAnalyticsEvents } from '../src/housekeeping/expiredAnalytics';
import { runSweep, startHousekeeping, sweeps } from '../src/housekeeping/housekeeping';
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

describe('expired photo uploads sweep', () => {
  it('removes finished photo uploads a day after their creation, unfinished ones after an hour with no byte, and what a crash left of one', async () => {
    const uploadsDir = await mkdtemp(join(tmpdir(), 'housekeeping-resumable-'));
    try {
      const folder = join(uploadsDir, '.resumable');
      const uploadConfig = loadRuntimeConfig({ UPLOADS_DIR: uploadsDir });
      const now = new Date('2030-01-02T12:00:00Z');
      const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
      expect(await expiredPhotoUploads.run({ db: testDb.db, config: uploadConfig, now })).toBe(0);
      await mkdir(folder);
      /** An upload of 100 bytes created `createdHoursAgo`, of which `received` arrived, the last `lastByteHoursAgo`. */
      const upload = async (id: string, createdHoursAgo: number, received = 100, lastByteHoursAgo = createdHoursAgo) => {
        await writeFile(join(folder, id), Buffer.alloc(received));
        await writeFile(join(folder, `${id}.json`), JSON.stringify({ id, size: 100, offset: 0, creation_date: hoursAgo(createdHoursAgo).toISOString() }));
        await utimes(join(folder, id), hoursAgo(lastByteHoursAgo), hoursAgo(lastByteHoursAgo));
        await utimes(join(folder, `${id}.json`), hoursAgo(createdHoursAgo), hoursAgo(createdHoursAgo));
      };
      const id = (n: number) => String(n).repeat(32);
      await upload(id(1), 25);
      // Finished, waiting for its request: kept for its day.
      await upload(id(2), 23);
      // Claimed by a request that crashed before forgetting it: the record without its bytes.
      await upload(id(3), 30);
      await rm(join(folder, id(3)));
      // Unfinished: the one whose last byte came 2 hours ago is given up, the one still arriving is kept.
      await upload(id(4), 3, 40, 2);
      await upload(id(5), 3, 40, 0.5);
      // Started and never sent a byte, 70 minutes ago.
      await upload(id(6), 70 / 60, 0);
      // A claim that crashed 2 hours ago (its record renamed, the request never recorded).
      await upload(id(7), 3);
      await rename(join(folder, `${id(7)}.json`), join(folder, `${id(7)}.claimed`));
      await utimes(join(folder, `${id(7)}.claimed`), hoursAgo(2), hoursAgo(2));
      // Not one of ours: left alone.
      await writeFile(join(folder, 'notes.txt'), 'x');

      expect(await expiredPhotoUploads.run({ db: testDb.db, config: uploadConfig, now })).toBe(5);
      expect((await readdir(folder)).sort()).toEqual([id(2), `${id(2)}.json`, id(5), `${id(5)}.json`, 'notes.txt']);
      expect(await expiredPhotoUploads.run({ db: testDb.db, config: uploadConfig, now })).toBe(0);
    } finally {
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('abandoned uploads sweep', () => {
  let uploadsDir: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'housekeeping-uploads-'));
  });
  afterAll(async () => {
    await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Sets the modification time of a file or folder to `minutesAgo` before now. */
  const age = async (path: string, minutesAgo: number) => {
    const at = new Date(Date.now() - minutes(minutesAgo));
    await utimes(path, at, at);
  };

  it('removes what a crash left in .incoming over an hour ago, never an upload still arriving', async () => {
    const incoming = join(uploadsDir, '.incoming');
    const uploadConfig = loadRuntimeConfig({ UPLOADS_DIR: uploadsDir });
    // Nothing was ever uploaded on this host: nothing to do.
    expect(await abandonedUploads.run({ db: testDb.db, config: uploadConfig, now: new Date() })).toBe(0);

    // A request the API was receiving when its process died, two hours ago: two photos and a half-written third.
    const crashed = join(incoming, randomUUID());
    await mkdir(crashed, { recursive: true });
    for (const name of ['front-1.jpg', 'rear-2.jpg', 'side-3']) {
      await writeFile(join(crashed, name), 'photo bytes');
      await age(join(crashed, name), 120);
    }
    await age(crashed, 120);
    // A loose file at the top, left as long ago.
    await writeFile(join(incoming, 'stray'), 'x');
    await age(join(incoming, 'stray'), 61);

    // A slow phone started this upload 70 minutes ago: its first photos are old, the one arriving now is being written.
    const arriving = join(incoming, randomUUID());
    await mkdir(arriving);
    await writeFile(join(arriving, 'front-1.jpg'), 'photo bytes');
    await age(join(arriving, 'front-1.jpg'), 70);
    const photo = createWriteStream(join(arriving, 'rear-2'));
    photo.write('first bytes of a photo');
    await once(photo, 'ready');
    await new Promise<void>((resolve, reject) => photo.write('more bytes', (error) => (error ? reject(error) : resolve())));
    await age(arriving, 70);

    // One that began a few minutes ago, and one that has only just made its folder.
    const recent = join(incoming, randomUUID());
    await mkdir(recent);
    await writeFile(join(recent, 'front-1.jpg'), 'photo bytes');
    await age(join(recent, 'front-1.jpg'), 50);
    await age(recent, 50);
    const empty = join(incoming, randomUUID());
    await mkdir(empty);

    expect(await abandonedUploads.run({ db: testDb.db, config: uploadConfig, now: new Date() })).toBe(2);
    expect((await readdir(incoming)).sort()).toEqual([arriving, recent, empty].map((path) => path.slice(incoming.length + 1)).sort());
    expect((await readdir(arriving)).sort()).toEqual(['front-1.jpg', 'rear-2']);
    photo.end();
    await once(photo, 'close');
    // Run again: nothing more.
    expect(await abandonedUploads.run({ db: testDb.db, config: uploadConfig, now: new Date() })).toBe(0);
  });
});

describe('expired analytics sweep', () => {
  it('deletes analytics events older than ANALYTICS_RETENTION_DAYS and keeps the newer ones', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs);
    const event = (name: string, occurredAt: Date) => ({ session_id: 's1', event: name, properties: JSON.stringify({ page: name }), occurred_at: occurredAt });
    await testDb.db
      .insertInto('analytics_events')
      .values([
        event('two-years-old', daysAgo(730)),
        event('just-past-retention', daysAgo(30, 1)),
        event('at-retention', daysAgo(30)),
        event('yesterday', daysAgo(1)),
        event('today', now),
      ])
      .execute();
    // More old rows than one batch deletes, so the sweep must go round.
    await sql`
      insert into analytics_events (session_id, event, properties, occurred_at)
      select 's2', 'old-page-view', '{}'::jsonb, ${daysAgo(45)}::timestamptz - make_interval(secs => n) from generate_series(1, 12000) as n`.execute(testDb.db);

    const retention = loadRuntimeConfig({ ANALYTICS_RETENTION_DAYS: '30' });
    expect(await expiredAnalyticsEvents.run({ db: testDb.db, config: retention, now })).toBe(12_002);
    const left = await testDb.db.selectFrom('analytics_events').select('event').orderBy('occurred_at').execute();
    expect(left.map((row) => row.event)).toEqual(['at-retention', 'yesterday', 'today']);
    expect(await expiredAnalyticsEvents.run({ db: testDb.db, config: retention, now })).toBe(0);
    // The default keeps 400 days.
    expect(config.analyticsRetentionDays).toBe(400);
  });
});

describe('recording runs for the metrics', () => {
  const silent = pino({ level: 'silent' });
  const runsOf = (sweep: string) =>
    testDb.db.selectFrom('housekeeping_runs').selectAll().where('sweep', '=', sweep).orderBy('host').execute();

  it('records each run per sweep and host: when it finished, what it removed, and why it failed', async () => {
    const uploadsDir = await mkdtemp(join(tmpdir(), 'housekeeping-runs-'));
    try {
      await mkdir(join(uploadsDir, '.incoming', 'crashed'), { recursive: true });
      await age(join(uploadsDir, '.incoming', 'crashed'));
      const context = { db: testDb.db, config: loadRuntimeConfig({ UPLOADS_DIR: uploadsDir }), now: new Date() };
      const before = Date.now();
      expect(await runSweep(abandonedUploads, context, 'worker-a', silent)).toEqual({ removed: 1 });
      expect(await runSweep(abandonedUploads, context, 'worker-b', silent)).toEqual({ removed: 0 });
      const [a, b] = await runsOf('abandoned-uploads');
      expect(a).toMatchObject({ host: 'worker-a', removed: 1, error: null });
      expect(b).toMatchObject({ host: 'worker-b', removed: 0, error: null });
      expect(a!.finished_at.getTime()).toBeGreaterThanOrEqual(before);
      expect(a!.last_success_at).toEqual(a!.finished_at);

      // .incoming is a file now: the sweep cannot read it, says so, and keeps when it last succeeded.
      await rm(join(uploadsDir, '.incoming'), { recursive: true });
      await writeFile(join(uploadsDir, '.incoming'), 'not a folder');
      const failed = await runSweep(abandonedUploads, context, 'worker-a', silent);
      expect(failed.error).toMatch(/ENOTDIR/);
      const [afterFailure] = await runsOf('abandoned-uploads');
      expect(afterFailure).toMatchObject({ host: 'worker-a', removed: 0, error: failed.error });
      expect(afterFailure!.finished_at.getTime()).toBeGreaterThan(a!.finished_at.getTime() - 1);
      expect(afterFailure!.last_success_at).toEqual(a!.last_success_at);
    } finally {
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });

  it('forgets hosts that have not run a sweep for a week', async () => {
    await testDb.db
      .insertInto('housekeeping_runs')
      .values({ sweep: 'ended-staff-sessions', host: 'replaced-container', started_at: new Date(Date.now() - 8 * 86_400_000), finished_at: new Date(Date.now() - 8 * 86_400_000), removed: 3, error: null, last_success_at: null })
      .execute();
    await runSweep(endedStaffSessions, { db: testDb.db, config, now: new Date() }, 'worker-a', silent);
    expect((await runsOf('ended-staff-sessions')).map((run) => run.host)).toEqual(['worker-a']);
  });

  async function age(path: string) {
    const at = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path, at, at);
  }
});
