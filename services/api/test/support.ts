import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { eventsBehind, readCheckpoint, type Db } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig, type RuntimeConfig, type StaffRole } from '@autobest/domain';
import { allProjections } from '@autobest/projections';
import { NOTIFIER, QUEUES } from '@autobest/runtime';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { PHOTO_EVENT_TYPES, PHOTO_PROCESSOR, startWorkers, type RunningWorkers } from '@autobest/workers';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { WebAppsOptions } from '../src/plugins/webApps';
import { ensureFirstStaffUser } from '../src/staff/bootstrap';
import { hashPassword } from '../src/staff/passwords';
import { sessionCookieName } from '../src/staff/sessions';

export const STAFF_EMAIL = 'ops@autobest.test';
export const STAFF_PASSWORD = 'correct horse battery staple';
/** The first admin's name (the first start names them so): what history and notes show for what they did. */
export const STAFF_NAME = 'Administrator';

/**
 * For files that test what a form accepts, not how often (publicWriteLimits.int.test.ts does that): they send more
 * from one address and one email than a person would.
 */
/** The fewest fields a vehicle is listed with (`POST /api/admin/vehicles`): make and model from its name. */
export const minimalListing = (id: string, name: string) => ({
  id,
  name,
  price: 42000,
  images: [{ url: '/vehicles/suv.svg', alt: name }],
  specifications: [{ name: 'Engine', value: '2.0T', category: 'Performance' }],
  category: 'SUV',
  brand: name.split(' ')[0],
  model: name.split(' ').slice(1).join(' '),
  year: 2024,
});

export const LOOSE_PUBLIC_WRITE_LIMITS = { PUBLIC_WRITE_LIMIT_SCALE: '100' };

export interface TestApp {
  app: FastifyInstance;
  config: RuntimeConfig;
  testDb: TestDatabase;
  queues: TestQueues;
  close(): Promise<void>;
}

/** An app on a database and queue prefix of its own, with one staff account, for `inject`. */
export async function createTestApp(
  label: string,
  env: Record<string, string> = {},
  options: { withWorkers?: boolean; webApps?: WebAppsOptions; logger?: BuildAppOptions['logger']; clock?: BuildAppOptions['clock']; onQuery?: BuildAppOptions['onQuery'] } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(label);
  const queues = createTestQueues(label);
  // Uploads of its own too: a test that looks at the files a request left must not see another file's.
  const uploadsDir = await mkdtemp(join(tmpdir(), `autobest-${label}-uploads-`));
  const config = loadRuntimeConfig({
    UPLOADS_DIR: uploadsDir,
    DATABASE_URL: testDb.url,
    REDIS_URL: queues.redisUrl,
    QUEUE_PREFIX: queues.prefix,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: STAFF_EMAIL,
    ADMIN_PASSWORD: STAFF_PASSWORD,
    STATUS_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    // The product requires two-factor sign-in of admins (staffTwoFactor.int.test.ts proves it); files about other
    // things sign in with a password alone, and say otherwise when they test it.
    STAFF_MFA_REQUIRED_FOR: 'none',
    // The product answers searches from an index in memory that follows the store within a poll (250 ms), a moment
    // after each write: searches here are answered in SQL, as the write left them. The index is held to the SQL answer
    // byte for byte in searchIndex.int.test.ts, which sets SEARCH_INDEX=memory, as the process tests do.
    SEARCH_INDEX: 'sql',
    ...env,
  });
  const app = await buildApp({
    config,
    migrate: false,
    webApps: options.webApps ?? { storefrontDir: '/nonexistent', adminDir: '/nonexistent' },
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.onQuery === undefined ? {} : { onQuery: options.onQuery }),
  });
  await app.ready();
  await ensureFirstStaffUser(app.eventStore, config.admin);
  const workers: RunningWorkers | undefined = options.withWorkers ? await startWorkers(config, { migrate: false }) : undefined;
  return {
    app,
    config,
    testDb,
    queues,
    async close() {
      await workers?.close();
      await app.close();
      await testDb.drop();
      await queues.drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Signs in and returns the Cookie header value to send with admin requests. */
export async function signIn(app: FastifyInstance, email = STAFF_EMAIL, password = STAFF_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === sessionCookieName(app.config.cookieSecure));
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** A staff account of this role, made directly in the database (the first admin is made by createTestApp), signed in: its Cookie header. */
export async function signInAs(app: FastifyInstance, role: StaffRole): Promise<string> {
  const email = `${role}-${randomBytes(4).toString('hex')}@autobest.test`;
  await app.db
    .insertInto('staff_users')
    .values({ id: randomUUID(), email, display_name: `A ${role}`, password_hash: await hashPassword(STAFF_PASSWORD), role, disabled_at: null })
    .execute();
  return signIn(app, email, STAFF_PASSWORD);
}

/** Every staff operation of the OpenAPI document a signed-in staff member reads (signing in itself excepted), as `{ method, path }` with OpenAPI's `{param}` paths. */
export async function staffOperations(app: FastifyInstance, cookie: string): Promise<{ method: string; path: string }[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json<{ paths: Record<string, Record<string, unknown>> }>();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
    // The staff routes that answer without a session: signing in, and choosing a password with an emailed link.
    .filter(({ method, path }) => !(method === 'POST' && (path === '/api/admin/session' || path === '/api/admin/set-password')));
}

/** A concrete URL for an OpenAPI path: every `{param}` filled with a value the route would accept. */
export const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');

/**
 * Waits until the workers have done everything they will do with what was committed: every read model and the
 * notifier at the head of the store, and the photo processor past every event it acts on. The photo processor
 * appends events of its own for requests accepted earlier, so all of them at zero together is the quiet state. It is
 * woken only by submission events (else by its safety net), so it may trail the head by events it passes over: those
 * are not work left.
 */
export async function everyProcessorCaughtUp(db: Db, timeout = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      for (const processor of [NOTIFIER, ...allProjections.map((projection) => projection.name)]) {
        expect(await eventsBehind(db, await readCheckpoint(db, processor)), processor).toBe(0);
      }
      expect(await eventsBehind(db, await readCheckpoint(db, PHOTO_PROCESSOR), PHOTO_EVENT_TYPES), PHOTO_PROCESSOR).toBe(0);
    },
    { timeout, interval: 50 },
  );
}

/** A worker on the app's photos queue that fails every job for good, so a test has failed jobs to count or act on. */
export function photosWorkerThatFails(t: TestApp, connection: ConnectionOptions) {
  return new Worker(
    QUEUES.photos,
    async () => {
      throw new UnrecoverableError('the test fails it');
    },
    { connection, prefix: t.config.queuePrefix },
  );
}
