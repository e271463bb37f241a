import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from './support';

let t: TestApp;
beforeAll(async () => {
  // No safety net within the run: the trail keeps up on the projector's doorbell alone.
  t = await createTestApp('api_staff_accounts_doorbell', { PROJECTOR_SAFETY_NET_MS: '600000' }, { withWorkers: true });
});
afterAll(async () => {
  await t?.close();
});

/** The actions the staff activity read model has of these event types, as the workers projected them. */
const projected = async (types: readonly string[]) =>
  (await t.testDb.db.selectFrom('staff_activity').select('action').where('action', 'in', types).orderBy('global_position').execute()).map((row) => row.action);

describe('staff account changes ring the projector doorbell', () => {
  it('sign-ins, an invitation and a two-factor reset reach the activity trail without waiting for the safety net', async () => {
    const cookie = await signIn(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: 'nobody@autobest.test', password: 'not the password' } });
    expect(refused.statusCode).toBe(401);
    const invited = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: { cookie }, payload: { name: 'Ngozi Eze', email: 'ngozi@autobest.test', role: 'sales' } });
    expect(invited.statusCode, invited.body).toBe(201);
    const types = ['StaffSignedIn', 'StaffSignInFailed', 'StaffAccountCreated', 'StaffPasswordLinkIssued', 'StaffMfaReset'];
    // The first admin's account, made before the workers started, comes first.
    await vi.waitFor(async () => expect(await projected(types)).toEqual(['StaffAccountCreated', ...types.slice(0, 4)]), { timeout: 10_000, interval: 50 });

    // Two-factor sign-in as enrolment leaves it (made directly: this is about the reset's event, not the enrolment).
    const { id } = invited.json<{ id: string }>();
    await t.testDb.db.updateTable('staff_users').set({ two_factor_secret: 'sealed secret', two_factor_enabled_at: new Date() }).where('id', '=', id).execute();
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/two-factor/reset`, headers: { cookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    await vi.waitFor(async () => expect(await projected(types)).toEqual(['StaffAccountCreated', ...types]), { timeout: 10_000, interval: 50 });
  });
});
