import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPermittedMessage, ROLE_PERMISSIONS, roleMay, STAFF_ROLES, type StaffPermission, type StaffRole } from '@autobest/domain';
import { buildApp } from '../src/app';
import { concretePath, createTestApp, signIn, signInAs, staffOperations, type TestApp } from './support';

/**
 * Roles on every staff route (issue 17): each route declares the permission it needs, and what each role gets on each
 * route follows from ROLE_PERMISSIONS alone.
 */
let t: TestApp;
let operations: { method: string; path: string }[];
let declared: Map<string, StaffPermission | undefined>;
const cookies = {} as Record<StaffRole, string>;

/**
 * Where staff read the personal data of sellers and buyers (names, phones, emails, photos, what they wrote): requests,
 * reservations, enquiries, contact messages, Tara's conversations and leads, and the outbox. Written out here, not taken
 * from the roles table, so a change to the table that gives any of it back to inventory fails this file.
 */
const PERSONAL_DATA = [
  '/api/admin/sell-car-submissions',
  '/api/admin/trade-in-submissions',
  '/api/admin/reservation-requests',
  '/api/admin/enquiries',
  '/api/admin/contact-messages',
  '/api/admin/conversations',
  '/api/admin/emails',
];
/** Inventory's work: the catalogue (vehicles, their photos, QA, data collection, landed cost) and the news. */
const CATALOGUE_AND_NEWS = [
  '/api/admin/vehicles',
  '/api/admin/vehicle-images',
  '/api/admin/inventory-qa',
  '/api/admin/data-collection',
  '/api/admin/tariff-versions',
  '/api/admin/freight-rates',
  '/api/admin/destination-charges',
  '/api/admin/news-sources',
  '/api/admin/articles',
  '/api/admin/videos',
  '/api/admin/tara-answers',
];
const under = (path: string) => (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** `/api/admin/x/:id` as the OpenAPI document writes it. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await createTestApp('api_staff_permissions');
  cookies.admin = await signIn(t.app);
  for (const role of STAFF_ROLES.filter((role) => role !== 'admin')) cookies[role] = await signInAs(t.app, role);
  operations = await staffOperations(t.app, cookies.admin);
  declared = new Map(t.app.declaredStaffRoutes().map((route) => [`${route.method} ${openApiPath(route.url)}`, route.permission]));
});
afterAll(async () => {
  await t?.close();
});

const send = (role: StaffRole, method: string, url: string) =>
  t.app.inject({ method: method as 'GET', url, headers: { cookie: cookies[role] }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });

describe('every staff route declares a permission', () => {
  it('finds each operation of the OpenAPI document with the permission its route declares', () => {
    expect(operations.length).toBeGreaterThan(30);
    const undeclared = operations.filter(({ method, path }) => !declared.get(`${method} ${path}`)).map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses to start when a staff route declares none', async () => {
    const app = await buildApp({ config: t.config, migrate: false, webApps: { storefrontDir: '/nonexistent', adminDir: '/nonexistent' } });
    app.get('/api/admin/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow('Staff routes must declare config.staffPermission (or publicStaffRoute): GET /api/admin/forgotten');
    await app.close().catch(() => undefined);
  });
});

describe.each(STAFF_ROLES)('a %s', (role) => {
  it('is refused with 403 and what is missing exactly where ROLE_PERMISSIONS says, and served elsewhere', async () => {
    const wrong: string[] = [];
    // Signing out is walked last (below): it would end the session the walk uses.
    for (const { method, path } of operations.filter((operation) => !(operation.method === 'DELETE' && operation.path === '/api/admin/session'))) {
      const permission = declared.get(`${method} ${path}`)!;
      const response = await send(role, method, concretePath(path));
      if (roleMay(role, permission)) {
        if (response.statusCode === 403) wrong.push(`${method} ${path} (${permission}) refused: ${response.body.slice(0, 120)}`);
      } else if (response.statusCode !== 403) wrong.push(`${method} ${path} (${permission}) answered ${response.statusCode}`);
      else expect(response.json(), `${method} ${path}`).toEqual({ error: 'forbidden', message: notPermittedMessage(role, permission) });
    }
    expect(wrong).toEqual([]);
  });

  it('is told its role and permissions by the session answer and at sign-in', async () => {
    const session = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookies[role] } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ role, permissions: [...ROLE_PERMISSIONS[role]] });
  });
});

