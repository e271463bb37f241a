import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenientPath } from '../src/plugins/auth';
import { sessionCookieName } from '../src/staff/sessions';
import { createTestApp, signIn, STAFF_EMAIL, type TestApp } from './support';

let t: TestApp;
let staffRoutes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp('api_staff_access');
  const cookie = await signIn(t.app);
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } })).json<{ paths: Record<string, Record<string, unknown>> }>();
  staffRoutes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
    // The staff routes that answer without a session: signing in, and choosing a password with an emailed link.
    .filter(({ method, path }) => !(method === 'POST' && (path === '/api/admin/session' || path === '/api/admin/set-password')));
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for an OpenAPI path: every `{param}` filled with a value the route would accept. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');

/** The ways an attacker spells a path so that a guard reading the raw URL misses it while a router still matches. */
function spellings(url: string): string[] {
  const rest = url.slice('/api/admin'.length);
  return [
    url,
    `/api/%61dmin${rest}`,
    `/%61pi/admin${rest}`,
    `/api/admi%6e${rest}`,
    `/api/%61%64%6d%69%6e${rest}`,
    `%2Fapi%2Fadmin${rest}`,
    `/api/%2561dmin${rest}`,
    `/api/%252561dmin${rest}`,
    `/API/ADMIN${rest}`,
    `/Api/Admin${rest}`,
    `${url}/`,
    `${url}//`,
    `/api//admin${rest}`,
    `/api/admin/${rest}`,
    `/api/admin;jsessionid=1${rest}`,
    `${url};`,
    `${url};.css`,
    `/api/./admin${rest}`,
    `/api/x/../admin${rest}`,
    `${url}?x=/api/public`,
    `${url}%00`,
  ];
}

describe('staff routes without a session', () => {
  it('finds the staff routes in the OpenAPI document', () => {
    expect(staffRoutes.length).toBeGreaterThan(30);
    expect(staffRoutes).toContainEqual({ method: 'GET', path: '/api/admin/sell-car-submissions' });
    expect(staffRoutes).toContainEqual({ method: 'POST', path: '/api/admin/vehicle-images' });
  });

  it('answers 401 to every staff route however its path is spelled, with no cookie or a forged one', async () => {
    const leaks: string[] = [];
    for (const { method, path } of staffRoutes) {
      for (const url of spellings(concrete(path))) {
        for (const headers of [{}, { cookie: `${sessionCookieName(t.config.cookieSecure)}=forged` }]) {
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          // 400 and 404 from the router itself (a path it cannot parse or that names nothing) leak nothing either,
          // but every spelling a lenient reader maps to a staff path must be 401.
          if (response.statusCode !== 401) leaks.push(`${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('never lets a staff answer be cached', async () => {
    const cookie = await signIn(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/sell-car-submissions', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/sell-car-submissions' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('never lets a staff error answer be cached either', async () => {
    const cookie = await signIn(t.app);
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/sell-car-submissions/SC-1700000000000-ABCDEF', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const invalid = await t.app.inject({ method: 'GET', url: '/api/admin/sell-car-submissions?range=[5,1]', headers: { cookie } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: STAFF_EMAIL, password: 'wrong password' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('still serves public routes and the sign-in route without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/%76ehicles' })).statusCode).toBe(200);
    const signInAnswer = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: 'x@y.z', password: 'wrong' } });
    expect(signInAnswer.statusCode).toBe(401);
    expect(signInAnswer.json()).toMatchObject({ error: 'invalid_credentials' });
  });
});

describe('lenientPath', () => {
  it('reads a path as the most lenient server would', () => {
    expect(lenientPath('/API/%2561dmin//x/;a=b/?q=1')).toBe('/api/admin/x');
    expect(lenientPath('/api/%E0%A4%A')).toBe('/api/%e0%a4%a');
  });
});
