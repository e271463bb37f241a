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

  it('inventory change vehicles and news but neither requests nor the outbox', async () => {
    expect((await send('inventory', 'PUT', '/api/admin/vehicles/x')).statusCode).not.toBe(403);
    expect(await refusal('inventory', 'POST', '/api/admin/enquiries/x/status')).toMatchObject({ status: 403, message: 'Your role (inventory) may not change requests' });
    expect(await refusal('inventory', 'POST', '/api/admin/emails/x/retry')).toMatchObject({ status: 403, message: 'Your role (inventory) may not retry emails' });
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