describe('the QA checks that reach outside systems (the mail server)', () => {
  const runEmailCheck = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/admin/qa-checks/email/run', headers: { cookie } });
  const listed = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/qa-checks', headers: { cookie } })).json<{ checks: Array<{ id: string }> }>().checks.map(({ id }) => id);

  it('only an admin runs them, or sees them listed; every role runs the checks of our own system', async () => {
    for (const role of ['viewer', 'sales', 'inventory'] as const) {
      const cookie = cookies[role];
      const refused = await runEmailCheck(cookie);
      expect({ status: refused.statusCode, ...refused.json() }, role).toEqual({
        status: 403,
        error: 'forbidden',
        message: `Your role (${role}) may not run the checks that reach outside systems (the mail server)`,
      });
      // However the id is spelled, the route for our own system's checks does not run it.
      for (const id of ['%65mail', 'EMAIL', 'email%20']) {
        expect((await t.app.inject({ method: 'POST', url: `/api/admin/qa-checks/${id}/run`, headers: { cookie } })).statusCode, id).toBeGreaterThanOrEqual(400);
      }
      expect(await listed(cookie), role).not.toContain('email');
      expect(await listed(cookie), role).toContain('email-outbox');
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/qa-checks/email-outbox/run', headers: { cookie } })).statusCode, role).toBe(200);
    }
    expect(await listed(cookies.admin)).toContain('email');
    expect((await runEmailCheck(cookies.admin)).json()).toMatchObject({ id: 'email', status: 'warning' });
  });

  it('limits them per person (3 a minute) and per installation (10 a minute): 429 with Retry-After', async () => {
    const first = await signInAs(t.app, 'admin');
    for (let run = 1; run <= 3; run += 1) expect((await runEmailCheck(first)).statusCode, `run ${run}`).toBe(200);
    const limited = await runEmailCheck(first);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ error: 'rate_limited' });
    // Other admins, each within their own three, until the installation's ten are used up (the walk above and the test
    // before ran it too). Few sign-ins: they have a limit of their own per address.
    let refusedOnFirstRun = false;
    for (let admins = 0; admins < 5 && !refusedOnFirstRun; admins += 1) {
      const cookie = await signInAs(t.app, 'admin');
      for (let run = 0; run < 3; run += 1) {
        const response = await runEmailCheck(cookie);
        if (response.statusCode === 429) {
          expect(response.headers['retry-after']).toBeDefined();
          refusedOnFirstRun = run === 0;
          break;
        }
        expect(response.statusCode).toBe(200);
      }
    }
    expect(refusedOnFirstRun).toBe(true);
  });
});

