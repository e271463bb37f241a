import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRuntimeConfig, type StaffRole } from '@autobest/domain';
import { hashPassword } from '../src/staff/passwords';
import { encryptSecret } from '../src/staff/twoFactor';
import { sessionCookieName } from '../src/staff/sessions';
import { concretePath, createTestApp, STAFF_EMAIL, STAFF_PASSWORD, staffOperations, type TestApp } from './support';

/*
 * Two-factor sign-in (issue 17.3) against the product's own setting (admins must use it), on a clock the test moves:
 * codes are made with otpauth for the app's time, as an authenticator app on a phone would.
 */

let t: TestApp;
let now = Date.parse('2026-03-02T09:00:10Z');
const clock = () => new Date(now);
/** Moves the app's clock to the next 30-second step, so a new code can be accepted (each step works once). */
const nextStep = () => {
  now += 30_000;
};

beforeAll(async () => {
  t = await createTestApp('api_staff_two_factor', { STAFF_MFA_REQUIRED_FOR: 'admin' }, { clock, logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } } });
});
afterAll(async () => {
  await t?.close();
});

/** Every secret, code and recovery code this file saw: none may be found in the database, the events or the logs. */
const secrets = new Set<string>();
const codeFor = (secret: string, at = now, offsetSteps = 0) => {
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1', timestamp: at + offsetSteps * 30_000 });
  secrets.add(secret);
  secrets.add(code);
  return code;
};
const logLines: string[] = [];

let spare = 0;
/** Every sign-in from an address of its own: the per-address limit is not what this file tests. */
const signInAttempt = (email: string, password: string, code?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress: `198.51.100.${++spare % 250}`,
    payload: { email, password, ...(code === undefined ? {} : { code }) },
  });

const cookieOf = (response: Awaited<ReturnType<typeof signInAttempt>>) => {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName(t.app.config.cookieSecure));
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
};

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) }),
});

