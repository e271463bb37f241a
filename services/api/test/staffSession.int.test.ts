import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstStaffUser } from '../src/staff/bootstrap';
import { createTestApp, signIn, STAFF_EMAIL, STAFF_PASSWORD, type TestApp } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('api_staff');
});
afterAll(async () => {
  await t?.close();
});

describe('staff session', () => {
  it('signs in with an HttpOnly, SameSite=Strict cookie, says who is signed in, and signs out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: STAFF_EMAIL.toUpperCase(), password: STAFF_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: STAFF_EMAIL, displayName: 'Administrator' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/autobest_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
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
      const forged = await t.app.inject({ method, url, headers: { cookie: 'autobest_session=forged' } });
      expect(forged.statusCode, `${method} ${url} forged`).toBe(401);
    }
  });

  it('does not create a second first user when one exists', async () => {
    expect(await ensureFirstStaffUser(t.app.db, { email: 'other@autobest.test', password: 'another long password' })).toEqual({ created: false });
  });
});
