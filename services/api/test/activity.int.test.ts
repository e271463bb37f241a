import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import type { ActivityEntry, StaffAccount } from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import { sessionCookieName } from '../src/staff/sessions';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, signInAs, type TestApp } from './support';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp('api_activity', LOOSE_PUBLIC_WRITE_LIMITS);
  admin = await signIn(t.app);
  adminId = (await as(admin, 'GET', '/api/admin/session')).json<{ id: string }>().id;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });

/** Each sign-in from an address of its own: this file signs in more often than the per-address limit allows. */
let addresses = 0;
const signInFrom = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password }, remoteAddress: `10.8.${Math.floor(++addresses / 250)}.${addresses % 250}` });
const cookieOf = (response: Awaited<ReturnType<typeof as>>) => {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName(false))!;
  return `${cookie.name}=${cookie.value}`;
};

/** No workers here: the read models are brought up to date in the test's own process. */
const projector = () => new Projector(t.app.db, allProjections);
const query = (filter: object, extra = '') => `/api/admin/activity?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

/** The trail as an admin lists it, once the projection has every event committed so far. */
async function trail(filter: object = {}, count?: number): Promise<ActivityEntry[]> {
  let entries: ActivityEntry[] = [];
  await vi.waitFor(
    async () => {
      await catchUpCompletely(projector());
      const response = await as(admin, 'GET', query(filter, '&range=[0,499]'));
      expect(response.statusCode, response.body).toBe(200);
      entries = response.json<ActivityEntry[]>();
      if (count !== undefined) expect(entries).toHaveLength(count);
    },
    { timeout: 10_000, interval: 50 },
  );
  return entries;
}

interface Invited extends StaffAccount {
  setPasswordUrl: string;
}

const SECRETS: string[] = [];

/** Invites someone, they choose a password with the link and sign in: their id, password and session. */
async function colleague(name: string, email: string, role = 'sales') {
  const invited = await as(admin, 'POST', '/api/admin/staff', { name, email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const account = invited.json<Invited>();
  const url = new URL(account.setPasswordUrl);
  const linkId = url.pathname.split('/').at(-1)!;
  const token = url.searchParams.get('token')!;
  const password = `a long passphrase for ${name}`;
  SECRETS.push(token, password);
  expect((await as(undefined, 'POST', '/api/admin/set-password', { linkId, token, password })).statusCode).toBe(200);
  const signedIn = await signInFrom(email, password);
  expect(signedIn.statusCode).toBe(200);
  return { id: account.id, password, cookie: cookieOf(signedIn) };
}

describe('the activity trail', () => {
  let ngozi: Awaited<ReturnType<typeof colleague>>;
  let enquiryId: string;

  beforeAll(async () => {
    ngozi = await colleague('Ngozi Okafor', 'ngozi@autobest.test');
    // A business action by Ngozi: she follows up an enquiry.
    const enquiry = await as(undefined, 'POST', '/api/enquiries', { kind: 'deal', fullName: 'Ada Obi', phone: '+2348031234567', subject: 'Toyota Venza deal' });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    enquiryId = enquiry.json<{ id: string }>().id;
    await vi.waitFor(async () => {
      await projector().catchUp();
      expect((await as(ngozi.cookie, 'GET', `/api/admin/enquiries/${enquiryId}`)).statusCode).toBe(200);
    }, { timeout: 10_000 });
    expect((await as(ngozi.cookie, 'POST', `/api/admin/enquiries/${enquiryId}/status`, { status: 'contacted' })).statusCode).toBe(200);
    expect((await as(ngozi.cookie, 'POST', `/api/admin/enquiries/${enquiryId}/notes`, { text: 'Called Ada, she wants a test drive' })).statusCode).toBe(200);
  });

  it('records each account action with who did it, and the business actions of staff with their name', async () => {
    // Ngozi changes her password, opens a second session and ends it from My account.
    const newPassword = 'an even longer passphrase for Ngozi';
    SECRETS.push(newPassword);
    expect((await as(ngozi.cookie, 'PUT', '/api/admin/account/password', { currentPassword: ngozi.password, newPassword })).statusCode).toBe(204);
    cookieOf(await signInFrom('ngozi@autobest.test', newPassword));
    const sessions = (await as(ngozi.cookie, 'GET', '/api/admin/account/sessions')).json<Array<{ id: string; current: boolean }>>();
    const other = sessions.find((session) => !session.current)!;
    expect((await as(ngozi.cookie, 'DELETE', `/api/admin/account/sessions/${other.id}`)).statusCode).toBe(204);
    // The admin changes her role (twice to the same: recorded once), disables and enables her account.
    expect((await as(admin, 'PUT', `/api/admin/staff/${ngozi.id}`, { role: 'inventory' })).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/api/admin/staff/${ngozi.id}`, { role: 'inventory' })).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/staff/${ngozi.id}/disable`)).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/staff/${ngozi.id}/enable`)).statusCode).toBe(200);

    const entries = await trail({ q: 'ngozi' });
    const line = (action: string) => entries.filter((entry) => entry.action === action).map((entry) => `${entry.actorName}: ${entry.summary}`);
    expect(line('StaffAccountCreated')).toEqual(['Administrator: Account created for Ngozi Okafor <ngozi@autobest.test> as sales, invited from the console']);
    expect(line('StaffPasswordLinkIssued')).toEqual(['Administrator: Set-password link sent to ngozi@autobest.test (invitation)']);
    expect(line('StaffRoleChanged')).toEqual(['Administrator: Role changed from sales to inventory']);
    expect(line('StaffDisabled')).toEqual(['Administrator: Account disabled; 1 session ended']);
    expect(line('StaffEnabled')).toEqual(['Administrator: Account enabled']);
    expect(entries.find((entry) => entry.action === 'StaffDisabled')).toMatchObject({ recordKind: 'staff', recordId: ngozi.id, recordName: 'Ngozi Okafor', actorId: adminId });
    // What the admin did is the admin's: listed under them, not under Ngozi.
    const admins = await trail({ actor: adminId, action: 'accounts' });
    expect(admins.filter((entry) => entry.recordId === ngozi.id).map((entry) => entry.action)).toEqual([
      'StaffEnabled',
      'StaffDisabled',
      'StaffRoleChanged',
      'StaffPasswordLinkIssued',
      'StaffAccountCreated',
    ]);

    const hers = await trail({ actor: ngozi.id });
    const herLine = (action: string) => hers.filter((entry) => entry.action === action).map((entry) => `${entry.actorName}: ${entry.summary}`);
    expect(herLine('StaffPasswordSet')).toEqual([
      'Ngozi Okafor: Password set by the person (current password given)',
      'Ngozi Okafor: Password set with a set-password link',
    ]);
    expect(herLine('StaffSignedIn')).toEqual(['Ngozi Okafor: Signed in', 'Ngozi Okafor: Signed in']);
    expect(herLine('StaffSessionsEnded')).toEqual(['Ngozi Okafor: Other sessions ended: 1 session']);
    expect(herLine('EnquiryStatusChanged')).toEqual(['Ngozi Okafor: Enquiry status changed: new → contacted']);
    // A note's words are the enquiry's, not the trail's.
    expect(herLine('EnquiryNoteAdded')).toEqual(['Ngozi Okafor: Note added to an enquiry']);
    expect(hers.find((entry) => entry.action === 'EnquiryNoteAdded')).toMatchObject({ recordKind: 'enquiries', recordId: enquiryId, actorId: ngozi.id, actorEmail: 'ngozi@autobest.test' });
    // Everything of hers is hers: nothing the admin did is listed under her.
    expect(hers.every((entry) => entry.actorId === ngozi.id)).toBe(true);
    expect(hers.map((entry) => entry.at)).toEqual(hers.map((entry) => entry.at).sort().reverse());
  });

  it('records failed sign-ins: with the account they aimed at, or the email typed when it looks like one, never a password', async () => {
    const typedInEmailBox = 'my secret passphrase 42';
    SECRETS.push(typedInEmailBox);
    expect((await signInFrom('ngozi@autobest.test', 'not her password at all')).statusCode).toBe(401);
    expect((await signInFrom('nobody@autobest.test', 'whatever it is here')).statusCode).toBe(401);
    expect((await signInFrom(typedInEmailBox, 'whatever it is here')).statusCode).toBe(401);
    const refused = await trail({ action: 'StaffSignInFailed' }, 3);
    expect(refused.map((entry) => [entry.actorName, entry.summary, entry.recordKind, entry.recordId])).toEqual([
      ['Visitor', 'Sign-in refused: no account with that email', null, null],
      ['Visitor', 'Sign-in refused: no account with that email (nobody@autobest.test)', null, null],
      ['Visitor', 'Sign-in refused: wrong password', 'staff', ngozi.id],
    ]);
  });

  it('filters by action family and by date, and searches with q', async () => {
    const signIns = await trail({ action: 'sign-in' });
    expect(new Set(signIns.map((entry) => entry.action))).toEqual(new Set(['StaffSignedIn', 'StaffSignInFailed']));
    const created = await trail({ action: 'StaffAccountCreated' });
    expect(created.at(-1)).toMatchObject({ actorKind: 'system', actorName: 'System (first-start)', summary: 'Account created for Administrator <ops@autobest.test> as admin, made at first start' });
    const requests = await trail({ action: 'requests' });
    expect(requests.map((entry) => entry.action).sort()).toEqual(['EnquiryNoteAdded', 'EnquiryStatusChanged']);

    const today = new Date().toISOString().slice(0, 10);
    const all = await trail();
    expect(await trail({ dateFrom: today, dateTo: today })).toHaveLength(all.length);
    expect(await trail({ dateTo: '2020-01-01' })).toEqual([]);
    expect(await trail({ dateFrom: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);

    // q finds the actor's name, the action and the summary.
    expect((await trail({ q: 'Okafor', action: 'EnquiryStatusChanged' })).map((entry) => entry.actorName)).toEqual(['Ngozi Okafor']);
    expect((await trail({ q: 'role changed' })).map((entry) => entry.action)).toEqual(['StaffRoleChanged']);
    expect(await trail({ q: 'no such words anywhere' })).toEqual([]);

    const bad = await as(admin, 'GET', query({ actor: 'not-an-id' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/staff account id/);
    expect((await as(admin, 'GET', query({ dateFrom: 'yesterday' }))).statusCode).toBe(400);
  });

  it('shows a person under their name as it is now, and their email once the account is gone', async () => {
    await t.app.db.updateTable('staff_users').set({ display_name: 'Ngozi Okafor-Bello' }).where('id', '=', ngozi.id).execute();
    expect((await trail({ actor: ngozi.id, action: 'EnquiryStatusChanged' })).map((entry) => entry.actorName)).toEqual(['Ngozi Okafor-Bello']);
    await t.app.db.updateTable('staff_users').set({ display_name: 'Ngozi Okafor' }).where('id', '=', ngozi.id).execute();

    const gone = await colleague('Temporary Person', 'temporary@autobest.test', 'viewer');
    await t.app.db.deleteFrom('staff_sessions').where('staff_user_id', '=', gone.id).execute();
    await t.app.db.deleteFrom('staff_users').where('id', '=', gone.id).execute();
    expect((await trail({ actor: gone.id, action: 'StaffSignedIn' })).map((entry) => entry.actorName)).toEqual(['temporary@autobest.test']);
  });

  it('records a failed email or WhatsApp message sent again, by whom, linked to its outbox row', async () => {
    const failed = await t.app.db
      .insertInto('sent_emails')
      .values({ event_id: crypto.randomUUID(), template: 'staff-new-enquiry', to_address: 'desk@autobest.test', subject: 'New enquiry', html: '<p>x</p>', text: 'x', status: 'failed', attempts: 5, last_error: '550 mailbox unavailable' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await as(admin, 'POST', `/api/admin/emails/${failed.id}/retry`)).statusCode).toBe(200);
    // Asked again while it is pending: nothing more is recorded.
    expect((await as(admin, 'POST', `/api/admin/emails/${failed.id}/retry`)).statusCode).toBe(200);
    const failedWhatsApp = await t.app.db
      .insertInto('whatsapp_messages')
      .values({ event_id: crypto.randomUUID(), template: 'confirmation', language: 'en', to_phone: '2348031234567', parameters: JSON.stringify([]), status: 'failed', attempts: 5, last_error: '131026: Message undeliverable' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const retried = await as(admin, 'POST', `/api/admin/whatsapp-messages/${failedWhatsApp.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    // The outbox family holds both outboxes' retries, newest first.
    expect(await trail({ action: 'emails' })).toEqual([
      expect.objectContaining({ actorName: 'Administrator', summary: 'Failed WhatsApp message sent again', recordKind: 'whatsapp-messages', recordId: failedWhatsApp.id }),
      expect.objectContaining({ actorName: 'Administrator', summary: 'Failed email sent again', recordKind: 'emails', recordId: failed.id }),
    ]);
  });

  it("records an edit of Tara's answer, by whom, linked to the answer and among news and content", async () => {
    const edited = await as(admin, 'PUT', '/api/admin/tara-answers/warranty:fr', { text: 'Chaque voiture a une garantie de six mois.' });
    expect(edited.statusCode, edited.body).toBe(200);
    const expected = expect.objectContaining({ action: 'TaraAnswerChanged', actorName: 'Administrator', summary: "Tara's answer changed", recordKind: 'tara-answers', recordId: 'warranty:fr' });
    expect(await trail({ action: 'news' })).toEqual([expected]);
    expect(await trail({ action: 'TaraAnswerChanged' })).toEqual([expected]);
  });

  it("history and notes of a record name the staff member as they are called now", async () => {
    type Followed = { history: Array<{ by: string | null }>; notes: Array<{ by: string | null }> };
    const shown = async () => (await as(admin, 'GET', `/api/admin/enquiries/${enquiryId}`)).json<Followed>();
    expect(await shown()).toMatchObject({ history: [{ by: 'Ngozi Okafor' }], notes: [{ by: 'Ngozi Okafor' }] });
    const [listed] = (await as(admin, 'GET', `/api/admin/enquiries?filter=${encodeURIComponent(JSON.stringify({ id: [enquiryId] }))}`)).json<Followed[]>();
    expect(listed).toMatchObject({ history: [{ by: 'Ngozi Okafor' }], notes: [{ by: 'Ngozi Okafor' }] });

    await t.app.db.updateTable('staff_users').set({ display_name: 'Ngozi Bello' }).where('id', '=', ngozi.id).execute();
    expect(await shown()).toMatchObject({ history: [{ by: 'Ngozi Bello' }], notes: [{ by: 'Ngozi Bello' }] });
    await t.app.db.updateTable('staff_users').set({ display_name: 'Ngozi Okafor' }).where('id', '=', ngozi.id).execute();
  });

  it('exports the same rows as CSV', async () => {
    const filter = { actor: ngozi.id };
    const listed = await trail(filter);
    const csv = await as(admin, 'GET', `/api/admin/activity/export.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(header).toEqual(['Time', 'Person', 'Email', 'Action', 'Summary', 'Record', 'Record ID', 'Record Name', 'Event ID']);
    expect(rows.map((row) => row[8])).toEqual(listed.map((entry) => entry.id));
    expect(rows.map((row) => [row[1], row[4]])).toEqual(listed.map((entry) => [entry.actorName, entry.summary]));
  });

  it('is a read model like the others: a rebuild replays the same trail', async () => {
    const before = await trail();
    expect(before.length).toBeGreaterThan(20);
    await projector().rebuild(['staff-activity']);
    expect(await trail()).toEqual(before);
  });

  it('is for admins only', async () => {
    for (const role of ['viewer', 'sales', 'inventory'] as const) {
      const cookie = await signInAs(t.app, role);
      for (const url of ['/api/admin/activity', '/api/admin/activity/export.csv']) {
        expect((await as(cookie, 'GET', url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await as(undefined, 'GET', '/api/admin/activity')).statusCode).toBe(401);
  });

  it('keeps no password, link token or typed secret anywhere in the trail or the event store', async () => {
    await trail();
    // Two link tokens and three passwords of colleagues, and what was typed in the email box.
    expect(SECRETS).toHaveLength(6);
    const stored = await sql<{ text: string }>`
      select coalesce(string_agg(e::text, ' '), '') as text from (
        select row_to_json(a)::text as e from staff_activity a
        union all select data::text || metadata::text from events
      ) everything`.execute(t.app.db);
    const everything = stored.rows[0]!.text;
    // The search has something to search: the events of this file are there.
    expect(everything).toContain('ngozi@autobest.test');
    for (const secret of SECRETS) expect(everything, secret).not.toContain(secret);
  });
});
