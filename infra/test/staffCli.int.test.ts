import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsInTransaction } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { announceFirstStaffUser, ensureFirstStaffUser, verifyPassword } from '@autobest/api';
import { runStaffCommand } from '../src/staffCli';

let testDb: TestDatabase;
let env: Record<string, string>;
beforeAll(async () => {
  testDb = await createTestDatabase('infra_staff_cli');
  env = { DATABASE_URL: testDb.url, STATUS_TOKEN_SECRET: randomBytes(32).toString('base64url'), PUBLIC_URL: 'https://autobest.test', LOG_LEVEL: 'silent' };
});
afterAll(async () => {
  await testDb?.drop();
});

/** Runs `npm run staff -- ...args` as the shell would, with what it printed and its exit code. */
async function staff(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(args, env, (line) => out.push(line), (line) => err.push(line));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const account = (email: string) => testDb.db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();

describe('the first admin, before any account exists', () => {
  it('refuses a weak ADMIN_PASSWORD with a message naming the rule; a generated password is accepted and printed once', async () => {
    await expect(ensureFirstStaffUser(recordsInTransaction(testDb.db), { email: 'first@autobest.test', password: 'Password1234' })).rejects.toThrow(
      'ADMIN_PASSWORD cannot be used for the first admin: This password is on a list of common or breached passwords; choose another. Set another, or unset it to have one generated.',
    );
    const created = await ensureFirstStaffUser(recordsInTransaction(testDb.db), { email: 'first@autobest.test', password: undefined });
    const printed: string[] = [];
    announceFirstStaffUser(created, (line) => printed.push(line), true);
    expect(printed.join('\n')).toContain(created.generatedPassword!);
    expect(printed.join('\n')).toContain('set up two-factor');
    // Every line of the box is as wide as the others.
    expect(new Set(printed.join('\n').split('\n').filter((line) => line.includes('│')).map((line) => line.length)).size).toBe(1);
    expect(await verifyPassword((await account('first@autobest.test'))!.password_hash!, created.generatedPassword!)).toBe(true);
  });
});

describe('npm run staff', () => {
  it('creates an account with a generated password it prints once, or the one given', async () => {
    const made = await staff('create', '--email', 'Locked.Out@autobest.test', '--name', 'Locked Out', '--role', 'admin');
    expect(made).toMatchObject({ code: 0, err: '' });
    const password = /Password \(shown once, write it down\): (\S+)/.exec(made.out)?.[1];
    expect(password).toBeDefined();
    const row = await account('locked.out@autobest.test');
    expect(row).toMatchObject({ role: 'admin', display_name: 'Locked Out', disabled_at: null });
    expect(await verifyPassword(row!.password_hash!, password!)).toBe(true);

    expect(await staff('create', '--email', 'sales@autobest.test', '--name', 'Sales', '--role', 'sales', '--password', 'a long sales passphrase')).toMatchObject({ code: 0 });
    expect(await verifyPassword((await account('sales@autobest.test'))!.password_hash!, 'a long sales passphrase')).toBe(true);
  });

  it('refuses a bad role, a bad email, a weak password, an account that exists and a missing option, exiting 1', async () => {
    expect(await staff('create', '--email', 'x@autobest.test', '--name', 'X', '--role', 'boss')).toMatchObject({ code: 1, err: expect.stringContaining('--role: Role must be one of: admin, sales, inventory, viewer') });
    expect(await staff('create', '--email', 'not-an-email', '--name', 'X', '--role', 'viewer')).toMatchObject({ code: 1, err: expect.stringContaining('--email: Enter a valid email address') });
    expect(await staff('create', '--email', 'x@autobest.test', '--name', 'X', '--role', 'viewer', '--password', 'password1234')).toMatchObject({ code: 1, err: expect.stringContaining('common or breached') });
    expect(await staff('create', '--email', 'x@autobest.test', '--name', 'X', '--role', 'viewer', '--password', 'short')).toMatchObject({ code: 1, err: expect.stringContaining('at least 12 characters') });
    expect(await staff('create', '--email', 'SALES@autobest.test', '--name', 'X', '--role', 'viewer')).toMatchObject({ code: 1, err: 'There is already a staff account for sales@autobest.test' });
    expect(await staff('create', '--email', 'x@autobest.test')).toMatchObject({ code: 1, err: expect.stringContaining('--name is required') });
    expect(await staff('reset', '--email', 'nobody@autobest.test')).toMatchObject({ code: 1, err: expect.stringContaining('There is no staff account for nobody@autobest.test') });
    expect(await staff('promote', '--email', 'sales@autobest.test')).toMatchObject({ code: 1, err: expect.stringContaining('Unknown command: promote') });
    expect(await account('x@autobest.test')).toBeUndefined();
  });

  it('reset prints a new set-password link and ends every session; disable ends them too', async () => {
    const sales = (await account('sales@autobest.test'))!;
    const openSession = () =>
      testDb.db.insertInto('staff_sessions').values({ token_hash: randomBytes(16).toString('hex'), staff_user_id: sales.id, expires_at: new Date(Date.now() + 3_600_000) }).execute();
    const sessions = () => testDb.db.selectFrom('staff_sessions').select('id').where('staff_user_id', '=', sales.id).execute();

    await openSession();
    const reset = await staff('reset', '--email', 'sales@autobest.test');
    expect(reset.code).toBe(0);
    const link = /https:\/\/autobest\.test\/admin\/set-password\/([0-9a-f-]{36})\?token=[A-Za-z0-9_-]{43}/.exec(reset.out);
    expect(link, reset.out).not.toBeNull();
    expect(await testDb.db.selectFrom('staff_password_links').select('id').where('staff_user_id', '=', sales.id).execute()).toEqual([{ id: link![1] }]);
    expect(await sessions()).toEqual([]);

    await openSession();
    expect(await staff('disable', '--email', 'sales@autobest.test')).toMatchObject({ code: 0, out: 'Disabled sales@autobest.test; every session of theirs has ended.' });
    expect((await account('sales@autobest.test'))!.disabled_at).not.toBeNull();
    expect(await sessions()).toEqual([]);
  });

  it('records what it did on the person\'s stream, as the shell (and the first admin as made at first start)', async () => {
    const recorded = await testDb.db
      .selectFrom('events')
      .select(['type', 'data', 'metadata'])
      .where('stream_id', 'like', 'staff-%')
      .orderBy('global_position')
      .execute();
    const shown = recorded.map((event) => [event.type, (event.metadata['actor'] as { name?: string }).name, event.data['via'] ?? event.data['sessionsEnded'] ?? null]);
    expect(shown).toEqual([
      ['StaffAccountCreated', 'first-start', 'first-start'],
      ['StaffAccountCreated', 'shell', 'shell'],
      ['StaffPasswordSet', 'shell', 'shell'],
      ['StaffAccountCreated', 'shell', 'shell'],
      ['StaffPasswordSet', 'shell', 'shell'],
      ['StaffPasswordLinkIssued', 'shell', null],
      ['StaffDisabled', 'shell', 1],
    ]);
  });

  it('reset-2fa takes two-factor sign-in off a person who lost their phone, ends their sessions, and says so once', async () => {
    expect(await staff('create', '--email', 'lost.phone@autobest.test', '--name', 'Lost Phone', '--role', 'admin', '--password', 'a long admin passphrase')).toMatchObject({ code: 0 });
    const person = (await account('lost.phone@autobest.test'))!;
    await testDb.db.updateTable('staff_users').set({ two_factor_secret: 'v1.sealed', two_factor_enabled_at: new Date(), two_factor_last_step: 1 }).where('id', '=', person.id).execute();
    await testDb.db.insertInto('staff_recovery_codes').values({ staff_user_id: person.id, code_digest: 'digest', used_at: null }).execute();
    await testDb.db.insertInto('staff_sessions').values({ token_hash: randomBytes(16).toString('hex'), staff_user_id: person.id, expires_at: new Date(Date.now() + 3_600_000) }).execute();

    const reset = await staff('reset-2fa', '--email', 'Lost.Phone@autobest.test');
    expect(reset).toMatchObject({ code: 0, err: '' });
    expect(reset.out).toContain('Two-factor sign-in is off for lost.phone@autobest.test');
    expect(await account('lost.phone@autobest.test')).toMatchObject({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null });
    expect(await testDb.db.selectFrom('staff_recovery_codes').select('code_digest').where('staff_user_id', '=', person.id).execute()).toEqual([]);
    expect(await testDb.db.selectFrom('staff_sessions').select('id').where('staff_user_id', '=', person.id).execute()).toEqual([]);
    const events = await testDb.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', `staff-${person.id}`).where('type', '=', 'StaffMfaReset').execute();
    expect(events).toEqual([expect.objectContaining({ data: { staffUserId: person.id, via: 'shell' }, metadata: expect.objectContaining({ actor: { kind: 'system', name: 'shell' } }) })]);

    expect(await staff('reset-2fa', '--email', 'lost.phone@autobest.test')).toMatchObject({ code: 1, err: 'lost.phone@autobest.test does not use two-factor sign-in' });
    expect(await staff('reset-2fa')).toMatchObject({ code: 1, err: expect.stringContaining('--email is required') });
  });
});
