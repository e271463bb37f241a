import type { Browser, Page } from 'playwright-core';

/** The first admin a browser test starts its stack with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const STAFF_EMAIL = 'desk@autobest.test';
export const STAFF_PASSWORD = 'a long and secret password';

/**
 * Signs a staff member in to the console in a fresh browser context and waits for the menu (`menuItem`: one their role
 * sees). If the sign-in answer was an error, the test fails with it; if the page simply did not move on, it tries once more.
 */
export async function signInToConsole(browser: Browser, baseUrl: string, email: string, password: string, menuItem = 'Contact messages'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/admin`);
  await settledOnSignIn(page);
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/session') && response.request().method() === 'POST', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    if (response.status() !== 200) throw new Error(`Sign-in answered ${response.status()}: ${await response.text()}`);
    try {
      await page.getByRole('menuitem', { name: menuItem }).waitFor({ timeout: 15_000 });
      return page;
    } catch (error) {
      if (attempt >= 2) throw error;
      await page.goto(`${baseUrl}/admin`);
      if (await page.getByRole('menuitem', { name: menuItem }).isVisible()) return page;
      await settledOnSignIn(page);
    }
  }
}

/**
 * Waits until the console has finished sending a signed-out visitor to its sign-in page (session check, the
 * redirect and its re-render), so that what the test types is not typed into a form about to be replaced.
 */
export async function settledOnSignIn(page: Page): Promise<void> {
  await page.waitForURL(/\/admin\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).waitFor();
  // A quiet network says the redirect has re-rendered. Bounded all the same: signInToConsole tries again if the form was
  // replaced under it, and console-sign-in.e2e proves the page does go quiet.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}
