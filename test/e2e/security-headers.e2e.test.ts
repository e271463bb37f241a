import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';

/** Collects what the watch saw until `seen` is satisfied (the API receives the report a moment after the event). */
async function violationsUntil(stack: TestStack, seen: (violations: string[]) => boolean): Promise<string[]> {
  const all: string[] = [];
  await vi.waitFor(() => {
    all.push(...stack.cspViolations.take());
    expect(seen(all), all.join('\n')).toBe(true);
  }, { timeout: 15_000, interval: 100 });
  return all;
}

describe('the Content-Security-Policy in a real browser', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_security_headers', { seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('blocks an inline script on a storefront page, and the test stack sees it three ways', async () => {
    const page = await stack.browser.newPage();
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      return (window as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    const violations = await violationsUntil(stack, (seen) => ['event in', 'console of', 'report from'].every((way) => seen.some((line) => line.startsWith(way))));
    expect(violations.filter((line) => line.startsWith('report from'))).toEqual([`report from ${stack.api.url}/inventory: script-src-elem blocked inline`]);
    await page.context().close();
  });

  it('lets the console frame the storefront, and no other origin frame either app', async () => {
    const page = await stack.browser.newPage();
    // Another origin's page framing both apps: the browser refuses to show either.
    await page.route('http://elsewhere.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="${stack.api.url}/"></iframe><iframe src="${stack.api.url}/admin"></iframe>` }),
    );
    await page.goto('http://elsewhere.test/');
    await vi.waitFor(() => expect(page.frames().map((frame) => frame.url())).toEqual(['http://elsewhere.test/', 'chrome-error://chromewebdata/', 'chrome-error://chromewebdata/']), {
      timeout: 10_000,
    });

    // The console's own page may frame the storefront (the QA dashboard does); nothing is refused.
    await page.goto(`${stack.api.url}/admin/login`);
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/about';
      document.body.append(frame);
    });
    await page.frameLocator('iframe').getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it("status pages send no Referer and take the token out of the address bar; other pages send their address to the app's own API", async () => {
    const page = await stack.browser.newPage();
    const referrerOf = async (target: Page, urlPart: string, open: () => Promise<unknown>) => {
      const request = target.waitForRequest((candidate) => candidate.url().includes(urlPart));
      await open();
      return (await (await request).allHeaders())['referer'];
    };

    const statusUrl = `${stack.api.url}/sell-car-status/7c0e1a2b-1111-4222-8333-944445555666?token=not-a-real-token`;
    const document = page.waitForResponse(statusUrl);
    expect(await referrerOf(page, '/status?token=', () => page.goto(statusUrl))).toBeUndefined();
    expect((await document).headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { name: 'Request not found' }).waitFor();
    await vi.waitFor(() => expect(page.url()).toBe(`${stack.api.url}/sell-car-status/7c0e1a2b-1111-4222-8333-944445555666`), { timeout: 10_000 });

    expect(await referrerOf(page, '/api/vehicles?', () => page.goto(`${stack.api.url}/inventory`))).toBe(`${stack.api.url}/inventory`);
    await page.context().close();
  });

  it('the OpenAPI page renders under its policy', async () => {
    const page = await stack.browser.newPage();
    await page.goto(`${stack.api.url}/api/docs`);
    await page.getByRole('heading', { name: /AutoBest Africa API/ }).waitFor();
    await page.locator('.opblock').first().waitFor();
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    await page.context().close();
  });
});
