import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookies } from '../src/staff/deviceCookies';
import { createTestApp, everyProcessorCaughtUp, STAFF_EMAIL, STAFF_PASSWORD, type TestApp } from './support';

/** Limits counted in this file's own Redis prefix: 10 attempts per address, 5 per account, per 15 minutes. */
let direct: TestApp;
let behindOneProxy: TestApp;
let behindListedProxies: TestApp;
/** Over https (secure cookies), with the workers, so the owner's email is recorded. */
let withDevices: TestApp;
beforeAll(async () => {
  [direct, behindOneProxy, behindListedProxies, withDevices] = await Promise.all([
    createTestApp('api_signin_limits'),
    createTestApp('api_signin_proxy_hop', { TRUST_PROXY: '1' }),
    createTestApp('api_signin_proxy_list', { TRUST_PROXY: '10.0.0.0/8' }),
    createTestApp('api_signin_devices', { COOKIE_SECURE: 'true', PROJECTOR_SAFETY_NET_MS: '500' }, { withWorkers: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), behindOneProxy?.close(), behindListedProxies?.close(), withDevices?.close()]);
});

interface Attempt {
  email?: string;
  password?: string;
  /** The TCP peer: a client, or a proxy in front of the API. */
  from?: string;
  forwardedFor?: string;
  /** What the browser sends: its device cookies. */
  cookies?: Record<string, string>;
}

let spare = 0;
/** A documentation address no other attempt in this file comes from. */
const newAddress = () => `198.51.100.${++spare}`;
/** An email no other attempt in this file names, so only the limit per address can apply. */
const newEmail = () => `nobody-${++spare}@autobest.test`;

const attempt = (t: TestApp, { email = STAFF_EMAIL, password = 'not the password', from = '127.0.0.1', forwardedFor, cookies = {} }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    cookies,
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

/** A browser as far as sign-in sees it: the device cookies it was given, kept across attempts like a real one. */
class Browser {
  readonly cookies: Record<string, string> = {};
  readonly from = newAddress();
  constructor(private readonly t: TestApp) {}
  async signIn(email: string, password = STAFF_PASSWORD): Promise<LightMyRequestResponse> {
    const response = await attempt(this.t, { email, password, from: this.from, cookies: this.cookies });
    for (const cookie of response.cookies) if (cookie.name.includes('device')) this.cookies[cookie.name] = cookie.value;
    return response;
  }
}

/** Wrong passwords for `email` from clients that never signed in to it, each from an address of its own, until refused. */
async function guessUntilRefused(t: TestApp, email: string): Promise<void> {
  for (let i = 1; i <= 5; i++) expect((await attempt(t, { from: newAddress(), email })).statusCode, `guess ${i}`).toBe(401);
  expectTryAgainLater(await attempt(t, { from: newAddress(), email }));
}

describe('device cookies: guessing an account does not lock its owner out', () => {
  it('signs the owner in from a browser that signed in before, while the right password from elsewhere is refused', async () => {
    const email = await addAccount(withDevices, 'owner@autobest.test');
    const owners = new Browser(withDevices);
    const first = await owners.signIn(email);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name.startsWith('__Secure-autobest_device_'));
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/admin/session', maxAge: 180 * 24 * 3600 });
    expect(device!.value).not.toContain('owner');

    await guessUntilRefused(withDevices, email);
    expectTryAgainLater(await attempt(withDevices, { from: newAddress(), email, password: STAFF_PASSWORD }));

    expect((await owners.signIn(email, 'a typo')).statusCode).toBe(401);
    const again = await owners.signIn(email);
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((cookie) => cookie.name === device!.name)?.value).not.toBe(device!.value);
    // Still refused for everyone else: the owner's sign-in did not give the guesser a new budget.
    expectTryAgainLater(await attempt(withDevices, { from: newAddress(), email }));
  });

  it('gives nothing for a forged, altered, replaced or other account\'s cookie', async () => {
    const email = await addAccount(withDevices, 'target@autobest.test');
    const other = await addAccount(withDevices, 'attacker-own@autobest.test');
    const owners = new Browser(withDevices);
    expect((await owners.signIn(email)).statusCode).toBe(200);
    const [name, replaced] = Object.entries(owners.cookies)[0]!;
    expect((await owners.signIn(email)).statusCode).toBe(200);
    const current = owners.cookies[name]!;
    expect(current).not.toBe(replaced);
    const attackers = new Browser(withDevices);
    expect((await attackers.signIn(other)).statusCode).toBe(200);
    const [, ownCookie] = Object.entries(attackers.cookies)[0]!;

    await guessUntilRefused(withDevices, email);
    const secure = withDevices.config.cookieSecure;
    const forged = deviceCookies('another installation secret', secure).issue(email, new Date());
    // Another nonce under the same signature: a device budget of one's choosing.
    const [version, account, nonce, issued, signature] = current.split('.');
    const altered = [version, account, `${nonce!.startsWith('A') ? 'B' : 'A'}${nonce!.slice(1)}`, issued, signature].join('.');
    for (const value of [forged.value, altered, replaced, ownCookie]) {
      expectTryAgainLater(await attempt(withDevices, { from: newAddress(), email, password: STAFF_PASSWORD, cookies: { [name]: value } }));
    }
    expect((await attempt(withDevices, { from: newAddress(), email, password: STAFF_PASSWORD, cookies: { [name]: current } })).statusCode).toBe(200);
  });

  it('locks out a browser that guesses past its own budget, and only that browser', async () => {
    const email = await addAccount(withDevices, 'typist@autobest.test');
    const [guessing, other] = [new Browser(withDevices), new Browser(withDevices)];
    expect((await guessing.signIn(email)).statusCode).toBe(200);
    expect((await other.signIn(email)).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await guessing.signIn(email, 'wrong')).statusCode, `guess ${i}`).toBe(401);
    expectTryAgainLater(await guessing.signIn(email));
    expect((await other.signIn(email)).statusCode).toBe(200);
    // Its guesses were its own: a browser new to the account still has the shared budget.
    expect((await attempt(withDevices, { from: newAddress(), email, password: STAFF_PASSWORD })).statusCode).toBe(200);
  });

  it('emails the owner once a window when browsers new to the account use up its attempts, and never for an unknown email', async () => {
    const email = await addAccount(withDevices, 'watched@autobest.test');
    const unknown = newEmail();
    for (const target of [email, unknown]) {
      await guessUntilRefused(withDevices, target);
      for (let i = 0; i < 3; i++) expectTryAgainLater(await attempt(withDevices, { from: `203.0.113.${200 + i}`, email: target }));
    }
    await everyProcessorCaughtUp(withDevices.testDb.db);
    const emails = await withDevices.testDb.db.selectFrom('sent_emails').selectAll().where('template', '=', 'staff-sign-in-limit').where('to_address', 'in', [email, unknown]).execute();
    expect(emails.map((kept) => kept.to_address)).toEqual([email]);
    const [kept] = emails;
    expect(kept!.text).toMatch(/On \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC/);
    expect(kept!.text).toContain('from the network 198.51.100.0/24');
    expect(kept!.text).toContain('A browser you have signed in with before still signs you in');
    expect(kept!.text).not.toContain(STAFF_PASSWORD);
    const recorded = await withDevices.testDb.db.selectFrom('events').select('data').where('type', '=', 'StaffSignInLimitReached').execute();
    expect(recorded.filter(({ data }) => [email, unknown].includes((data as { email: string }).email))).toHaveLength(1);
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
      // With or without a device cookie for the account: its own budget cannot be counted either.
      const device = deviceCookies(noRedis.config.statusTokenSecret, noRedis.config.cookieSecure).issue(STAFF_EMAIL, new Date());
      for (const cookies of [{}, { [device.name]: device.value }]) {
        const response = await attempt(noRedis, { password: STAFF_PASSWORD, cookies });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ error: 'service_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    } finally {
      await noRedis.close();
    }
  });
});
