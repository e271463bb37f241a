import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_QUEUE_NAMES, createWorkerConnection, QUEUES } from '@autobest/runtime';
import { appRoutes } from '@bull-board/api/dist/routes.js';
import { CONTENT_SECURITY_POLICIES } from '../src/plugins/securityHeaders';
import { sessionCookieName } from '../src/staff/sessions';
import { createTestApp, photosWorkerThatFails, signIn, type TestApp } from './support';

const PREFIX = '/admin/queues';

let t: TestApp;
let cookie: string;

/** One of bull-board's script files as this version names it. */
const staticScript = (() => {
  const ui = dirname(createRequire(import.meta.url).resolve('@bull-board/ui/package.json'));
  const main = readdirSync(join(ui, 'dist/static/js')).find((name) => /^main\..+\.js$/.test(name));
  if (!main) throw new Error('bull-board UI has no main script');
  return `${PREFIX}/static/js/${main}`;
})();

/**
 * Every route bull-board registers, from bull-board's own table (not from ours, so a route we failed to mark is still
 * walked): its pages, its API and a file of its UI, each with a concrete path.
 */
const dashboardRoutes: { method: string; pattern: string; path: string }[] = [
  ...[appRoutes.entryPoint.route].flat().map((route) => ({ method: 'GET', pattern: `${PREFIX}${route}` })),
  ...appRoutes.api.flatMap((route) => [route.route].flat().flatMap((path) => [route.method].flat().map((method) => ({ method: method.toUpperCase(), pattern: `${PREFIX}${path}` })))),
].map(({ method, pattern }) => ({ method, pattern, path: pattern.replace(':queueName', QUEUES.rates).replace(/:[A-Za-z]+/g, 'x1') }));
dashboardRoutes.push({ method: 'GET', pattern: `${PREFIX}/static/*`, path: staticScript });

/** The ways an attacker spells a path so that a guard reading the raw URL misses it while a router still matches. */
function spellings(url: string): string[] {
  const rest = url.slice(PREFIX.length);
  return [
    url,
    `/admin/%71ueues${rest}`,
    `/%61dmin/queues${rest}`,
    `/admin/queue%73${rest}`,
    `/%61%64%6d%69%6e/%71%75%65%75%65%73${rest}`,
    `%2Fadmin%2Fqueues${rest}`,
    `/admin/%2571ueues${rest}`,
    `/admin/%252571ueues${rest}`,
    `/ADMIN/QUEUES${rest}`,
    `/Admin/Queues${rest}`,
    `${url}/`,
    `${url}//`,
    `/admin//queues${rest}`,
    `/admin/queues/${rest}`,
    `/admin/queues;jsessionid=1${rest}`,
    `${url};`,
    `${url};.css`,
    `/admin/./queues${rest}`,
    `/admin/x/../queues${rest}`,
    `${url}?x=/api/public`,
    `${url}%00`,
  ];
}

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' };

