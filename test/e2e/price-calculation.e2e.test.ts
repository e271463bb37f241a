import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type TestStack } from '../support/stack';

describe('the price-calculation list on the vehicle page', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_price_calculation', {
      seed: true,
      beforeStart: (db) => db.insertInto('rate_snapshots').values({ source: 'e2e-rates', rates: JSON.stringify({ NGN: 1500, GHS: 15, KES: 130 }) }).execute(),
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists the Nigerian landed cost, explains a line, changes country, and sends the quote to staff', async () => {
    // In stock in Nairobi: imported to Nigeria or Ghana.
    const vehicleId = 'chery-tiggo-4-pro-luxury-2024';
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/vehicle/${vehicleId}`);
    const calculation = page.getByRole('region', { name: 'What this car costs delivered' });
    await calculation.getByText('Total delivered to Lagos').waitFor();
    const labels = await calculation.locator('.quote-label').allInnerTexts();
    expect(labels).toEqual([
      'Price at the port of origin (FOB)',
      'Ocean freight',
      'Marine insurance · 1.5%',
      'Value at our port (CIF)',
      'Import duty · 35%',
      'Automotive levy · 35%',
      'Surcharge on the duty · 7%',
      'ECOWAS trade levy (ETLS) · 0.5%',
      'Import supervision fee (CISS) · 1%',
      'VAT · 7.5%',
      'Clearing agent',
      'Port and terminal charges',
      'Delivery',
      'Total delivered to Lagos',
    ]);
    await calculation.getByText('Estimate: the final duties and taxes are set by the customs assessment.').waitFor();
    // Its monthly figure says what it finances, beside the finance calculator's on the listed price.
    await calculation.getByText(/^Financing the delivered total: with ₦[\d,.]+ down, about ₦[\d,.]+ a month over 60 months at 3\.9% APR\.$/).waitFor();
    await calculation.getByText(/Converted at 1 USD = 1,500 NGN \(e2e-rates/).waitFor();

    // Every line explains itself on demand.
    await calculation.locator('[data-line="vat"] summary').click();
    await calculation.getByText(/^7\.5% of ₦/).waitFor();
    await calculation.getByText(/The base is Value at our port \(CIF\) \+ Import duty \+ Surcharge on the duty \+ Import supervision fee \(CISS\) \+ ECOWAS trade levy \(ETLS\)\./).waitFor();

    await calculation.getByLabel('Deliver to').selectOption('GH');
    await calculation.getByText('Total delivered to Accra').waitFor();
    await calculation.locator('[data-line="nhil"]').getByText('National Health Insurance Levy · 2.5%').waitFor();
    expect(await calculation.locator('[data-line="ciss"]').count()).toBe(0);

    const form = calculation.getByRole('form', { name: 'Send me this quote' });
    await form.getByLabel('Full name').fill('Kwame Mensah');
    await form.getByLabel('Phone number').fill('+233 24 555 0199');
    await form.getByLabel('Email (optional)').fill('kwame@example.com.gh');
    await form.getByRole('button', { name: 'Send me this quote' }).click();
    await calculation.getByRole('status').getByText('Thank you, Kwame Mensah: your quote is recorded and a sales advisor will contact you on +233 24 555 0199.').waitFor();
    await context.close();

    const recorded = await stack.testDb.db.selectFrom('quotes').select(['country', 'city', 'currency', 'vehicle_id']).where('vehicle_id', '=', vehicleId).executeTakeFirstOrThrow();
    expect(recorded).toEqual({ country: 'GH', city: 'Accra', currency: 'NGN', vehicle_id: vehicleId });

    // The buyer is sent the calculation itself; staff are told with every line.
    await vi.waitFor(
      async () => {
        const sent = await stack.testDb.db.selectFrom('sent_emails').select(['template', 'text']).where('to_address', '=', 'kwame@example.com.gh').executeTakeFirst();
        expect(sent?.text).toContain('Your quote:');
        expect(sent?.text).toMatch(/nhil: National Health Insurance Levy \(NHIL\): ₦[\d,.]+ \(2\.5% of ₦[\d,.]+\)/);
        expect(sent?.text).toContain('This is an estimate: the final duties and taxes are set by the customs assessment.');
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it("shows a car in stock in the buyer's country at its local price, with no import on top of it; reference rates without a made-up date", async () => {
    // In stock in Port Harcourt: for Nigeria its listed price is what it costs, duties and clearing paid.
    const vehicleId = 'chery-tiggo-7-pro-luxury-2025';
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    // The built-in reference rates, as the API answers them when no rate service is set.
    await context.route((url) => /^\/api\/vehicles\/[^/]+\/quote$/.test(url.pathname), async (route) => {
      const answer = (await (await route.fetch()).json()) as { rates: Record<string, unknown> };
      await route.fulfill({ json: { ...answer, rates: { ...answer.rates, source: 'fallback', timestamp: '1970-01-01T00:00:00.000Z' } } });
    });
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/vehicle/${vehicleId}`);
    const calculation = page.getByRole('region', { name: 'What this car costs delivered' });
    const notice = calculation.getByText(/^In stock in Port Harcourt: sells for (₦[\d,.]*\d), import duties, clearing and registration paperwork already paid\.$/);
    await notice.waitFor();
    expect(await calculation.locator('.quote-label').allInnerTexts()).toEqual(['Local price, import duties and clearing paid', 'Total, in stock in Port Harcourt']);
    const price = /sells for (₦[\d,.]*\d)/.exec(await notice.innerText())![1]!;
    expect(await calculation.locator('.quote-amount').allInnerTexts()).toEqual([price, price]);
    await calculation.getByText('Converted at 1 USD = 1,500 NGN (reference rate).').waitFor();
    expect(await calculation.getByText(/1970|fallback/).count()).toBe(0);

    // For Ghana it is an import again.
    await calculation.getByLabel('Deliver to').selectOption('GH');
    await calculation.getByText('Total delivered to Accra').waitFor();
    expect(await calculation.getByText(/^In stock in/).count()).toBe(0);
    await context.close();
  });
});