describe('what a person would check', () => {
  const refusal = async (role: StaffRole, method: string, url: string) => {
    const response = await send(role, method, url);
    return { status: response.statusCode, ...response.json<{ error: string; message: string }>() };
  };

  it("a viewer reads requests but cannot change a request's status or add a note", async () => {
    expect((await send('viewer', 'GET', '/api/admin/sell-car-submissions')).statusCode).toBe(200);
    expect(await refusal('viewer', 'POST', '/api/admin/sell-car-submissions/SC-1/status')).toEqual({ status: 403, error: 'forbidden', message: 'Your role (viewer) may not change requests' });
    expect(await refusal('viewer', 'POST', '/api/admin/enquiries/x/notes')).toMatchObject({ status: 403, message: 'Your role (viewer) may not change requests' });
  });

  it('sales change requests but cannot edit or import vehicles', async () => {
    expect((await send('sales', 'POST', '/api/admin/sell-car-submissions/SC-1/status')).statusCode).toBe(400);
    expect(await refusal('sales', 'PUT', '/api/admin/vehicles/x')).toEqual({ status: 403, error: 'forbidden', message: 'Your role (sales) may not change the catalogue' });
    expect((await refusal('sales', 'POST', '/api/admin/vehicles/import')).status).toBe(403);
  });

  it("inventory is refused every route that reads or changes sellers' and buyers' personal data, and the activity trail", async () => {
    const personal = operations.filter(({ path }) => PERSONAL_DATA.some(under(path)) || under(path)('/api/admin/activity'));
    // Each area's list at least, so a renamed area cannot pass this unnoticed.
    for (const prefix of [...PERSONAL_DATA, '/api/admin/activity']) expect(personal, prefix).toContainEqual({ method: 'GET', path: prefix });
    const answered = [];
    for (const { method, path } of personal) {
      const response = await send('inventory', method, concretePath(path));
      if (response.statusCode !== 403) answered.push(`${method} ${path} ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
    expect(await refusal('inventory', 'GET', '/api/admin/sell-car-submissions')).toEqual({ status: 403, error: 'forbidden', message: 'Your role (inventory) may not see requests' });
    expect(await refusal('inventory', 'GET', '/api/admin/emails')).toEqual({ status: 403, error: 'forbidden', message: 'Your role (inventory) may not see emails' });
  });

  it('inventory still reaches every catalogue and news route, and the QA checks and analytics (counts only)', async () => {
    const work = operations.filter(({ path }) => CATALOGUE_AND_NEWS.some(under(path)));
    expect(work.length).toBeGreaterThan(30);
    const refused = [];
    for (const { method, path } of work) {
      const response = await send('inventory', method, concretePath(path));
      if (response.statusCode === 403) refused.push(`${method} ${path}`);
    }
    expect(refused).toEqual([]);
    for (const url of ['/api/admin/vehicles', '/api/admin/news-sources', '/api/admin/articles', '/api/admin/qa-checks', '/api/admin/analytics/page-views']) {
      expect((await send('inventory', 'GET', url)).statusCode, url).toBe(200);
    }
  });

  it("sales read Tara's answers but do not change them: they are content, as the news", async () => {
    expect((await send('sales', 'GET', '/api/admin/tara-answers')).statusCode).toBe(200);
    expect(await refusal('sales', 'PUT', '/api/admin/tara-answers/warranty:en')).toEqual({ status: 403, error: 'forbidden', message: "Your role (sales) may not change news, videos and Tara's answers" });
    expect((await send('inventory', 'PUT', '/api/admin/tara-answers/warranty:en')).statusCode).toBe(400);
  });

  it('inventory change vehicles and news but neither requests nor the outbox', async () => {
    expect((await send('inventory', 'PUT', '/api/admin/vehicles/x')).statusCode).not.toBe(403);
    expect(await refusal('inventory', 'POST', '/api/admin/enquiries/x/status')).toMatchObject({ status: 403, message: 'Your role (inventory) may not change requests' });
    expect(await refusal('inventory', 'POST', '/api/admin/emails/x/retry')).toMatchObject({ status: 403, message: 'Your role (inventory) may not retry emails' });
  });

  it('viewer reads everything sales and inventory read: every request, conversation, email, vehicle and article list and record', async () => {
    const reads = operations.filter(({ method, path }) => method === 'GET' && [...PERSONAL_DATA, ...CATALOGUE_AND_NEWS].some(under(path)));
    expect(reads.length).toBeGreaterThan(40);
    const refused = [];
    for (const { path } of reads) if ((await send('viewer', 'GET', concretePath(path))).statusCode === 403) refused.push(path);
    expect(refused).toEqual([]);
  });

  it('only an admin opens the queue dashboard', async () => {
    expect((await send('admin', 'GET', '/admin/queues/api/queues')).statusCode).toBe(200);
    for (const role of STAFF_ROLES.filter((role) => role !== 'admin')) {
      expect(await refusal(role, 'GET', '/admin/queues/api/queues')).toEqual({ status: 403, error: 'forbidden', message: `Your role (${role}) may not open the queue dashboard` });
    }
  });

  it('every role signs out', async () => {
    for (const role of STAFF_ROLES) {
      expect((await send(role, 'DELETE', '/api/admin/session')).statusCode).toBe(204);
      expect((await send(role, 'GET', '/api/admin/session')).statusCode).toBe(401);
    }
  });
});
