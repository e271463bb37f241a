import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type TestStack } from '../support/stack';
import { signInToConsole } from '../support/console';

const STAFF_EMAIL = 'qa@autobest.test';
const STAFF_PASSWORD = 'a long and secret password';

describe('the QA testing dashboard', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // No mail server and no rates service configured: those two checks must say so as warnings.
    stack = await startStack('e2e_qa_dashboard', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const analyticsCount = async () => Number((await stack.testDb.db.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);

  it('runs the server and storefront checks one by one, scores them, and leaves visitor analytics alone', async () => {
    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'QA checks' }).click();
    await staff.getByRole('heading', { level: 1, name: 'QA Testing Dashboard' }).waitFor();

    // Each check goes pending -> running -> its result; the progress line counts them.
    await staff.locator('[data-state="loading"]').first().waitFor();
    const progress = staff.getByText(/^\d+ of \d+ checks done/);
    await staff.getByText(/checks done · finished at/).waitFor({ timeout: 120_000 });
    const [, done, total] = /^(\d+) of (\d+)/.exec((await progress.textContent()) ?? '')!;
    expect(done).toBe(total);
    expect(Number(total)).toBeGreaterThan(30);
    await expect(staff.locator('[data-state="pending"], [data-state="loading"]').count()).resolves.toBe(0);

    const stateOf = (id: string) => staff.locator(`[data-check="${id}"]`).getAttribute('data-state');
    const detailOf = (id: string) => staff.locator(`[data-check="${id}"] td`).nth(2).textContent();
    for (const id of ['postgres', 'redis', 'migrations', 'workers', 'catalogue', 'featured', 'home-load', 'home-navigation', 'route:/inventory', 'route:/about', 'route:/vehicle/{id}', 'route:/vehicles/{id}', 'links-without-pages', 'not-found']) {
      expect(`${id}: ${await stateOf(id)} (${await detailOf(id)})`).toBe(`${id}: pass (${await detailOf(id)})`);
    }
    expect(await detailOf('route:/inventory')).toContain("'Search Inventory' with vehicle cards");
    expect(await detailOf('home-navigation')).toMatch(/^5 links: Home, Inventory/);
    // What is not set up here is a warning that says what is missing, not a pass.
    expect(await stateOf('email')).toBe('warning');
    expect(await stateOf('rates')).toBe('warning');

    // Score: passes count whole, warnings half.
    const states = await staff.locator('[data-check]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')));
    const passed = states.filter((state) => state === 'pass').length;
    const warnings = states.filter((state) => state === 'warning').length;
    await expect(staff.getByTestId('qa-score').textContent()).resolves.toBe(`${Math.round(((passed + warnings / 2) / states.length) * 100)}%`);
    await expect(staff.getByTestId('qa-passed').textContent()).resolves.toBe(String(passed));

    // A single check runs again on its own.
    await staff.getByRole('button', { name: "Run 'About' again" }).click();
    await vi.waitFor(async () => expect(await stateOf('route:/about')).toBe('pass'), { timeout: 20_000, interval: 100 });

    // The frame's visits recorded no analytics, while a visitor's do.
    await staff.goto(`${stack.api.url}/admin`);
    expect(await analyticsCount()).toBe(0);
    const visitor = await (await stack.browser.newContext()).newPage();
    await visitor.goto(`${stack.api.url}/about`);
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    await visitor.goto(`${stack.api.url}/contact`);
    await vi.waitFor(async () => expect(await analyticsCount()).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    // The run alone may take the two minutes it is given above.
  }, 180_000);
});
