import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApi, type RunningApi } from '@autobest/api';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { startWorkers, type RunningWorkers } from '@autobest/workers';
import { createTestQueues, type TestQueues } from '@autobest/workers/testing';
import { launchChromium } from '../support/chromium';
import { seedCatalogue } from '../../infra/src/seed/seedCatalogue';

/** The visitor's currency: from their country behind our proxy, remembered once chosen, NGN when unknown. */
describe('visitor currency', () => {
  let testDb: TestDatabase;
  let queues: TestQueues;
  let workers: RunningWorkers;
  let api: RunningApi;
  let browser: Browser;

  beforeAll(async () => {
    testDb = await createTestDatabase('e2e_currency');
    queues = createTestQueues('e2e_currency');
    // Behind a trusted proxy that tells the visitor's country (Cloudflare's CF-IPCountry or X-Country-Code).
    const config = loadRuntimeConfig({ DATABASE_URL: testDb.url, REDIS_URL: queues.redisUrl, QUEUE_PREFIX: queues.prefix, PORT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
    await seedCatalogue(testDb.db);
    workers = await startWorkers(config, { migrate: false });
    api = await startApi(config, { migrate: false, logger: false });
    await vi.waitFor(async () => expect((await testDb.db.selectFrom('vehicles').select('id').execute()).length).toBe(160), { timeout: 15_000, interval: 100 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await workers?.close();
    await testDb?.drop();
    await queues?.drop();
  });

  it('a visitor from Kenya sees shillings; a chosen currency is remembered over the country', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'KE' }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${api.url}/inventory`);
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

  it('when the location cannot be told, naira and the spec message', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'ZA' } });
    const page = await context.newPage();
    await page.route('**/api/geo', (route) => route.abort('failed'));
    await page.goto(`${api.url}/inventory`);
    await page.getByText('Unable to detect location. Using default currency.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('NGN');
    await vi.waitFor(async () => expect(await page.locator('.vehicle-grid[aria-busy="false"] .card-price').first().innerText()).toContain('₦'), { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('user_currency'))).toBeNull();
    await context.close();
  });

  it('a country we do not serve falls back to naira, with the message in the browser language', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Country-Code': 'FR' }, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${api.url}/inventory`);
    await page.getByText('Impossible de détecter votre position. Devise par défaut utilisée.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Devise' }).inputValue()).toBe('NGN');
    await context.close();
  });
});
