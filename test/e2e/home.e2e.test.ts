import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';

// textContent: during the 1000 ms cross-fade the new slide is still fading in.
const currentSlide = async (page: Page) => (await page.locator('.hero-slide-current .hero-title').textContent())?.replace(/\s+/g, ' ').trim();

describe('home page', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_home', { env: { ADMIN_PASSWORD: 'a long and secret password' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('shows the featured cars with converted prices; arrows wrap, Space pauses; menu and chat dialogs work', async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/`);
    expect(await currentSlide(page)).toBe('Chery Omoda 5');
    await vi.waitFor(async () => expect(await page.locator('.hero-slide-current .hero-price-amount').textContent()).toBe('₦42,850,000'), { timeout: 10_000 });

    // Keys belong to the page, not to a focused control.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    expect(await currentSlide(page)).toBe('Toyota Venza');
    await page.keyboard.press('ArrowRight');
    expect(await currentSlide(page)).toBe('Toyota BZ4X 430 Air');
    await page.keyboard.press('ArrowRight');
    expect(await currentSlide(page)).toBe('Chery Omoda 5');
    await page.keyboard.press('ArrowLeft');
    expect(await currentSlide(page)).toBe('Toyota BZ4X 430 Air');
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Start rotation' }).waitFor();
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Pause rotation' }).waitFor();

    // The visitor's currency converts the hero's naira price.
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('ZAR');
    await vi.waitFor(async () => expect(await page.locator('.hero-slide-current .hero-price-amount').textContent()).toMatch(/^R\s?\d/), { timeout: 5_000 });

    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Explore AutoBest' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Brands', 'On Sale', 'Services', 'News & Reviews', 'AI Car Buyer Companion', 'About Us']));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Pricing Information Sources' }).first().click();
    await page.getByRole('dialog', { name: 'Pricing Information Sources' }).getByText('Prices are converted with reference exchange rates: our fallback rates.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Chat with Tara' }).click();
    const chat = page.getByRole('dialog', { name: 'Meet Tara, your car-buying assistant' });
    await chat.getByText(/verify prices, specifications and availability/).waitFor();
    // 'Start Conversation' goes to the Car Buyer Companion page (spec 000), where Tara's chat opens.
    await chat.getByRole('link', { name: 'Start Conversation' }).click();
    await page.getByRole('dialog', { name: 'Tara, your car-buying assistant', exact: true }).getByRole('textbox', { name: 'Message to Tara' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/car-buyer-companion');
    await context.close();
  });

  it('on a phone, a first visit that stays on the first screen reads no premium vehicles or news; scrolling down does', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/vehicles' || pathname === '/api/news') reads.push(pathname);
    });
    await page.goto(`${stack.api.url}/`);
    const premium = page.getByRole('region', { name: 'Premium Vehicles' });
    await premium.getByText('Loading vehicles...').waitFor();
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);

    await page.evaluate(() => window.scrollBy(0, 600));
    await premium.getByText(/^\d+ matching vehicles?$/).waitFor();
    await page.getByRole('region', { name: 'Latest News & Reviews' }).getByRole('link', { name: 'View All News & Reviews' }).waitFor();
    expect(new Set(reads)).toEqual(new Set(['/api/vehicles', '/api/news']));
    await context.close();
  }, 60_000);

  /** The home page in naira, scrolled to Premium Vehicles: below the fold, its cars load once the visitor scrolls there. */
  async function openPremiumVehicles() {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/`);
    const premium = page.getByRole('region', { name: 'Premium Vehicles' });
    await premium.scrollIntoViewIfNeeded();
    return { context, page, premium };
  }

  it('Premium Vehicles filters change the cards and Find My Car carries them to the inventory', async () => {
    const { context, page, premium } = await openPremiumVehicles();
    await premium.getByText(/^\d+ matching vehicles?$/).waitFor();
    const before = await premium.getByText(/^\d+ matching vehicles?$/).innerText();

    await premium.getByLabel('Make').selectOption('Toyota');
    await premium.getByLabel('Model').selectOption({ label: 'Venza' });
    await vi.waitFor(async () => {
      const names = await premium.locator('.premium-grid[aria-busy="false"] h3').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.includes('Toyota Venza'))).toBe(true);
    }, { timeout: 10_000 });
    expect(await premium.getByText(/^\d+ matching vehicles?$/).innerText()).not.toBe(before);

    await premium.getByLabel('New/used').selectOption('new');
    await premium.getByRole('button', { name: 'Find My Car' }).click();
    await page.waitForURL(/\/inventory\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ condition: 'new', make: 'Toyota', model: 'Venza' });
    await page.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    await vi.waitFor(async () => {
      const names = await page.locator('.vehicle-grid[aria-busy="false"] h3').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.includes('Toyota Venza'))).toBe(true);
    }, { timeout: 10_000 });
    await context.close();
  });

  it("every make and model the filter offers finds a car; a car on this month's deals shows its sale price, the listed one and the saving", async () => {
    const { context, premium } = await openPremiumVehicles();
    const cardNames = async () => {
      let names: string[] = [];
      await vi.waitFor(async () => {
        names = await premium.locator('.premium-grid[aria-busy="false"] h3').allInnerTexts();
        expect(names.length).toBeGreaterThan(0);
      }, { timeout: 10_000 });
      return names;
    };
    for (const [make, model, name] of [['Xpeng', null, 'Xpeng'], ['BYD', 'Seal U', 'BYD Seal U'], ['Toyota', 'bZ4X', 'Toyota BZ4X'], ['Chery', 'Omoda 5', 'Chery Omoda 5']] as const) {
      await premium.getByLabel('Make').selectOption(make);
      await premium.getByLabel('Model').selectOption(model ? { label: model } : '');
      await vi.waitFor(async () => expect((await cardNames()).every((shown) => shown.includes(name))).toBe(true), { timeout: 10_000 });
    }
    const omoda = premium.locator('.premium-card', { hasText: '2024 Chery Omoda 5' });
    await omoda.getByText('₦39,422,000').waitFor();
    await omoda.getByText('Save 8%').waitFor();
    await omoda.getByText('Was ₦42,850,000').waitFor();
    await context.close();
  });

  it('a category chip opens a real search', async () => {
    const page = await stack.browser.newPage();
    await page.goto(`${stack.api.url}/`);
    await page.getByRole('link', { name: 'Pickup Truck' }).click();
    await page.waitForURL(/\/inventory\?tab=trucks$/);
    await page.getByRole('tab', { name: 'Trucks', selected: true }).waitFor();
    await page.close();
  });
});