async function addAccount(role: StaffRole): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@autobest.test`;
  await t.testDb.db
    .insertInto('staff_users')
    .values({ id, email, display_name: `A ${role}`, password_hash: await hashPassword(STAFF_PASSWORD), role, disabled_at: null })
    .execute();
  return { id, email };
}

/** Enrols the signed-in person through the API; their secret and recovery codes. */
async function enrol(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await as(cookie).post('/api/admin/account/two-factor/enrolment');
  expect(started.statusCode).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await as(cookie).post('/api/admin/account/two-factor/enrolment/confirm', { code: codeFor(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  nextStep();
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  for (const code of recoveryCodes) secrets.add(code);
  return { secret, recoveryCodes };
}

const eventsOf = (staffUserId: string) =>
  t.testDb.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', `staff-${staffUserId}`).orderBy('global_position').execute();

const idOf = async (email: string) => (await t.testDb.db.selectFrom('staff_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('STAFF_MFA_REQUIRED_FOR', () => {
  it('is admin by default; empty or none means nobody; unknown roles are refused', () => {
    expect(loadRuntimeConfig({}).staffMfaRequiredFor).toEqual(['admin']);
    expect(loadRuntimeConfig({ STAFF_MFA_REQUIRED_FOR: '' }).staffMfaRequiredFor).toEqual([]);
    expect(loadRuntimeConfig({ STAFF_MFA_REQUIRED_FOR: 'none' }).staffMfaRequiredFor).toEqual([]);
    expect(loadRuntimeConfig({ STAFF_MFA_REQUIRED_FOR: 'Admin, sales' }).staffMfaRequiredFor).toEqual(['admin', 'sales']);
    expect(() => loadRuntimeConfig({ STAFF_MFA_REQUIRED_FOR: 'admin,boss' })).toThrow('"boss" is not a role');
  });
});

describe('an admin, who must use two-factor sign-in', () => {
  let adminCookie: string;
  let adminSecret: string;
  let adminRecoveryCodes: string[];

  it('signs in with the password, is told to enrol, and reaches only their own account until they do', async () => {
    const signedIn = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ role: 'admin', twoFactor: { enrolled: false, required: true } });
    adminCookie = cookieOf(signedIn);

    const refused = await as(adminCookie).get('/api/admin/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'two_factor_enrolment_required', message: expect.stringContaining('two-factor sign-in') });
    expect((await as(adminCookie).get('/api/admin/contact-messages')).statusCode).toBe(403);
    expect((await as(adminCookie).get('/api/admin/session')).json()).toMatchObject({ twoFactor: { enrolled: false, required: true } });
    expect((await as(adminCookie).get('/api/admin/account/two-factor')).json()).toEqual({ enrolled: false, required: true, recoveryCodesLeft: 0 });
  });

  it('enrols: a QR code and key for the app, a wrong code refused, the right one answers ten recovery codes once', async () => {
    const started = await as(adminCookie).post('/api/admin/account/two-factor/enrolment');
    expect(started.statusCode).toBe(200);
    const enrolment = started.json<{ secret: string; otpauthUrl: string; qrSvg: string }>();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('AutoBest Africa');
    expect(decodeURIComponent(url.pathname)).toContain(STAFF_EMAIL);
    expect(url.searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    adminSecret = enrolment.secret;

    const wrong = await as(adminCookie).post('/api/admin/account/two-factor/enrolment/confirm', { code: codeFor(adminSecret, now, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { code: 'That code is not right, or was used already' } });
    expect((await as(adminCookie).get('/api/admin/account/two-factor')).json()).toMatchObject({ enrolled: false });

    const confirmed = await as(adminCookie).post('/api/admin/account/two-factor/enrolment/confirm', { code: codeFor(adminSecret) });
    expect(confirmed.statusCode).toBe(200);
    adminRecoveryCodes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    for (const code of adminRecoveryCodes) secrets.add(code);
    expect(adminRecoveryCodes).toHaveLength(10);
    expect(new Set(adminRecoveryCodes).size).toBe(10);
    for (const code of adminRecoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    nextStep();

    expect((await as(adminCookie).post('/api/admin/account/two-factor/enrolment/confirm', { code: codeFor(adminSecret) })).statusCode).toBe(409);
    expect((await as(adminCookie).get('/api/admin/account/two-factor')).json()).toEqual({ enrolled: true, required: true, recoveryCodesLeft: 10 });
    expect((await as(adminCookie).get('/api/admin/staff')).statusCode).toBe(200);
    expect((await eventsOf(await idOf(STAFF_EMAIL))).map((event) => event.type)).toContain('StaffMfaEnrolled');
  });

  it('refuses every staff route but one\'s own account to an admin who has not enrolled, with what to do', async () => {
    const operations = await staffOperations(t.app, adminCookie);
    expect(operations.length).toBeGreaterThan(30);
    const declared = new Map(t.app.declaredStaffRoutes().map((route) => [`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.permission]));
    const newcomer = await addAccount('admin');
    const cookie = cookieOf(await signInAttempt(newcomer.email, STAFF_PASSWORD));
    const wrong: string[] = [];
    for (const { method, path } of operations.filter((operation) => !(operation.method === 'DELETE' && operation.path === '/api/admin/session'))) {
      const response = await t.app.inject({ method: method as 'GET', url: concretePath(path), headers: { cookie }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      const refusedForEnrolment = response.statusCode === 403 && response.json<{ error: string }>().error === 'two_factor_enrolment_required';
      if ((declared.get(`${method} ${path}`) === 'self') === refusedForEnrolment) wrong.push(`${method} ${path} (${declared.get(`${method} ${path}`)}) answered ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('asks for a code after the right password, refuses a wrong one (recorded), accepts the right one once', async () => {
    const withoutCode = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ error: 'two_factor_required' });
    expect(withoutCode.cookies).toHaveLength(0);
    // A wrong password is still only "invalid credentials", code or not: no hint that a code is asked.
    expect((await signInAttempt(STAFF_EMAIL, 'not the password', codeFor(adminSecret))).json()).toMatchObject({ error: 'invalid_credentials' });

    const wrong = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, codeFor(adminSecret, now, 4));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_two_factor_code' });
    expect(wrong.cookies).toHaveLength(0);
    const adminId = await idOf(STAFF_EMAIL);
    expect((await eventsOf(adminId)).filter((event) => event.type === 'StaffSignInFailed').map((event) => (event.data as { reason: string }).reason)).toContain('wrong-code');

    const code = codeFor(adminSecret);
    const signedIn = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ twoFactor: { enrolled: true, required: true } });
    // The browser becomes known to the account (its device cookie) only now, with the whole sign-in: not after the password alone.
    expect(signedIn.cookies.map((cookie) => cookie.name)).toEqual([sessionCookieName(t.app.config.cookieSecure), expect.stringMatching(/^autobest_device_/)]);
    expect((await as(cookieOf(signedIn)).get('/api/admin/staff')).statusCode).toBe(200);
    const signedInEvents = (await eventsOf(adminId)).filter((event) => event.type === 'StaffSignedIn');
    expect(signedInEvents.at(-1)?.data).toMatchObject({ secondFactor: 'totp' });

    // The same code again, still within its 30 seconds, and the code of the step before: refused (replay).
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, code)).json()).toMatchObject({ error: 'invalid_two_factor_code' });
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, codeFor(adminSecret, now, -1))).statusCode).toBe(401);
    // A code of the next step (a phone a little ahead) works once.
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, codeFor(adminSecret, now, 1))).statusCode).toBe(200);
    now += 120_000;
  });

  it('accepts each recovery code once, typed in capitals and without dashes too', async () => {
    const [first, second] = adminRecoveryCodes;
    const signedIn = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, first!.toUpperCase().replace(/-/g, ''));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, first!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'invalid_two_factor_code' });

    const events = await eventsOf(await idOf(STAFF_EMAIL));
    expect(events.filter((event) => event.type === 'StaffRecoveryCodeUsed').map((event) => event.data)).toEqual([expect.objectContaining({ remaining: 9 })]);
    expect(events.filter((event) => event.type === 'StaffSignedIn').at(-1)?.data).toMatchObject({ secondFactor: 'recovery-code' });
    expect((await as(cookieOf(signedIn)).get('/api/admin/account/two-factor')).json()).toMatchObject({ recoveryCodesLeft: 9 });
    adminCookie = cookieOf(signedIn);
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, second!)).statusCode).toBe(200);
  });

  it('renews the recovery codes with a current code: the earlier ones stop working', async () => {
    expect((await as(adminCookie).post('/api/admin/account/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(400);
    const renewed = await as(adminCookie).post('/api/admin/account/two-factor/recovery-codes', { code: codeFor(adminSecret) });
    expect(renewed.statusCode).toBe(200);
    nextStep();
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    for (const code of fresh) secrets.add(code);
    expect(fresh).toHaveLength(10);
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, adminRecoveryCodes[2]!)).statusCode).toBe(401);
    expect((await signInAttempt(STAFF_EMAIL, STAFF_PASSWORD, fresh[0]!)).statusCode).toBe(200);
    expect((await eventsOf(await idOf(STAFF_EMAIL))).map((event) => event.type)).toContain('StaffRecoveryCodesRenewed');
    adminRecoveryCodes = fresh;
  });

  it('cannot turn it off (the role requires it), nor reset their own from the staff list', async () => {
    const refused = await as(adminCookie).post('/api/admin/account/two-factor/turn-off', { password: STAFF_PASSWORD, code: codeFor(adminSecret) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('cannot be turned off') });
    expect((await as(adminCookie).post(`/api/admin/staff/${await idOf(STAFF_EMAIL)}/two-factor/reset`)).statusCode).toBe(409);
  });

  describe('with a person whose role does not require it', () => {
    it('a sales person uses the console without it, may enrol, and may turn it off with password and code', async () => {
      const sales = await addAccount('sales');
      const signedIn = await signInAttempt(sales.email, STAFF_PASSWORD);
      expect(signedIn.json()).toMatchObject({ twoFactor: { enrolled: false, required: false } });
      const cookie = cookieOf(signedIn);
      expect((await as(cookie).get('/api/admin/contact-messages')).statusCode).toBe(200);

      const { secret } = await enrol(cookie);
      expect((await signInAttempt(sales.email, STAFF_PASSWORD)).json()).toMatchObject({ error: 'two_factor_required' });
      const wrongPassword = await as(cookie).post('/api/admin/account/two-factor/turn-off', { password: 'not the password', code: codeFor(secret) });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toMatchObject({ fields: { password: 'The current password is not right' } });
      const turnedOff = await as(cookie).post('/api/admin/account/two-factor/turn-off', { password: STAFF_PASSWORD, code: codeFor(secret) });
      expect(turnedOff.statusCode, turnedOff.body).toBe(204);
      expect((await signInAttempt(sales.email, STAFF_PASSWORD)).statusCode).toBe(200);
      expect((await eventsOf(sales.id)).filter((event) => event.type === 'StaffMfaReset').map((event) => event.data)).toEqual([{ staffUserId: sales.id, via: 'own' }]);
    });

    it('limits wrong codes like wrong passwords: after 5 attempts even the right code is refused', async () => {
      const sales = await addAccount('sales');
      const { secret } = await enrol(cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD)));
      // Enrolment's sign-in and code were a success: the count starts again here.
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await signInAttempt(sales.email, STAFF_PASSWORD, '000000')).statusCode).toBe(401);
      }
      const limited = await signInAttempt(sales.email, STAFF_PASSWORD, codeFor(secret));
      expect(limited.statusCode).toBe(429);
      expect(limited.cookies).toHaveLength(0);
      const reasons = (await eventsOf(sales.id)).filter((event) => event.type === 'StaffSignInFailed').map((event) => (event.data as { reason: string }).reason);
      expect(reasons).toEqual(['wrong-code', 'wrong-code', 'wrong-code', 'wrong-code', 'wrong-code', 'too-many-attempts']);
    });

    it('lets a signed-in person manage two-factor while browsers new to the account use up its sign-in attempts, giving those no new ones', async () => {
      const sales = await addAccount('sales');
      const cookie = cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD));
      const { secret } = await enrol(cookie);
      for (let attempt = 0; attempt < 5; attempt++) expect((await signInAttempt(sales.email, 'a guess')).statusCode).toBe(401);
      expect((await signInAttempt(sales.email, STAFF_PASSWORD, codeFor(secret))).statusCode).toBe(429);

      const renewed = await as(cookie).post('/api/admin/account/two-factor/recovery-codes', { code: codeFor(secret) });
      expect(renewed.statusCode, renewed.body).toBe(200);
      nextStep();
      expect((await signInAttempt(sales.email, STAFF_PASSWORD, codeFor(secret))).statusCode).toBe(429);
    });

    it('limits wrong codes typed while signed in: after 5 even the right code is refused', async () => {
      const sales = await addAccount('sales');
      const cookie = cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD));
      const { secret } = await enrol(cookie);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await as(cookie).post('/api/admin/account/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(400);
      }
      expect((await as(cookie).post('/api/admin/account/two-factor/recovery-codes', { code: codeFor(secret) })).statusCode).toBe(429);
    });

    it('an admin resets a lost phone: the person is signed out everywhere and signs in with the password alone', async () => {
      const sales = await addAccount('sales');
      const cookie = cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD));
      await enrol(cookie);
      expect((await as(adminCookie).get(`/api/admin/staff/${sales.id}`)).json()).toMatchObject({ twoFactorEnrolled: true });

      const reset = await as(adminCookie).post(`/api/admin/staff/${sales.id}/two-factor/reset`);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({ id: sales.id, twoFactorEnrolled: false });
      expect((await as(cookie).get('/api/admin/session')).statusCode).toBe(401);
      expect((await t.testDb.db.selectFrom('staff_recovery_codes').select('code_digest').where('staff_user_id', '=', sales.id).execute())).toEqual([]);
      expect((await signInAttempt(sales.email, STAFF_PASSWORD)).statusCode).toBe(200);
      const resets = (await eventsOf(sales.id)).filter((event) => event.type === 'StaffMfaReset');
      expect(resets.map((event) => event.data)).toEqual([{ staffUserId: sales.id, via: 'admin' }]);
      expect(resets[0]!.metadata).toMatchObject({ actor: { kind: 'staff', email: STAFF_EMAIL } });
      // Nothing to reset any more.
      expect((await as(adminCookie).post(`/api/admin/staff/${sales.id}/two-factor/reset`)).statusCode).toBe(409);
    });

    it('a key sealed under another installation secret, or for another account, opens nothing: codes refused (no 500), recovery codes still work', async () => {
      const sales = await addAccount('sales');
      const other = await addAccount('sales');
      const { secret, recoveryCodes } = await enrol(cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD)));
      const sealedElsewhere = encryptSecret('another installation secret of more than 32 characters', sales.id, secret);
      await t.testDb.db.updateTable('staff_users').set({ two_factor_secret: sealedElsewhere }).where('id', '=', sales.id).execute();
      expect((await signInAttempt(sales.email, STAFF_PASSWORD, codeFor(secret))).json()).toMatchObject({ error: 'invalid_two_factor_code' });
      const sealedForOther = encryptSecret(t.config.statusTokenSecret, other.id, secret);
      await t.testDb.db.updateTable('staff_users').set({ two_factor_secret: sealedForOther }).where('id', '=', sales.id).execute();
      expect((await signInAttempt(sales.email, STAFF_PASSWORD, codeFor(secret))).json()).toMatchObject({ error: 'invalid_two_factor_code' });
      expect((await signInAttempt(sales.email, STAFF_PASSWORD, recoveryCodes[0]!)).statusCode).toBe(200);
    });

    it('only an admin may reset someone else', async () => {
      const sales = await addAccount('sales');
      const cookie = cookieOf(await signInAttempt(sales.email, STAFF_PASSWORD));
      expect((await as(cookie).post(`/api/admin/staff/${await idOf(STAFF_EMAIL)}/two-factor/reset`)).statusCode).toBe(403);
    });
  });
});

describe('what is kept', () => {
  it('holds no secret, code or recovery code: the key is stored encrypted; events, emails and logs name none', async () => {
    const row = await t.testDb.db.selectFrom('staff_users').selectAll().where('email', '=', STAFF_EMAIL).executeTakeFirstOrThrow();
    expect(row.two_factor_secret).toMatch(/^v1\./);
    const { rows } = await sql<{ dump: string }>`
      select coalesce((select string_agg(u::text, ' ') from staff_users u), '')
        || coalesce((select string_agg(r::text, ' ') from staff_recovery_codes r), '')
        || coalesce((select string_agg(e::text, ' ') from events e), '')
        || coalesce((select string_agg(m::text, ' ') from sent_emails m), '') as dump`.execute(t.testDb.db);
    const dump = rows[0]!.dump.toLowerCase();
    const logs = logLines.join('\n').toLowerCase();
    // What is looked through holds what happened (so the search below could find something).
    expect(dump).toContain(STAFF_EMAIL);
    expect(dump).toContain('staffmfaenrolled');
    expect(logs).toContain('enrolled two-factor sign-in');
    expect(secrets.size).toBeGreaterThan(40);
    for (const secret of secrets) {
      // A 6-digit code is looked for as a value on its own: the digits alone occur by chance in times and ids.
      const forms = /^\d{6}$/.test(secret) ? [`"${secret}"`] : [secret.toLowerCase(), secret.toLowerCase().replace(/-/g, '')];
      for (const form of forms) {
        expect(dump, secret).not.toContain(form);
        expect(logs, secret).not.toContain(form);
      }
    }
  });
});
