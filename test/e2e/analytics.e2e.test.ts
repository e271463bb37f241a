import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApi, type RunningApi } from '@autobest/api';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { startWorkers, type RunningWorkers } from '@autobest/workers';
import { createTestQueues, type TestQueues } from '@autobest/workers/testing';
import { launchChromium } from '../support/chromium';
import { seedCatalogue } from '../../infra/src/seed/seedCatalogue';

/** What a visit records: the spec's named events, each accepted by the API, none counted twice. */
describe('analytics of a visit', () => {
  let testDb: TestDatabase;
  let queues: TestQueues;
  let workers: RunningWorkers;
  let api: RunningApi;
  let browser: Browser;

  beforeAll(async () => {
    testDb = await createTestDatabase('e2e_analytics');
    queues = createTestQueues('e2e_analytics');
    const config = loadRuntimeConfig({ DATABASE_URL: testDb.url, REDIS_URL: queues.redisUrl, QUEUE_PREFIX: queues.prefix, PORT: '0', LOG_LEVEL: 'warn' });
    await seedCatalogue(testDb.db);
    workers = await startWorkers(config, { migrate: false });
    api = await startApi(config, { migrate: false, logger: false });
    await vi.waitFor(async () => expect((await testDb.db.selectFrom('vehicles').select('id').execute()).length).toBe(162), { timeout: 15_000, interval: 100 });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await workers?.close();
    await testDb?.drop();
    await queues?.drop();
  });

  it('records the deal enquiry, the way back home and to Buy Cars, the electric vehicle click and one view per vehicle opened', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const visitor = await context.newPage();

    await visitor.goto(`${api.url}/on-sale`);
    await visitor.locator('.deal-card', { hasText: '2024 Chery Omoda 5' }).getByRole('button', { name: 'Get This Deal' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Get this deal: 2024 Chery Omoda 5' });
    await dialog.getByLabel('Full name').fill('Chidi Okeke');
    await dialog.getByLabel('Phone number').fill('+234 803 555 0199');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText(/Thank you! We received your enquiry/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await visitor.getByRole('link', { name: '← Back to Home' }).click();
    await visitor.getByRole('heading', { level: 1, name: /AutoBest Africa/ }).waitFor();

    await visitor.goto(`${api.url}/electric-cars`);
    const card = visitor.locator('.vehicle-card').first();
    const vehicleName = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('link').first().click();
    await visitor.getByRole('heading', { level: 1, name: vehicleName }).waitFor();
    const vehicleId = decodeURIComponent(new URL(visitor.url()).pathname.split('/').pop()!);
    // Another currency reloads the price, not the view.
    await visitor.getByRole('combobox', { name: 'Currency' }).selectOption('KES');
    await visitor.waitForResponse((response) => response.url().includes(`/api/vehicles/`) && response.url().includes('currency=KES'));
    await visitor.goto(`${api.url}/electric-cars`);
    await visitor.getByRole('link', { name: '← Back to Buy Cars' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Search Inventory' }).waitFor();
    // Leaving the site sends what is queued.
    await context.close();

    const rows = async () => testDb.db.selectFrom('analytics_events').select(['event', 'properties']).execute();
    await vi.waitFor(async () => expect((await rows()).some((row) => row.event === 'navigation_back_to_buy_cars')).toBe(true), { timeout: 15_000, interval: 100 });
    const events = await rows();
    const props = (name: string) => events.filter((row) => row.event === name).map((row) => row.properties as Record<string, unknown>);
    expect(props('user_interaction')).toContainEqual(expect.objectContaining({ action: 'deal_enquiry', kind: 'deal' }));
    expect(props('navigation_back_to_home')).toContainEqual({ from: '/on-sale' });
    expect(props('navigation_back_to_buy_cars')).toContainEqual({ from: '/electric-cars' });
    expect(props('electric_vehicle_click')).toEqual([{ vehicleId, vehicleName }]);
    expect(props('inventory_vehicle_view')).toEqual([{ vehicleId }]);
    expect(props('page_view').length).toBeGreaterThanOrEqual(5);
  }, 90_000);
});
