import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type TestStack } from '../support/stack';

/** What a visit records: the spec's named events, each accepted by the API, none counted twice. */
describe('analytics of a visit', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_analytics', { seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('records the deal enquiry, the way back home and to Buy Cars, the electric vehicle click and one view per vehicle opened', async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const visitor = await context.newPage();

    await visitor.goto(`${stack.api.url}/on-sale`);
    await visitor.locator('.deal-card', { hasText: '2024 Chery Omoda 5' }).getByRole('button', { name: 'Get This Deal' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Get this deal: 2024 Chery Omoda 5' });
    await dialog.getByLabel('Full name').fill('Chidi Okeke');
    await dialog.getByLabel('Phone number').fill('+234 803 555 0199');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText(/Thank you! We received your enquiry/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await visitor.getByRole('link', { name: '← Back to Home' }).click();
    await visitor.getByRole('heading', { level: 1, name: /AutoBest Africa/ }).waitFor();

    await visitor.goto(`${stack.api.url}/electric-cars`);
    const card = visitor.locator('.vehicle-card').first();
    const vehicleName = (await card.getByRole('heading', { level: 3 }).textContent())!;
    await card.getByRole('link').first().click();
    await visitor.getByRole('heading', { level: 1, name: vehicleName }).waitFor();
    const vehicleId = decodeURIComponent(new URL(visitor.url()).pathname.split('/').pop()!);
    // Another currency reloads the price, not the view.
    // Listen before choosing: the answer can come back before selectOption returns.
    const repriced = visitor.waitForResponse((response) => response.url().includes(`/api/vehicles/`) && response.url().includes('currency=KES'));
    await visitor.getByRole('combobox', { name: 'Currency' }).selectOption('KES');
    await repriced;
    await visitor.goto(`${stack.api.url}/electric-cars`);
    await visitor.getByRole('link', { name: '← Back to Buy Cars' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Search Inventory' }).waitFor();
    // A path longer than the API takes in a property: its page view is recorded cut to 200 characters, not refused.
    const longPath = `/no-such-page-${'x'.repeat(300)}`;
    await visitor.goto(`${stack.api.url}${longPath}`);
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    // Leaving the site sends what is queued (the page stays open meanwhile: closing the browser context at once can
    // drop the beacon when the machine is busy).
    await visitor.goto('about:blank');

    const rows = async () => stack.testDb.db.selectFrom('analytics_events').select(['event', 'properties']).execute();
    const clippedPage = { page: longPath.slice(0, 200) };
    await vi.waitFor(async () => expect((await rows()).map((row) => row.properties)).toContainEqual(clippedPage), { timeout: 15_000, interval: 100 });
    const events = await rows();
    const props = (name: string) => events.filter((row) => row.event === name).map((row) => row.properties as Record<string, unknown>);
    expect(props('user_interaction')).toContainEqual(expect.objectContaining({ action: 'deal_enquiry', kind: 'deal' }));
    expect(props('navigation_back_to_home')).toContainEqual({ from: '/on-sale' });
    expect(props('navigation_back_to_buy_cars')).toContainEqual({ from: '/electric-cars' });
    expect(props('electric_vehicle_click')).toEqual([{ vehicleId, vehicleName }]);
    expect(props('inventory_vehicle_view')).toEqual([{ vehicleId }]);
    expect(props('page_view').length).toBeGreaterThanOrEqual(5);
    expect(props('page_view')).toContainEqual(clippedPage);
    await context.close();
  }, 90_000);
});
