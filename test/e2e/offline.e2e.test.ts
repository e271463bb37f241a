import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';

const VEHICLE = '/vehicle/featured-toyota-venza-2024';

/** Waits until the storefront's service worker serves `page` (it registers once the page has loaded). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

describe('the storefront offline (issue 42, point 2)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_offline', { env: { ADMIN_PASSWORD: 'a long and secret password' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    return { context, page: await context.newPage() };
  }

  it('pages a visitor opened open again with no connection, marked with when they were saved; the console does not', async () => {
    const { context, page } = await visitor();
    await page.goto(`${stack.api.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await controlledByServiceWorker(page);
    // Opened from the home page, as a visitor does: the vehicle's data and photos come through the worker.
    await page.goto(`${stack.api.url}${VEHICLE}`);
    await page.getByRole('heading', { name: /Toyota Venza/ }).first().waitFor();
    // Online, nothing says it was saved.
    expect(await page.getByRole('status').filter({ hasText: 'you are offline' }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /Toyota Venza/ }).first().waitFor();
    const note = page.getByRole('status').filter({ hasText: /^Saved .+ — you are offline$/ });
    await note.waitFor();
    expect(Date.parse((await note.getAttribute('data-saved-at')) ?? '')).toBeLessThanOrEqual(Date.now());

    await page.goto(`${stack.api.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await note.waitFor();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/api/rates', '/api/vehicles/featured-toyota-venza-2024']));
    expect(cached.filter((path) => /^\/(?:admin|api\/admin)|status/.test(path))).toEqual([]);

    // The staff console is never kept: offline it is the browser's own error, not a page from the cache.
    const admin = await (await context.newPage()).goto(`${stack.api.url}/admin`).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(admin).toMatch(/ERR_INTERNET_DISCONNECTED/);
    await context.close();
  });
});
