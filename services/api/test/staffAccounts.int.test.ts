import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEmail, OwnSession, StaffAccount } from '@autobest/domain';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import { sessionCookieName } from '../src/staff/sessions';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, STAFF_EMAIL, type TestApp } from './support';

let sink: SmtpSink;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp('api_staff_accounts', { ...LOOSE_PUBLIC_WRITE_LIMITS, SMTP_URL: sink.url, PROJECTOR_SAFETY_NET_MS: '500' }, { withWorkers: true });
  admin = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

interface Invited extends StaffAccount {
  setPasswordUrl: string;
}

async function invite(name: string, email: string, role = 'sales'): Promise<Invited> {
  const response = await as(admin, 'POST', '/api/admin/staff', { name, email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invited>();
}

/** The link of the email the person received: the deliverer put the token in as it sent it. */
async function emailedLink(to: string, count = 1): Promise<{ linkId: string; token: string }> {
  await vi.waitFor(() => expect(sink.received.filter((mail) => mail.to[0] === to)).toHaveLength(count), { timeout: 15_000, interval: 50 });
  const mail = sink.received.filter((m) => m.to[0] === to).at(-1)!;
  const [, linkId, token] = /\/admin\/set-password\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(mail.body) ?? [];
  expect(linkId, mail.body).toBeDefined();
  return { linkId: linkId!, token: token! };
}

/** Each sign-in from an address of its own: this file signs in more often than the per-address limit allows. */
let addresses = 0;
const signInAs = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password }, remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}` });

const setPassword = (link: { linkId: string; token: string }, password: string) => as(undefined, 'POST', '/api/admin/set-password', { ...link, password });
const cookieOf = (response: Awaited<ReturnType<typeof as>>) => {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName(false))!;
  return `${cookie.name}=${cookie.value}`;
};

/** A colleague with a password, signed in; `sessions` of them open at once. */
async function colleague(email: string, role = 'sales', sessions = 1): Promise<{ id: string; cookies: string[]; password: string }> {
  const invited = await invite('Colleague', email, role);
  const password = `a long passphrase for ${email}`;
  expect((await setPassword(await emailedLink(email), password)).statusCode).toBe(200);
  const cookies: string[] = [];
  for (let i = 0; i < sessions; i++) cookies.push(cookieOf(await signInAs(email, password)));
  return { id: invited.id, cookies, password };
}

// First: until a test below makes another admin, the first admin is the only one.
it('refuses to disable or demote the last active admin', async () => {
  const me = (await as(admin, 'GET', '/api/admin/session')).json<{ id: string }>();
  for (const [method, url, payload] of [
    ['POST', `/api/admin/staff/${me.id}/disable`, undefined],
    ['PUT', `/api/admin/staff/${me.id}`, { role: 'sales' }],
  ] as const) {
    const refused = await as(admin, method, url, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/last active admin/);
  }
});

describe('inviting a colleague', () => {
  it('emails a one-time link valid 24 hours; the outbox keeps a placeholder; the person chooses a password and signs in', async () => {
    const invited = await invite('Ngozi Okafor', 'ngozi@autobest.test');
    expect(invited).toMatchObject({ name: 'Ngozi Okafor', email: 'ngozi@autobest.test', role: 'sales', status: 'invited', lastSignInAt: null });

    const link = await emailedLink('ngozi@autobest.test');
    expect(invited.setPasswordUrl).toContain(`/admin/set-password/${link.linkId}?token=${link.token}`);
    const [kept] = (await as(admin, 'GET', `/api/admin/emails?filter=${encodeURIComponent(JSON.stringify({ relatedId: invited.id }))}`)).json<OutboxEmail[]>();
    expect(kept!.subject).toBe('You are invited to the AutoBest Africa console');
    expect(kept!.text).toContain(`/admin/set-password/${link.linkId}?token=[redacted]`);
    expect(kept!.text).not.toContain(link.token);

    // Not signed in yet: an invited account has no password to match.
    expect((await signInAs('ngozi@autobest.test', 'anything at all here')).statusCode).toBe(401);

    const weak = await setPassword(link, 'short pass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ fields: { password: 'Password must be at least 12 characters' } });
    const common = await setPassword(link, 'PASSWORD1234');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ fields: { password: 'This password is on a list of common or breached passwords; choose another' } });

    const chosen = await setPassword(link, 'mango season in lagos');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ email: 'ngozi@autobest.test' });
    expect((await setPassword(link, 'another long passphrase')).json()).toMatchObject({ fields: { token: expect.stringMatching(/expired or was already used/) } });

    const signedIn = await signInAs('ngozi@autobest.test', 'mango season in lagos');
    expect(signedIn.statusCode).toBe(200);
    const listed = (await as(admin, 'GET', '/api/admin/staff?filter={"q":"ngozi"}')).json<StaffAccount[]>();
    expect(listed).toEqual([expect.objectContaining({ status: 'active', lastSignInAt: expect.any(String) })]);
  });

  it('refuses a wrong token, an expired link and a link replaced by a newer one', async () => {
    const invited = await invite('Tunde Bello', 'tunde@autobest.test');
    const first = await emailedLink('tunde@autobest.test');
    expect((await setPassword({ ...first, token: 'x'.repeat(43) }, 'a good long passphrase')).statusCode).toBe(400);

    await t.testDb.db.updateTable('staff_password_links').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', first.linkId).execute();
    expect((await setPassword(first, 'a good long passphrase')).json()).toMatchObject({ fields: { token: expect.any(String) } });

    const resent = await as(admin, 'POST', `/api/admin/staff/${invited.id}/password-link`);
    expect(resent.statusCode).toBe(200);
    const second = await emailedLink('tunde@autobest.test', 2);
    const third = (await as(admin, 'POST', `/api/admin/staff/${invited.id}/password-link`)).json<Invited>();
    expect((await setPassword(second, 'a good long passphrase')).statusCode).toBe(400);
    const [, linkId, token] = /set-password\/([0-9a-f-]{36})\?token=(.+)$/.exec(third.setPasswordUrl)!;
    expect((await setPassword({ linkId: linkId!, token: token! }, 'a good long passphrase')).statusCode).toBe(200);
  });

  it('names the field of a bad invitation', async () => {
    const bad = await as(admin, 'POST', '/api/admin/staff', { name: '', email: 'not-an-email', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: object }>().fields).sort()).toEqual(['email', 'name', 'role']);
    const twice = await as(admin, 'POST', '/api/admin/staff', { name: 'Ops', email: STAFF_EMAIL.toUpperCase(), role: 'viewer' });
    expect(twice.statusCode).toBe(409);
  });
});

describe('an admin managing accounts', () => {
  it('changes a role, and the person may then do what the role may', async () => {
    const person = await colleague('viewer-then-admin@autobest.test', 'viewer');
    expect((await as(person.cookies[0], 'GET', '/api/admin/staff')).statusCode).toBe(403);
    const changed = await as(admin, 'PUT', `/api/admin/staff/${person.id}`, { id: person.id, name: 'Colleague', role: 'admin' });
    expect(changed.json()).toMatchObject({ role: 'admin' });
    expect((await as(person.cookies[0], 'GET', '/api/admin/staff')).statusCode).toBe(200);
  });

  it('disabling ends every session at once; enabling lets the person sign in again', async () => {
    const person = await colleague('leaver@autobest.test', 'sales', 2);
    for (const cookie of person.cookies) expect((await as(cookie, 'GET', '/api/admin/session')).statusCode).toBe(200);

    const disabled = await as(admin, 'POST', `/api/admin/staff/${person.id}/disable`);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    for (const cookie of person.cookies) expect((await as(cookie, 'GET', '/api/admin/session')).statusCode).toBe(401);
    expect(await t.testDb.db.selectFrom('staff_sessions').select('id').where('staff_user_id', '=', person.id).execute()).toEqual([]);
    expect((await signInAs('leaver@autobest.test', person.password)).statusCode).toBe(401);

    expect((await as(admin, 'POST', `/api/admin/staff/${person.id}/enable`)).json()).toMatchObject({ status: 'active' });
    expect((await signInAs('leaver@autobest.test', person.password)).statusCode).toBe(200);
  });

  it('answers 403 to someone who is not an admin on every staff account route', async () => {
    const person = await colleague('sales-only@autobest.test', 'sales');
    const cookie = person.cookies[0];
    for (const [method, url] of [
      ['GET', '/api/admin/staff'],
      ['GET', `/api/admin/staff/${person.id}`],
      ['POST', '/api/admin/staff'],
      ['PUT', `/api/admin/staff/${person.id}`],
      ['POST', `/api/admin/staff/${person.id}/disable`],
      ['POST', `/api/admin/staff/${person.id}/enable`],
      ['POST', `/api/admin/staff/${person.id}/password-link`],
    ] as const) {
      expect((await as(cookie, method, url, method === 'GET' ? undefined : { role: 'admin' })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('one\'s own account', () => {
  it('changing one\'s password needs the current one and ends one\'s other sessions', async () => {
    const person = await colleague('changer@autobest.test', 'inventory', 2);
    const [here, elsewhere] = person.cookies;
    const wrong = await as(here, 'PUT', '/api/admin/account/password', { currentPassword: 'not my password at all', newPassword: 'a brand new passphrase' });
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: 'The current password is not right' } });
    const common = await as(here, 'PUT', '/api/admin/account/password', { currentPassword: person.password, newPassword: 'QazWsxEdcRfv' });
    expect(common.json()).toMatchObject({ fields: { newPassword: expect.stringMatching(/common or breached/) } });

    expect((await as(here, 'PUT', '/api/admin/account/password', { currentPassword: person.password, newPassword: 'a brand new passphrase' })).statusCode).toBe(204);
    expect((await as(here, 'GET', '/api/admin/session')).statusCode).toBe(200);
    expect((await as(elsewhere, 'GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await signInAs('changer@autobest.test', 'a brand new passphrase')).statusCode).toBe(200);
  });

  it("limits checks of one's own password while signed in, a success resetting nothing: a stolen session guesses no faster than a sign-in", async () => {
    const person = await colleague('guessed@autobest.test', 'sales', 1);
    const [stolen] = person.cookies;
    for (let guess = 0; guess < 4; guess++) {
      expect((await as(stolen, 'PUT', '/api/admin/account/password', { currentPassword: `guess number ${guess} of many`, newPassword: 'a brand new passphrase' })).statusCode).toBe(400);
    }
    // The fifth check is the right password: allowed, and it clears nothing.
    expect((await as(stolen, 'PUT', '/api/admin/account/password', { currentPassword: person.password, newPassword: 'another new passphrase' })).statusCode).toBe(204);
    const over = await as(stolen, 'PUT', '/api/admin/account/password', { currentPassword: 'another new passphrase', newPassword: 'a third new passphrase' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('lists one\'s open sessions with this one marked, and ends another', async () => {
    const person = await colleague('two-browsers@autobest.test', 'viewer');
    const other = await signInAs('two-browsers@autobest.test', person.password);
    const otherCookie = cookieOf(other);
    const here = person.cookies[0];
    const sessions = (await as(here, 'GET', '/api/admin/account/sessions')).json<OwnSession[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String), userAgent: 'lightMyRequest' });

    const mine = sessions.find((session) => session.current)!;
    expect((await as(here, 'DELETE', `/api/admin/account/sessions/${mine.id}`)).statusCode).toBe(409);
    const theirs = sessions.find((session) => !session.current)!;
    expect((await as(here, 'DELETE', `/api/admin/account/sessions/${theirs.id}`)).statusCode).toBe(204);
    expect((await as(otherCookie, 'GET', '/api/admin/session')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/admin/account/sessions')).json<OwnSession[]>()).toHaveLength(1);
    // Someone else's session is not one's own to end.
    const adminSessions = (await as(admin, 'GET', '/api/admin/account/sessions')).json<OwnSession[]>();
    expect((await as(here, 'DELETE', `/api/admin/account/sessions/${adminSessions[0]!.id}`)).statusCode).toBe(404);
  });
});
