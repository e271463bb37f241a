import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHIPPED_CATALOGUE_SIZE } from '../../infra/src/seed/seedCatalogue';
import { startStack, type TestStack } from '../support/stack';
import type { Page } from 'playwright-core';
import { settledOnSignIn, signInToConsole } from '../support/console';

describe('inventory search to vehicle page', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_inventory', { env: { ADMIN_PASSWORD: 'a long and secret password' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('searches, filters by tab and a price in naira, opens a vehicle and sees its own name and price', async () => {
    const page = await stack.browser.newPage();
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    await page.getByText(`${SHIPPED_CATALOGUE_SIZE} vehicles`).waitFor();

    await page.getByRole('tab', { name: 'Crossovers & SUVs' }).click();
    await page.waitForURL(/tab=crossovers-suvs/);
    await page.getByLabel('Min price (NGN)').fill('30800000');
    await page.getByLabel('Max price (NGN)').fill('38500000');
    await page.getByLabel('Max price (NGN)').press('Tab');
    await page.waitForURL(/priceMax=38500000/);
    await page.getByText(/vehicles? between ₦30,800,000 and ₦38,500,000/).waitFor();
    // Earlier results stay on screen until the new ones arrive: wait for the page to settle on the range.
    await vi.waitFor(async () => {
      const prices = (await page.locator('.vehicle-grid[aria-busy="false"] .card-price').allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, '')));
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every((naira) => naira >= 30_800_000 && naira <= 38_500_000)).toBe(true);
    }, { timeout: 10_000 });

    await page.getByRole('searchbox').fill('tiggo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=tiggo/);
    await vi.waitFor(async () => {
      const names = await page.locator('.vehicle-grid[aria-busy="false"] .vehicle-card h3').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((text) => text.includes('Tiggo'))).toBe(true);
    }, { timeout: 10_000 });
    const firstCard = page.locator('.vehicle-card').first();
    const name = (await firstCard.locator('h3').innerText()).trim();
    const price = (await firstCard.locator('.card-price').innerText()).trim();
    expect(name).toMatch(/Chery Tiggo/);
    expect(price).toMatch(/^₦/);

    await firstCard.click();
    await page.waitForURL(/\/vehicle\//);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect((await page.locator('.vehicle-price').innerText()).trim()).toBe(price);

    // A shared search link restores the same filters.
    await page.goBack();
    await page.waitForURL(/tab=crossovers-suvs.*q=tiggo|q=tiggo.*tab=crossovers-suvs/);
    await page.goto(`${stack.api.url}/vehicle/no-such-vehicle`);
    await page.getByText('Oops! Page not found').waitFor();
  }, 90_000);

  it('on a phone, a price typed and Enter pressed searches with it, and a page turned from under the list starts at the top of its results', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByText(`${SHIPPED_CATALOGUE_SIZE} vehicles`).waitFor();
    await page.getByLabel('Min price (NGN)').fill('30800000');
    await page.getByLabel('Min price (NGN)').press('Enter');
    await page.waitForURL(/priceMin=30800000/);
    await page.getByText(/vehicles? between ₦30,800,000 and any price/).waitFor();

    await page.goto(`${stack.api.url}/inventory`);
    await page.getByText('Page 1 of 7').waitFor();
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
    await next.click();
    await page.getByText('Page 2 of 7').waitFor();
    // Focus and the screen are on the new page's results, not on the button at the bottom of the old ones.
    const count = page.getByRole('status').filter({ hasText: `${SHIPPED_CATALOGUE_SIZE} vehicles` });
    await vi.waitFor(async () => {
      const { focused, top } = await count.evaluate((element) => ({ focused: element === document.activeElement, top: element.getBoundingClientRect().top }));
      expect(focused).toBe(true);
      // At the top of the screen (scrolled to it: a fraction of a pixel either way).
      expect(top).toBeGreaterThan(-1);
      expect(top).toBeLessThan(200);
    });
    await page.close();
  });

  it("asks for a first visit's search while the page's code downloads, and asks only once", async () => {
    const page = await stack.browser.newPage();
    const searches: string[] = [];
    // The page's own chunk still on its way when the search is asked for: the two load side by side.
    let searchedBeforeCodeArrived: boolean | undefined;
    let codeArrived = false;
    page.on('request', (request) => {
      if (!/\/api\/vehicles\?/.test(request.url())) return;
      searches.push(new URL(request.url()).search);
      searchedBeforeCodeArrived ??= !codeArrived;
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/InventoryPage-[\w-]+\.js$/.test(request.url())) codeArrived = true;
    });
    await page.goto(`${stack.api.url}/inventory?tab=crossovers-suvs&q=tiggo`);
    await page.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    await page.locator('.vehicle-grid[aria-busy="false"] .vehicle-card').first().waitFor();
    expect(searchedBeforeCodeArrived).toBe(true);
    // The page took the answer asked for early instead of asking again.
    expect(searches).toEqual(['?currency=NGN&pageSize=24&q=tiggo&tab=crossovers-suvs']);
    await page.close();
  }, 60_000);

  it('the Electric and Complete Inventory pages search and filter for real', async () => {
    const page = await stack.browser.newPage();
    await page.goto(`${stack.api.url}/electric-cars`);
    await page.getByText(/\d+ electric vehicles/).waitFor();
    // The spec's promotion: up to 800 km of range.
    expect(await page.locator('.promo-banner').getByText('Up to 800 km of range on a single charge', { exact: true }).count()).toBe(1);
    await page.getByRole('searchbox').fill('seal');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await vi.waitFor(async () => expect(new Set(await page.locator('.vehicle-card h3').allInnerTexts())).toEqual(new Set(['BYD Seal'])), { timeout: 10_000 });
    await page.getByRole('searchbox').fill('hilux');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'No Electric Vehicles Found' }).waitFor();

    await page.goto(`${stack.api.url}/all-inventory`);
    const sedanTab = page.getByRole('tab', { name: /^Sedan \(\d+\)$/ });
    await sedanTab.waitFor();
    const sedans = Number(/\((\d+)\)/.exec(await sedanTab.innerText())![1]);
    await sedanTab.click();
    await page.waitForURL(/collection=sedan/);
    await vi.waitFor(async () => expect(await page.locator('.vehicle-card').count()).toBe(Math.min(sedans, 60)), { timeout: 10_000 });
    expect(sedans).toBeLessThan(SHIPPED_CATALOGUE_SIZE);
  }, 60_000);

  it('staff keep the catalogue: bulk import, QA bulk fix, data collection to publication, photo upload', async () => {
    const staff = await signInToConsole(stack.browser, stack.api.url, 'admin@autobest.local', 'a long and secret password');
    await staff.getByRole('menuitem', { name: 'Inventory Management' }).click();
    await staff.getByText('Total vehicles').waitFor();
    const file = JSON.stringify([
      { id: 'e2e-geely-coolray-2025', name: 'Geely Coolray', price: 21000, images: [{ url: '/vehicles/crossover.svg' }], specifications: [{ name: 'Engine', value: '1.5T' }], category: 'Crossover', brand: 'Geely', model: 'Coolray', year: 2025 },
      { name: 'Broken Car', price: 0 },
    ]);
    await staff.getByLabel('Inventory file').setInputFiles({ name: 'stock.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await staff.getByText(/Successfully loaded 1 vehicles; 1 vehicles failed validation/).waitFor();
    await staff.getByText(/^Broken Car: Vehicle ID is required/).waitFor();
    await vi.waitFor(async () => expect((await fetch(`${stack.api.url}/api/vehicles/e2e-geely-coolray-2025`)).status).toBe(200), { timeout: 10_000 });

    // Inventory QA flags the four spec samples, which carry one image each, and can delist one in bulk.
    await staff.getByRole('menuitem', { name: 'Inventory QA' }).click();
    await staff.getByRole('tab', { name: 'Image QA' }).click();
    await staff.getByLabel('Select sample-byd-seal-2024').check();
    await staff.getByRole('combobox', { name: 'Fix' }).click();
    await staff.getByRole('option', { name: 'Delist' }).click();
    await staff.getByRole('button', { name: 'Bulk Update (1)' }).click();
    await staff.getByText('Updated 1 vehicles').waitFor();
    expect((await fetch(`${stack.api.url}/api/vehicles/sample-byd-seal-2024`)).status).toBe(404);

    // Data collection: a variant's record is collected, verified, and published to the inventory.
    await staff.getByRole('menuitem', { name: 'Data Collection' }).click();
    await staff.getByLabel('Edit byd-han-ev-2025').click();
    const dialog = staff.getByRole('dialog');
    const fill = async (label: string, value: string) => dialog.getByLabel(label, { exact: true }).fill(value);
    await fill('FOB price (USD)', '52000');
    await fill('Price source URL', 'https://www.auto-in-china.com/byd/han');
    await fill('Engine type', 'Dual electric motors');
    await fill('Max torque (Nm)', '680');
    await fill('Transmission', 'Single speed');
    await fill('Fuel type', 'electric');
    for (const [label, value] of [['Length (mm)', '4995'], ['Width (mm)', '1910'], ['Height (mm)', '1495'], ['Wheelbase (mm)', '2920'], ['Curb weight (kg)', '2100']]) await fill(label!, value!);
    for (const view of ['Front', 'Left side', 'Right side', 'Rear', 'Dashboard']) await fill(`${view} image URL`, `https://img.example/han-${view.toLowerCase().replace(' ', '-')}.jpg`);
    await dialog.getByLabel('Data verified').check();
    await dialog.getByLabel('Images verified').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Record saved').waitFor();
    await dialog.getByRole('button', { name: 'Publish to inventory' }).click();
    await staff.getByText('Published to inventory as byd-han-ev-2025').waitFor();
    await vi.waitFor(async () => expect((await (await fetch(`${stack.api.url}/api/vehicles/byd-han-ev-2025`)).json()).price).toEqual({ amount: 52000, currency: 'USD' }), { timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A photo uploaded in the vehicle form joins its images and is served publicly.
    await staff.goto(`${stack.api.url}/admin/vehicles/e2e-geely-coolray-2025`);
    await staff.getByLabel('Vehicle image file').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64') });
    await staff.getByText('Image uploaded').waitFor();
    await staff.getByRole('button', { name: 'Save' }).click();
    await vi.waitFor(async () => {
      const vehicle = (await (await fetch(`${stack.api.url}/api/vehicles/e2e-geely-coolray-2025`)).json()) as { images: Array<{ url: string }> };
      expect(vehicle.images.map((image) => image.url)).toEqual(['/vehicles/crossover.svg', expect.stringMatching(/^\/media\/vehicle-images\//)]);
    }, { timeout: 10_000 });
  }, 60_000);

  /** Each screen: where it is, what shows it has loaded, the action taken once the session has ended, and the request that action makes. */
  const SCREENS: Array<{ screen: string; ready(page: Page): Promise<unknown>; act(page: Page): Promise<unknown>; request: RegExp }> = [
    {
      screen: 'inventory-qa',
      ready: (page) => page.getByLabel('Select sample-byd-atto-3-2024').check(),
      act: (page) => page.getByRole('button', { name: 'Bulk Update (1)' }).click(),
      request: /^\/api\/admin\/inventory-qa\/bulk-update$/,
    },
    {
      screen: 'vehicle-data-collection',
      ready: (page) => page.getByLabel('Edit byd-han-ev-2025').click(),
      act: (page) => page.getByRole('dialog').getByRole('button', { name: 'Save' }).click(),
      request: /^\/api\/admin\/data-collection\/byd-han-ev-2025$/,
    },
    {
      screen: 'analytics',
      ready: async (page) => {
        await page.getByText('Top vehicles viewed').waitFor();
        await page.getByLabel('Loading analytics').waitFor({ state: 'detached' });
      },
      act: async (page) => {
        await page.getByRole('combobox', { name: 'Period' }).click();
        await page.getByRole('option', { name: 'Last 7 days' }).click();
      },
      request: /^\/api\/admin\/analytics\/page-views$/,
    },
    {
      screen: 'inventory-management',
      ready: (page) => page.getByText('Total vehicles').waitFor(),
      act: (page) => page.getByLabel('Inventory file').setInputFiles({ name: 'stock.json', mimeType: 'application/json', buffer: Buffer.from('[]') }),
      request: /^\/api\/admin\/vehicles\/import$/,
    },
    {
      screen: 'vehicles/sample-byd-atto-3-2024',
      ready: (page) => page.getByRole('button', { name: 'Upload image' }).waitFor(),
      act: (page) => page.getByLabel('Vehicle image file').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64') }),
      request: /^\/api\/admin\/vehicle-images$/,
    },
  ];

  it.each(SCREENS)('a session ended on the console screen $screen sends its next action to the sign-in page', async ({ screen, ready, act, request }) => {
    const staff = await signInToConsole(stack.browser, stack.api.url, 'admin@autobest.local', 'a long and secret password');
    await staff.goto(`${stack.api.url}/admin/${screen}`);
    await ready(staff);
    await staff.waitForLoadState('networkidle');
    // Ended behind the page's back, as when it expires or the staff member signs out elsewhere.
    await stack.testDb.db.deleteFrom('staff_sessions').execute();
    const refused = staff.waitForResponse((response) => request.test(new URL(response.url()).pathname));
    await act(staff);
    expect((await refused).status()).toBe(401);
    await settledOnSignIn(staff);
    await staff.context().close();
  }, 60_000);
});
