import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { convert, FALLBACK_RATES, fromMajor, toMajor } from '@autobest/domain/money';
import { startStack, type TestStack } from '../support/stack';

/** The visitor's currency: from their country behind our proxy, remembered once chosen, NGN when unknown. */
describe('visitor currency', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // Behind a trusted proxy that tells the visitor's country (Cloudflare's CF-IPCountry or X-Country-Code).
    stack = await startStack('e2e_currency', { env: { TRUST_PROXY: '1' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('a visitor from Kenya sees shillings; a chosen currency is remembered over the country', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'KE' }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/inventory`);
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await vi.waitFor(async () => expect(await currency.inputValue()).toBe('KES'), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toMatch(/Ksh|KES/), { timeout: 10_000 });

    await currency.selectOption('GHS');
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toMatch(/GH₵|GHS/), { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('user_currency'))).toBe('GHS');

    await page.reload();
    await page.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    expect(await currency.inputValue()).toBe('GHS');
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toMatch(/GH₵|GHS/), { timeout: 10_000 });
    await context.close();
  });

  it('a visitor from Nairobi with an en-US browser and no country header gets shillings by address, without the location message', async () => {
    // The proxy forwards the client address (TRUST_PROXY=1); the offline country database places it in Kenya.
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '41.90.64.1' }, locale: 'en-US' });
    const page = await context.newPage();
    const geo = page.waitForResponse('**/api/geo');
    await page.goto(`${stack.api.url}/inventory`);
    expect(await (await geo).json()).toEqual({ country: 'KE', currency: 'KES', source: 'address' });
    await vi.waitFor(async () => expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('KES'), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toMatch(/Ksh|KES/), { timeout: 10_000 });
    expect(await page.getByText('Unable to detect location. Using default currency.').count()).toBe(0);
    await context.close();
  });

  it('when the location cannot be told, naira and the spec message', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'ZA' } });
    const page = await context.newPage();
    await page.route('**/api/geo', (route) => route.abort('failed'));
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByText('Unable to detect location. Using default currency.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('NGN');
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toContain('₦'), { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('user_currency'))).toBeNull();
    await context.close();
  });

  it('a country we do not serve falls back to naira, with the message in the browser language', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'FR' }, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByText('Impossible de détecter votre position. Devise par défaut utilisée.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Devise' }).inputValue()).toBe('NGN');
    await context.close();
  });

  /** The digits of the first hero price (Chery Omoda 5, ₦42,850,000) once it is shown (the carousel keeps still for reduced motion). */
  const heroDigits = async (page: Page) => {
    const price = page.locator('.hero-slide-current .hero-price-amount');
    await price.waitFor({ timeout: 10_000 });
    return ((await price.textContent()) ?? '').replace(/[^\d]/g, '');
  };
  const omodaIn = (currency: 'KES', rates: Record<string, number>) => String(Math.floor(toMajor(convert(fromMajor(42_850_000, 'NGN'), currency, rates as typeof FALLBACK_RATES))));

  it('while rates load the hero shows a placeholder; when they cannot be fetched, prices at the fallback rates and the spec message, which the visitor can dismiss', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'KE' }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/rates', async (route) => {
      await held;
      await route.abort('failed');
    });
    await page.goto(`${stack.api.url}/`);
    await page.locator('.hero-slide-current').getByRole('img', { name: 'Loading price...' }).waitFor();
    await vi.waitFor(async () => expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('KES'), { timeout: 10_000 });
    release();
    const notice = page.getByRole('status').getByText('Failed to fetch exchange rates. Using fallback rates.');
    await notice.waitFor();
    expect(await heroDigits(page)).toMatch(new RegExp(`^${omodaIn('KES', FALLBACK_RATES)}`));
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  it('when our API itself has only the fallback rates, a quiet note about reference rates instead of the error, and nothing with a real snapshot', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'KE' }, reducedMotion: 'reduce' });
    // This API has no rate service configured: it serves the fallback table, the expected state there.
    const fallbackPage = await context.newPage();
    await fallbackPage.goto(`${stack.api.url}/`);
    await fallbackPage.getByRole('status').locator('.site-notice-quiet').getByText('Prices use reference exchange rates.').waitFor();
    expect(await fallbackPage.getByText('Failed to fetch exchange rates. Using fallback rates.').count()).toBe(0);
    // Said once: the next page of the visit does not repeat it.
    await fallbackPage.getByRole('link', { name: 'Inventory', exact: true }).first().click();
    await fallbackPage.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    expect(await fallbackPage.locator('.site-notice').count()).toBe(0);

    const live = { ...FALLBACK_RATES, NGN: 1500, KES: 100 };
    const page = await context.newPage();
    await page.route('**/api/rates', (route) => route.fulfill({ json: { source: 'openexchangerates', timestamp: new Date().toISOString(), rates: live } }));
    await page.goto(`${stack.api.url}/`);
    await vi.waitFor(async () => expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('KES'), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await heroDigits(page)).toMatch(new RegExp(`^${omodaIn('KES', live)}`)), { timeout: 10_000 });
    expect(await page.getByText('Failed to fetch exchange rates. Using fallback rates.').count()).toBe(0);
    expect(await page.getByText('Prices use reference exchange rates.').count()).toBe(0);
    expect(await page.locator('.site-notice').count()).toBe(0);
    await context.close();
  });

  it('a location answer that arrives after the visitor chose a currency does not undo the choice', async () => {
    const context = await stack.browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'KE' } });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/geo', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.api.url}/inventory`);
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await currency.selectOption('GHS');
    const answered = page.waitForResponse('**/api/geo');
    release();
    expect(await (await answered).json()).toMatchObject({ currency: 'KES' });
    // Let the answer be read and applied, had it been.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    expect(await currency.inputValue()).toBe('GHS');
    await context.close();
  });
});
