import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';
import { settledOnSignIn, signInToConsole } from '../support/console';

const ADMIN_EMAIL = 'chief@autobest.test';
const ADMIN_PASSWORD = 'the chief has a long password';

/** What the authenticator app on the admin's phone shows, `stepsAhead` periods from now (each step is accepted once). */
const appCode = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1', timestamp: Date.now() + stepsAhead * 30_000 });

describe('two-factor sign-in in the console', () => {
  let stack: TestStack;
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The admin's console, signed in with a recovery code (sign-in is limited to 10 attempts per address in 15 minutes). */
  let adminPage: Page;

  beforeAll(async () => {
    stack = await startStack('e2e_console_two_factor', { env: { ADMIN_EMAIL, ADMIN_PASSWORD, STAFF_MFA_REQUIRED_FOR: 'admin' }, workers: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** The first step of the sign-in form, in a new browser; answers the status of the API's answer. */
  async function signInWithPassword(): Promise<{ page: Page; status: number }> {
    const page = await (await stack.browser.newContext()).newPage();
    await page.goto(`${stack.api.url}/admin`);
    await settledOnSignIn(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN_PASSWORD);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return { page, status: (await answer).status() };
  }

  it('an admin who has not set it up is taken to the setup, scans the QR code, keeps the recovery codes, and then uses the console', async () => {
    const { page, status } = await signInWithPassword();
    expect(status).toBe(200);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in to continue' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg').waitFor();
    secret = ((await page.getByLabel('Key to type by hand').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const codeBox = page.getByRole('textbox', { name: 'Code from your authenticator app' });
    await codeBox.fill('000000');
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByText('That code is not right, or was used already').waitFor();
    await codeBox.fill(appCode(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .txt' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('autobest-recovery-codes.txt');
    const text = await readFile((await saved.path())!, 'utf8');
    for (const code of recoveryCodes) expect(text).toContain(code);

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in to continue' }).waitFor({ state: 'detached' });
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.getByRole('cell', { name: ADMIN_EMAIL }).waitFor();
    await expect(page.getByRole('row', { name: new RegExp(ADMIN_EMAIL) }).getByText('On', { exact: true }).isVisible()).resolves.toBe(true);
  });

  it('signing in then asks for the code from the app: a wrong one is refused, the right one signs in', async () => {
    const { page, status } = await signInWithPassword();
    expect(status).toBe(401);
    const codeBox = page.getByRole('textbox', { name: 'Authentication code' });
    await codeBox.waitFor();
    expect(await codeBox.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeBox.getAttribute('inputmode')).toBe('numeric');
    await expect(codeBox.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await codeBox.fill('000000');
    await page.keyboard.press('Enter');
    await page.getByText('That code is not right, or was used already').waitFor();
    // The enrolment used this period's code: the app's next one (within the accepted window) signs in.
    await codeBox.fill(appCode(secret, 1));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Contact messages' }).waitFor();
  });

  it('a recovery code signs in once, from "Use a recovery code"', async () => {
    const { page } = await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('menuitem', { name: 'Contact messages' }).waitFor();
    adminPage = page;

    const again = await signInWithPassword();
    await again.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
    await again.page.getByRole('button', { name: 'Verify' }).click();
    await again.page.getByText('That code is not right, or was used already').waitFor();
  });

  it('a sales person sets it up under My account; an admin resets it from the Staff page, which signs them out', async () => {
    const adminHash = (await stack.testDb.db.selectFrom('staff_users').select('password_hash').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).password_hash;
    await stack.testDb.db
      .insertInto('staff_users')
      .values({ id: crypto.randomUUID(), email: 'kofi@autobest.test', display_name: 'Kofi Sales', password_hash: adminHash, role: 'sales', disabled_at: null })
      .execute();
    const sales = await signInToConsole(stack.browser, stack.api.url, 'kofi@autobest.test', ADMIN_PASSWORD);
    await sales.getByRole('button', { name: 'Profile' }).click();
    await sales.getByRole('menuitem', { name: 'My account' }).click();
    await sales.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await sales.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const salesSecret = ((await sales.getByLabel('Key to type by hand').textContent()) ?? '').replace(/\s/g, '');
    await sales.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(appCode(salesSecret));
    await sales.getByRole('button', { name: 'Confirm and turn on' }).click();
    await sales.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await sales.getByRole('button', { name: 'I have saved them' }).click();
    await sales.getByText('Two-factor sign-in is on. 10 of 10 recovery codes left.').waitFor();
    // Not required of sales: it can be turned off here.
    await sales.getByRole('form', { name: 'Turn off two-factor sign-in' }).waitFor();

    const admin = adminPage;
    await admin.getByRole('menuitem', { name: 'Staff' }).click();
    await admin.getByRole('cell', { name: 'kofi@autobest.test' }).click();
    await admin.getByRole('button', { name: 'Reset two-factor' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Reset two-factor sign-in for Kofi Sales?').waitFor();
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await admin.getByText('Two-factor sign-in is off for kofi@autobest.test; every session of theirs has ended').waitFor();
    await admin.getByRole('button', { name: 'Reset two-factor' }).waitFor({ state: 'detached' });

    // The sales person's session ended: their next step takes them to sign in, where the password alone is enough again.
    await sales.reload();
    await settledOnSignIn(sales);
  });
});
