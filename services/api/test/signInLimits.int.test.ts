import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STAFF_EMAIL, STAFF_PASSWORD, type TestApp } from './support';

/** Limits counted in this file's own Redis prefix: 10 attempts per address, 5 per account, per 15 minutes. */
let direct: TestApp;
let behindOneProxy: TestApp;
let behindListedProxies: TestApp;
beforeAll(async () => {
  [direct, behindOneProxy, behindListedProxies] = await Promise.all([
    createTestApp('api_signin_limits'),
    createTestApp('api_signin_proxy_hop', { TRUST_PROXY: '1' }),
    createTestApp('api_signin_proxy_list', { TRUST_PROXY: '10.0.0.0/8' }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), behindOneProxy?.close(), behindListedProxies?.close()]);
});

interface Attempt {
  email?: string;
  password?: string;
  /** The TCP peer: a client, or a proxy in front of the API. */
  from?: string;
  forwardedFor?: string;
}

let spare = 0;
/** A documentation address no other attempt in this file comes from. */
const newAddress = () => `198.51.100.${++spare}`;
/** An email no other attempt in this file names, so only the limit per address can apply. */
const newEmail = () => `nobody-${++spare}@autobest.test`;

const attempt = (t: TestApp, { email = STAFF_EMAIL, password = 'not the password', from = '127.0.0.1', forwardedFor }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password },
  });

/** Another staff account with the same password as the first, so each test counts attempts on an account of its own. */
async function addAccount(t: TestApp, email: string): Promise<string> {
  const first = await t.testDb.db.selectFrom('staff_users').select('password_hash').where('email', '=', STAFF_EMAIL).executeTakeFirstOrThrow();
  await t.testDb.db
    .insertInto('staff_users')
    .values({ id: crypto.randomUUID(), email, display_name: email, password_hash: first.password_hash, role: 'admin', disabled_at: null })
    .execute();
  return email;
}

/** What a client sees of a refusal, with the waiting time blanked out (it counts down between two answers). */
const shape = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body.replace(/\d+/g, 'N'),
  retryAfter: response.headers['retry-after'] === undefined ? 'absent' : 'present',
  setCookie: response.headers['set-cookie'],
});

function expectTryAgainLater(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/try again in \d+/) });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe('sign-in limits', () => {
  it('refuses the right password after 25 wrong ones, each sent with a new X-Forwarded-For', async () => {
    const from = newAddress();
    for (let i = 1; i <= 25; i++) {
      const response = await attempt(direct, { from, forwardedFor: `203.0.113.${i}` });
      expect(response.statusCode, `attempt ${i}`).toBe(i <= 5 ? 401 : 429);
    }
    expectTryAgainLater(await attempt(direct, { from, forwardedFor: '203.0.113.99', password: STAFF_PASSWORD }));
  });

  it('counts per address: a forged X-Forwarded-For does not reset the count when no proxy is trusted', async () => {
    const from = newAddress();
    for (let i = 1; i <= 10; i++) {
      expect((await attempt(direct, { from, forwardedFor: `203.0.113.${i}`, email: newEmail() })).statusCode, `attempt ${i}`).toBe(401);
    }
    expectTryAgainLater(await attempt(direct, { from, forwardedFor: '203.0.113.11', email: newEmail() }));
    expect((await attempt(direct, { from: newAddress(), email: newEmail() })).statusCode).toBe(401);
  });

  it('counts per account across addresses, and the right password past the limit still does not sign in', async () => {
    const email = await addAccount(direct, 'second@autobest.test');
    for (let i = 1; i <= 5; i++) {
      expect((await attempt(direct, { from: newAddress(), email: i % 2 ? email.toUpperCase() : ` ${email} ` })).statusCode, `attempt ${i}`).toBe(401);
    }
    expectTryAgainLater(await attempt(direct, { from: newAddress(), email, password: STAFF_PASSWORD }));
  });

  it('answers an unknown email and a known one alike, within the limit and over it', async () => {
    const known = await addAccount(direct, 'third@autobest.test');
    const unknown = newEmail();
    for (let i = 1; i <= 6; i++) {
      const [forKnown, forUnknown] = [await attempt(direct, { from: newAddress(), email: known }), await attempt(direct, { from: newAddress(), email: unknown })];
      expect(shape(forUnknown), `attempt ${i}`).toEqual(shape(forKnown));
      expect(forKnown.statusCode, `attempt ${i}`).toBe(i <= 5 ? 401 : 429);
    }
  });

  it('forgets failed attempts on an account once its owner signs in', async () => {
    const email = await addAccount(direct, 'fourth@autobest.test');
    for (let i = 1; i <= 4; i++) expect((await attempt(direct, { from: newAddress(), email })).statusCode).toBe(401);
    expect((await attempt(direct, { from: newAddress(), email, password: STAFF_PASSWORD })).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await attempt(direct, { from: newAddress(), email })).statusCode, `attempt ${i} after signing in`).toBe(401);
    expectTryAgainLater(await attempt(direct, { from: newAddress(), email }));
  });
});

describe('proxy trust', () => {
  /** Ten attempts from a client as the API sees it, then the eleventh: refused only if they were counted together. */
  async function eleventhAttempt(t: TestApp, attempts: { from: string; forwardedFor?: (i: number) => string }) {
    for (let i = 1; i <= 10; i++) {
      const response = await attempt(t, { from: attempts.from, forwardedFor: attempts.forwardedFor?.(i), email: newEmail() });
      expect(response.statusCode, `attempt ${i}`).toBe(401);
    }
    return attempt(t, { from: attempts.from, forwardedFor: attempts.forwardedFor?.(11), email: newEmail() });
  }

  it('with TRUST_PROXY=1, believes X-Forwarded-For from a proxy on a private address', async () => {
    const viaProxy = (client: string) => ({ from: '127.0.0.1', forwardedFor: () => client });
    expectTryAgainLater(await eleventhAttempt(behindOneProxy, viaProxy('203.0.113.7')));
    expect((await attempt(behindOneProxy, { from: '127.0.0.1', forwardedFor: '203.0.113.8', email: newEmail() })).statusCode).toBe(401);
  });

  it('with TRUST_PROXY=1, ignores X-Forwarded-For from a client that reaches the API directly', async () => {
    expectTryAgainLater(await eleventhAttempt(behindOneProxy, { from: '192.0.2.50', forwardedFor: (i) => `203.0.113.${100 + i}` }));
  });

  it('with a list of proxy addresses, believes X-Forwarded-For from those addresses only', async () => {
    expectTryAgainLater(await eleventhAttempt(behindListedProxies, { from: '10.1.2.3', forwardedFor: () => '203.0.113.9' }));
    expect((await attempt(behindListedProxies, { from: '10.1.2.3', forwardedFor: '203.0.113.10', email: newEmail() })).statusCode).toBe(401);
    expectTryAgainLater(await eleventhAttempt(behindListedProxies, { from: '127.0.0.1', forwardedFor: (i) => `203.0.113.${150 + i}` }));
  });
});

describe('while Redis does not answer', () => {
  it('refuses sign-in with 503 and Retry-After, even with the right password, rather than let guesses through uncounted', async () => {
    // Nothing listens on port 1.
    const noRedis = await createTestApp('api_signin_no_redis', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await attempt(noRedis, { password: STAFF_PASSWORD });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'service_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await noRedis.close();
    }
  });
});