beforeAll(async () => {
  t = await createTestApp('api_queue_dashboard');
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the queue dashboard without a session', () => {
  it('walks every route bull-board has, and each one is registered', () => {
    expect(dashboardRoutes.length).toBeGreaterThan(30);
    const missing = dashboardRoutes.filter(({ method, pattern }) => !t.app.hasRoute({ method: method as 'GET', url: pattern }));
    expect(missing).toEqual([]);
  });

  it('answers 401 to every page, API call and file however its path is spelled, with no cookie or a forged one', async () => {
    const leaks: string[] = [];
    for (const { method, path } of dashboardRoutes) {
      for (const url of spellings(path)) {
        for (const headers of [{}, { cookie: `${sessionCookieName(t.config.cookieSecure)}=forged` }]) {
          const response = await t.app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: {} }) });
          if (response.statusCode !== 401) leaks.push(`${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 80)}`);
          else if (response.headers['cache-control'] !== 'no-store') leaks.push(`${method} ${url} -> 401 without no-store`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('sends a browser asking for a page to the console sign-in', async () => {
    for (const url of [PREFIX, `${PREFIX}/`, `/admin/%71ueues`, `${PREFIX}/queue/${QUEUES.rates}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/admin/login');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // The API never redirects, whatever the client accepts.
    const api = await t.app.inject({ method: 'GET', url: `${PREFIX}/api/queues`, headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ error: 'unauthorized', message: 'Sign in required' });
  });
});

describe('the queue dashboard with a staff session', () => {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const put = (url: string, headers: Record<string, string> = SAME_ORIGIN) => t.app.inject({ method: 'PUT', url, headers: { cookie, ...headers } });
  const queueNamed = async (name: string) => {
    const answer = (await get(`${PREFIX}/api/queues?activeQueue=${name}&status=latest&page=1&jobsPerPage=10`)).json<{
      queues: Array<{ name: string; counts: Record<string, number>; jobs: Array<{ id: string }> }>;
    }>();
    return answer.queues.find((queue) => queue.name === name)!;
  };

  it('serves its page under its own policy, never cached, without third-party fonts', async () => {
    const page = await get(PREFIX, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<base href="${PREFIX}/"`);
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.queues);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const script = await get(staticScript);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toBe('no-store');
    expect(script.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.queues);
  });

  it('lists every queue of the product with the jobs under the configured prefix only', async () => {
    const rates = new Queue(QUEUES.rates, { connection: t.app.redis, prefix: t.config.queuePrefix });
    const elsewhere = new Queue(QUEUES.rates, { connection: t.app.redis, prefix: `${t.config.queuePrefix}-other` });
    await rates.add('refresh', {});
    await elsewhere.add('refresh', {});
    await elsewhere.add('refresh', {});
    const response = await get(`${PREFIX}/api/queues`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { queues } = response.json<{ queues: Array<{ name: string; counts: Record<string, number> }> }>();
    expect(queues.map((queue) => queue.name).sort()).toEqual([...ALL_QUEUE_NAMES].sort());
    expect(queues.find((queue) => queue.name === QUEUES.rates)?.counts['waiting']).toBe(1);
    // The router decodes the path before matching, so an encoded spelling is the same route, guard included.
    expect((await get(`/admin/%71ueues/api/queues`)).statusCode).toBe(200);
    await rates.obliterate({ force: true });
    await elsewhere.obliterate({ force: true });
    await rates.close();
    await elsewhere.close();
  });

  it('retries and cleans failed jobs, refuses the same from another site, and refuses actions it does not offer', async () => {
    const connection = createWorkerConnection(t.config.redisUrl);
    const photos = t.app.queues.photos;
    const worker = photosWorkerThatFails(t, connection);
    try {
      const first = await photos.add('catch-up', {}, { removeOnFail: false });
      const second = await photos.add('catch-up', {}, { removeOnFail: false });
      await vi.waitFor(async () => expect((await queueNamed(QUEUES.photos)).counts['failed']).toBe(2), { timeout: 10_000, interval: 50 });
      await worker.close();

      const retryFirst = `${PREFIX}/api/queues/${QUEUES.photos}/${first.id}/retry`;
      const crossSites: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site', origin: 'https://evil.localhost:3000' }];
      for (const crossSite of crossSites) {
        const refused = await put(retryFirst, crossSite);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: 'cross_site_request' });
      }
      expect(await photos.getJobState(first.id!)).toBe('failed');

      expect((await put(retryFirst)).statusCode).toBe(204);
      expect(await photos.getJobState(first.id!)).toBe('waiting');

      for (const [method, url] of [
        ['PUT', `${PREFIX}/api/queues/${QUEUES.photos}/clean/waiting`],
        ['PUT', `${PREFIX}/api/queues/${QUEUES.photos}/empty`],
        ['PUT', `${PREFIX}/api/queues/${QUEUES.photos}/obliterate`],
        ['POST', `${PREFIX}/api/queues/${QUEUES.photos}/add`],
        ['PATCH', `${PREFIX}/api/queues/${QUEUES.photos}/${second.id}/update-data`],
        ['PUT', `${PREFIX}/api/queues/${QUEUES.projector}/job-schedulers/projector-safety-net/remove`],
      ] as const) {
        const refused = await t.app.inject({ method, url, headers: { cookie, ...SAME_ORIGIN }, payload: {} });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toMatchObject({ error: 'queue_action_refused' });
      }
      expect(await photos.getJobState(first.id!)).toBe('waiting');

      expect((await put(`${PREFIX}/api/queues/${QUEUES.photos}/${second.id}/clean`)).statusCode).toBe(204);
      expect(await photos.getJobState(second.id!)).toBe('unknown');
      // Cleaning every failed job is offered too (bull-board spares those failed in the last 5 seconds).
      expect((await put(`${PREFIX}/api/queues/${QUEUES.photos}/clean/failed`)).statusCode).toBe(200);
      expect((await queueNamed(QUEUES.photos)).counts).toMatchObject({ failed: 0, waiting: 1 });
    } finally {
      await worker.close();
      await photos.obliterate({ force: true });
      connection.disconnect();
    }
  });

  it('is not in the public OpenAPI document, nor in the one staff see', async () => {
    for (const headers of [{}, { cookie }]) {
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers })).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(document.paths).filter((path) => path.startsWith(PREFIX))).toEqual([]);
    }
  });
});
