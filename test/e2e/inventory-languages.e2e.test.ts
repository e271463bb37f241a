import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SHIPPED_CATALOGUE_SIZE } from '../../infra/src/seed/seedCatalogue';
import { startStack, type TestStack } from '../support/stack';

describe('the inventory in French, Arabic and Swahili', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_inventory_languages', { env: { ADMIN_PASSWORD: 'a long and secret password' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A visitor who chose `language` (and naira) on an earlier visit. */
  async function visitorIn(language: string): Promise<Page> {
    const context = await stack.browser.newContext();
    await context.addInitScript((chosen) => {
      localStorage.setItem('user_language', chosen);
      localStorage.setItem('user_currency', 'NGN');
    }, language);
    return context.newPage();
  }

  it('French: heading, tabs, card text and prices the French way', async () => {
    const page = await visitorIn('fr');
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { level: 1, name: 'Rechercher dans le stock' }).waitFor();
    await page.getByText(`${SHIPPED_CATALOGUE_SIZE} véhicules`).waitFor();
    for (const tab of ['Berlines et monospaces', 'Pick-up et utilitaires', 'Crossovers et SUV', 'Électrifiés']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('button', { name: 'Rechercher', exact: true }).waitFor();
    await page.getByText("Les images ne représentent pas les véhicules réels et sont fournies à titre indicatif.").waitFor();

    const firstCard = page.locator('.vehicle-card').first();
    expect(await firstCard.locator('.card-msrp').innerText()).toBe('Prix de base conseillé*');
    // French grouping (narrow no-break spaces) and the currency code after the amount.
    expect(await firstCard.locator('.card-price').innerText()).toMatch(/^\d{1,3}(\u202f\d{3})+(,\d{1,2})?\u00a0NGN$/);

    await page.getByRole('tab', { name: 'Pick-up et utilitaires' }).click();
    await page.waitForURL(/tab=trucks/);
    await page.getByText(/^\d+ véhicules$/).waitFor();

    await page.goto(`${stack.api.url}/all-inventory`);
    await page.getByRole('heading', { level: 1, name: 'Tout le stock' }).waitFor();
    await page.getByRole('tab', { name: /^Berlines \(\d+\)$/ }).waitFor();
    await page.getByRole('link', { name: 'Voir le détail' }).first().waitFor();
  }, 60_000);

  it('Arabic: heading, and the vehicle page laid out right to left with mirrored gallery arrows and translated API errors', async () => {
    const page = await visitorIn('ar');
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { level: 1, name: 'البحث في المخزون' }).waitFor();
    await page.getByRole('tab', { name: 'كهربائية وهجينة' }).waitFor();

    const { items } = (await (await fetch(`${stack.api.url}/api/vehicles?pageSize=1`)).json()) as { items: Array<{ id: string; year: number; name: string }> };
    const vehicle = items[0]!;
    await page.goto(`${stack.api.url}/vehicle/${encodeURIComponent(vehicle.id)}`);
    await page.getByRole('heading', { level: 1, name: `${vehicle.year} ${vehicle.name}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'الفحص والتسليم' }).waitFor();
    await page.getByRole('link', { name: 'تحدّث مع فريق المبيعات' }).waitFor();

    // Right to left, 'previous' sits on the right and 'next' on the left.
    const previous = await page.getByRole('button', { name: 'الصورة السابقة' }).boundingBox();
    const next = await page.getByRole('button', { name: 'الصورة التالية' }).boundingBox();
    expect(previous!.x).toBeGreaterThan(next!.x);
    expect(await page.locator('.gallery-prev span').evaluate((glyph) => getComputedStyle(glyph).transform)).not.toBe('none');

    // The API's English validation messages reach the visitor in Arabic.
    await page.getByRole('button', { name: /^احجز الآن مقابل/ }).click();
    await page.getByText('الاسم مطلوب').waitFor();
    await page.getByText('رقم الهاتف مطلوب').waitFor();
  }, 60_000);

  it('Swahili: the inventory and electric vehicles headings', async () => {
    const page = await visitorIn('sw');
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { level: 1, name: 'Tafuta Magari Yaliyopo' }).waitFor();
    await page.getByRole('tab', { name: 'Malori na Pick-up' }).waitFor();
    expect(await page.locator('.vehicle-card .card-msrp').first().innerText()).toBe('Bei elekezi kuanzia*');

    await page.goto(`${stack.api.url}/electric-cars`);
    await page.getByRole('heading', { level: 1, name: 'Magari ya Umeme' }).waitFor();
    await page.getByText('Hadi km 800 kwa chaji moja', { exact: true }).waitFor();
    await page.getByText(/^Magari ya umeme \d+$/).waitFor();
  }, 60_000);
});
