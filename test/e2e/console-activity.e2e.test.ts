import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@autobest/api';
import { startStack, type TestStack } from '../support/stack';
import { signInToConsole } from '../support/console';

const ADMIN_EMAIL = 'boss@autobest.test';
const ADMIN_PASSWORD = 'the boss has a long password';
const SALES_PASSWORD = 'amina has a long password too';

describe('the activity trail in the console', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_console_activity', { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    await stack.testDb.db
      .insertInto('staff_users')
      .values({ id: crypto.randomUUID(), email: 'amina@autobest.test', display_name: 'Amina Sales', password_hash: await hashPassword(SALES_PASSWORD), role: 'sales', disabled_at: null })
      .execute();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('an admin lists what everyone did and narrows it to one person; others have no Activity', async () => {
    const sales = await signInToConsole(stack.browser, stack.api.url, 'amina@autobest.test', SALES_PASSWORD);
    expect(await sales.getByRole('menuitem', { name: 'Activity' }).count()).toBe(0);

    const admin = await signInToConsole(stack.browser, stack.api.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The workers project both sign-ins a moment after they happen.
    const signIns = () => stack.testDb.db.selectFrom('staff_activity').select('id').where('action', '=', 'StaffSignedIn').execute();
    await expect.poll(async () => (await signIns()).length, { timeout: 20_000 }).toBe(2);
    await admin.getByRole('menuitem', { name: 'Activity' }).click();
    const rows = admin.locator('tbody tr');
    // Both sign-ins, each under the person's name.
    await expect.poll(async () => (await rows.allInnerTexts()).filter((text) => /\tSigned in\t/.test(text)).map((text) => text.split('\t')[1]!.split('\n')[0]).sort()).toEqual([
      'Administrator',
      'Amina Sales',
    ]);
    expect(await admin.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);

    await admin.getByRole('combobox', { name: 'Person' }).fill('Amina');
    await admin.getByRole('option', { name: 'Amina Sales' }).click();
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('Amina Sales')), { timeout: 10_000 }).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    expect((await rows.allInnerTexts()).join('\n')).not.toContain('Administrator');

    // Nothing matches: the empty state says so.
    await admin.getByPlaceholder('Search person, action, summary').fill('no such activity anywhere');
    await admin.getByText('No activity matches these filters').waitFor();
  }, 90_000);
});
