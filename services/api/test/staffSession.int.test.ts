import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstStaffUser } from '../src/staff/bootstrap';
import { sessionCookieName } from '../src/staff/sessions';
import { createTestApp, signIn, STAFF_EMAIL, STAFF_PASSWORD, type TestApp } from './support';

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  [t, https] = await Promise.all([createTestApp('api_staff'), createTestApp('api_staff_https', { PUBLIC_URL: 'https://autobest.example' })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), https?.close()]);
});

const PLAIN_COOKIE = sessionCookieName(false);
const HOST_COOKIE = sessionCookieName(true);

describe('staff session', () => {
  it('signs in with an HttpOnly, SameSite=Strict cookie, says who is signed in, and signs out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: STAFF_EMAIL.toUpperCase(), password: STAFF_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: STAFF_EMAIL, displayName: 'Administrator' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^autobest_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = await signIn(t.app);

    const who = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ email: STAFF_EMAIL });

    const out = await t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown email alike, with 401 and no hint', async () => {
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: STAFF_EMAIL, password: 'not the password' } });
    const unknownEmail = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: 'nobody@autobest.test', password: STAFF_PASSWORD } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 on every admin route without a valid session, including a forged cookie', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/contact-messages'],
      ['GET', '/api/admin/contact-messages/anything'],
      ['GET', '/api/admin/not-a-route'],
    ] as const) {
      const bare = await t.app.inject({ method, url });
      expect(bare.statusCode, `${method} ${url}`).toBe(401);
      const forged = await t.app.inject({ method, url, headers: { cookie: `${PLAIN_COOKIE}=forged` } });
      expect(forged.statusCode, `${method} ${url} forged`).toBe(401);
    }
  });

  it('does not create a second first user when one exists', async () => {
    expect(await ensureFirstStaffUser(t.app.eventStore, { email: 'other@autobest.test', password: 'another long password' })).toEqual({ created: false });
  });
});

/** The Cookie header for the session a sign-in answer opened, and the digest the sessions table keys it by. */
function sessionOf(response: { cookies: Array<{ name: string; value: string }> }, name = PLAIN_COOKIE) {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return { cookie: `${name}=${cookie.value}`, tokenHash: createHash('sha256').update(cookie.value).digest('hex') };
}

describe('session cookie over https', () => {
  it('is a __Host- cookie: Secure, path /, no Domain, HttpOnly, SameSite=Strict', async () => {
    const response = await https.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-autobest_session=/);
    for (const attribute of [/; Secure/, /; Path=\/(;|$)/, /; HttpOnly/, /; SameSite=Strict/]) expect(setCookie).toMatch(attribute);
    expect(setCookie).not.toMatch(/Domain=/i);

    const { cookie } = sessionOf(response, HOST_COOKIE);
    expect((await https.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(200);
    // The same token under the plain name (which a sibling subdomain or plain-http page could set) opens nothing.
    const plain = cookie.replace(HOST_COOKIE, PLAIN_COOKIE);
    expect((await https.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: plain } })).statusCode).toBe(401);

    const out = await https.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-autobest_session=;.*Secure/);
  });
});

describe('session lifetime', () => {
  const lastSeen = async (tokenHash: string) =>
    (await t.testDb.db.selectFrom('staff_sessions').select('last_seen_at').where('token_hash', '=', tokenHash).executeTakeFirst())?.last_seen_at;
  const setLastSeen = (tokenHash: string, minutesAgo: number) =>
    t.testDb.db.updateTable('staff_sessions').set({ last_seen_at: new Date(Date.now() - minutesAgo * 60_000) }).where('token_hash', '=', tokenHash).execute();
  const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
  /** Signs in from an address of this test's own, so the file stays under the sign-in limit per address. */
  const signInFrom = (remoteAddress: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/session', remoteAddress, headers: cookie ? { cookie } : {}, payload: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });

  it('ends a session idle for SESSION_IDLE_MINUTES (30) even before it expires', async () => {
    const { cookie, tokenHash } = sessionOf(await signInFrom('192.0.2.10'));
    await setLastSeen(tokenHash, 31);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('slides the idle deadline with use, writing it at most about once a minute', async () => {
    const { cookie, tokenHash } = sessionOf(await signInFrom('192.0.2.11'));
    await setLastSeen(tokenHash, 29);
    const before = Date.now();
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const slid = await lastSeen(tokenHash);
    expect(slid!.getTime()).toBeGreaterThanOrEqual(before);

    await setLastSeen(tokenHash, 0.5);
    const recent = await lastSeen(tokenHash);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    expect(await lastSeen(tokenHash)).toEqual(recent);
  });

  it('opens a new session at sign-in and closes the one the browser sent with it', async () => {
    const first = sessionOf(await signInFrom('192.0.2.12'));
    const again = await signInFrom('192.0.2.12', first.cookie);
    expect(again.statusCode).toBe(200);
    const second = sessionOf(again);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await whoAmI(first.cookie)).statusCode).toBe(401);
    expect((await whoAmI(second.cookie)).statusCode).toBe(200);
  });
});

describe('state-changing staff requests from another site', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn(t.app);
  });

  /** Delisting a vehicle that does not exist: 404 when the request is let through, and nothing changes either way. */
  const edit = (headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: '/api/admin/vehicles/no-such-vehicle', headers: { cookie, ...headers } });
  const signInWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/session', remoteAddress: '192.0.2.1', headers, payload: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });

  const refused: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
    { origin: 'https://evil.test' },
    { origin: 'http://localhost:3000.evil.test' },
    { origin: 'null' },
    { 'sec-fetch-site': 'same-origin', origin: 'https://evil.test' },
  ];
  const allowed: Record<string, string>[] = [
    {},
    { 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'none' },
    { origin: 'http://localhost:3000' },
    { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-origin' },
  ];

  it('refuses them with 403 when Sec-Fetch-Site or Origin says another site sent them', async () => {
    for (const headers of refused) {
      const response = await edit(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: 'cross_site_request', message: 'Staff changes are accepted only from the AutoBest console on this site.' });
    }
  });

  it('lets through same-origin requests, ones from the public URL or the request host, and ones with neither header', async () => {
    for (const headers of allowed) expect((await edit(headers)).statusCode, JSON.stringify(headers)).toBe(404);
  });

  it('refuses a cross-site sign-in (login CSRF) and sign-out, and still answers cross-site reads', async () => {
    const login = await signInWith({ origin: 'https://evil.test' });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect((await signInWith({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' } });
    expect(read.statusCode).toBe(200);
  });
});
