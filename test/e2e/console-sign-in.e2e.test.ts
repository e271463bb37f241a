import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';
import { settledOnSignIn, signInToConsole, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';

describe('console sign-in', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // A proxy on this machine is trusted (TRUST_PROXY=1), so the guesses below come from addresses of their own: the
    // browser's sign-ins are not what the limit per address counts here.
    stack = await startStack('e2e_console_sign_in', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD, TRUST_PROXY: '1' }, workers: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Submits the form and waits for the API's answer to it. */
  async function submit(page: Page, password: string, email = STAFF_EMAIL): Promise<number> {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    return (await answer).status();
  }

  it('says when to try again once the account has had too many wrong passwords, even for the right one', async () => {
    const page = await (await stack.browser.newContext()).newPage();
    await page.goto(`${stack.api.url}/admin`);
    await settledOnSignIn(page);

    expect(await submit(page, 'a wrong password')).toBe(401);
    await page.getByText('Invalid email or password').waitFor();
    for (let attempt = 2; attempt <= 5; attempt++) expect(await submit(page, 'a wrong password')).toBe(401);

    expect(await submit(page, STAFF_PASSWORD)).toBe(429);
    await page.getByText('Too many sign-in attempts. Please try again in 15 minutes.').waitFor();
    await expect(page.getByRole('menuitem', { name: 'Contact messages' }).isVisible()).resolves.toBe(false);
  });

  /** Another admin with the same password. */
  async function addAdmin(email: string): Promise<void> {
    await stack.testDb.db.insertInto('staff_users').values({
      id: crypto.randomUUID(),
      email,
      display_name: email,
      password_hash: (await stack.testDb.db.selectFrom('staff_users').select('password_hash').where('email', '=', STAFF_EMAIL).executeTakeFirstOrThrow()).password_hash,
      role: 'admin',
      disabled_at: null,
    }).execute();
  }

  it('signs the admin in from a browser that signed in before, while guesses from elsewhere have used up the account\'s attempts', async () => {
    const email = 'owner@autobest.test';
    await addAdmin(email);
    const page = await signInToConsole(stack.browser, stack.api.url, email, STAFF_PASSWORD);
    // The session ends (it expired, or they signed out); the browser keeps what it was given at sign-in.
    await page.context().clearCookies({ name: 'autobest_session' });

    const guess = async (from: string, password: string) =>
      (await fetch(`${stack.api.url}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email, password }),
      })).status;
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await guess(`203.0.113.${i}`, 'a guess'));
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await guess('203.0.113.7', STAFF_PASSWORD)).toBe(429);

    await page.goto(`${stack.api.url}/admin`);
    await settledOnSignIn(page);
    expect(await submit(page, STAFF_PASSWORD, email)).toBe(200);
    await page.getByRole('menuitem', { name: 'Contact messages' }).waitFor();
    await page.context().close();
  });

  it('signs in from the console page itself: same-origin requests pass the cross-site check', async () => {
    await addAdmin('second@autobest.test');
    const page = await signInToConsole(stack.browser, stack.api.url, 'second@autobest.test', STAFF_PASSWORD);
    await page.getByRole('menuitem', { name: 'Contact messages' }).waitFor();
  });

  it('sends a signed-out visitor to the sign-in page with one session check at a time, each of them finished', async () => {
    const page = await (await stack.browser.newContext()).newPage();
    const checks: Array<{ sent: number; finished?: number }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/session') checks.push({ sent: performance.now() });
    });
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/session') checks.find((check) => check.finished === undefined)!.finished = performance.now();
    });
    await page.goto(`${stack.api.url}/admin`);
    await page.waitForURL(/\/admin\/login$/);
    // Settled: every check answered, and none sent in the half second since the last answer. (Not the page's
    // 'networkidle', which it may have reached before its later checks began.) A check whose answer was left unread
    // stays open in the browser and never settles.
    const settled = () => checks.length > 0 && checks.every((check) => check.finished !== undefined) && performance.now() - Math.max(...checks.map((check) => check.finished!)) > 500;
    await expect.poll(settled, { timeout: 15_000 }).toBe(true);
    expect(checks.length).toBeGreaterThan(0);
    for (const [n, check] of checks.entries()) {
      expect(check.finished, `check ${n + 1} finished`).toBeDefined();
      // Components asking at once share one check.
      if (n > 0) expect(check.sent).toBeGreaterThanOrEqual(checks[n - 1]!.finished!);
    }
    await page.context().close();
  });
});
