import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postJson, readModelsCaughtUp, startStack, type TestStack } from '../support/stack';
import { signInToConsole, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';

/** What history and notes call the first admin. */
const FIRST_ADMIN_NAME = 'Administrator';

describe('enquiries in the staff console', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_enquiries', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const send = async (enquiry: object) => {
    const response = await postJson(stack, '/api/enquiries', enquiry);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  it('staff find an enquiry by kind, read every field and mark it contacted, then closed', async () => {
    await send({ kind: 'service-booking', fullName: 'Musa Bello', phone: '08035550111', subject: 'Brake service', preferredDate: '2026-12-02' });
    const id = await send({
      kind: 'rental',
      fullName: 'Ifeoma Nwosu',
      phone: '+234 803 555 0177',
      email: 'ifeoma@example.ng',
      subject: 'Toyota Hilux rental',
      details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255000 },
      sourcePath: '/rent-lease',
    });
    await readModelsCaughtUp(stack);

    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Enquiries' }).click();
    await staff.getByText('Brake service').waitFor();
    await staff.getByText('Toyota Hilux rental').waitFor();

    await staff.getByRole('combobox', { name: 'Kind' }).click();
    await staff.getByRole('option', { name: 'Rental' }).click();
    await vi.waitFor(async () => expect(await staff.getByText('Brake service').count()).toBe(0), { timeout: 10_000 });

    await staff.getByText('Toyota Hilux rental').click();
    await staff.waitForURL(`**/admin/enquiries/${id}/show`);
    for (const text of ['Ifeoma Nwosu', '+234 803 555 0177', 'ifeoma@example.ng', 'Rental', '/rent-lease', 'estimateNgn', '255000', 'No status changes yet.']) {
      await staff.getByText(text, { exact: true }).first().waitFor();
    }

    await staff.getByRole('button', { name: 'Mark contacted' }).click();
    await staff.getByText('Marked contacted').waitFor();
    await staff.getByText('New → Contacted').waitFor();
    expect(await staff.getByRole('button', { name: 'Mark contacted' }).isDisabled()).toBe(true);
    await staff.getByRole('button', { name: 'Mark closed' }).click();
    await staff.getByText('Contacted → Closed').waitFor();
    expect(await staff.getByText(FIRST_ADMIN_NAME, { exact: false }).count()).toBeGreaterThan(0);
  }, 90_000);

  it('a visitor asks for a deal on /on-sale; staff find it under Enquiries, kind Deal', async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const visitor = await context.newPage();
    await visitor.goto(`${stack.api.url}/on-sale`);
    await visitor.getByRole('heading', { name: 'Vehicles On Sale' }).waitFor();
    await visitor.getByText('Limited Time Offers Across West Africa').waitFor();
    const card = visitor.locator('.deal-card', { hasText: '2024 Chery Omoda 5' });
    await card.getByText('Was ₦42,850,000').waitFor();
    await card.getByText('Now ₦39,422,000').waitFor();
    await card.getByRole('button', { name: 'Get This Deal' }).click();

    const dialog = visitor.getByRole('dialog', { name: 'Get this deal: 2024 Chery Omoda 5' });
    await dialog.getByLabel('Full name').fill('Chidi Okeke');
    await dialog.getByLabel('Phone number').fill('12ab');
    await dialog.getByLabel('Message (optional)').fill('Can I pick it up in Lekki?');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText('Please enter a valid phone number').waitFor();
    expect(await dialog.getByLabel('Message (optional)').inputValue()).toBe('Can I pick it up in Lekki?');
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');

    await dialog.getByLabel('Phone number').fill('+234 803 555 0199');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText('Thank you! We received your enquiry about Chery Omoda 5 2024 deal').waitFor();
    await context.close();

    await vi.waitFor(async () => expect((await stack.testDb.db.selectFrom('enquiries').select('id').where('kind', '=', 'deal').execute()).length).toBe(1), { timeout: 15_000, interval: 100 });
    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Enquiries' }).click();
    await staff.getByRole('combobox', { name: 'Kind' }).click();
    await staff.getByRole('option', { name: 'Deal' }).click();
    // Click once the filtered list has replaced the whole one: a row clicked while the list re-renders is lost.
    await expect.poll(() => staff.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await staff.getByText('Chery Omoda 5 2024 deal').click();
    await staff.waitForURL('**/admin/enquiries/*/show');
    for (const text of ['Chidi Okeke', '+234 803 555 0199', 'Can I pick it up in Lekki?', '/on-sale', 'featured-chery-omoda-5-2024']) {
      await staff.getByText(text, { exact: true }).first().waitFor();
    }
  }, 90_000);
  it("Insurance shows the three plans in the visitor's currency and 'Get Quote' sends a quote request; 'Book Service Now' a booking", async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'KES'));
    const visitor = await context.newPage();
    await visitor.goto(`${stack.api.url}/insurance`);
    await visitor.getByRole('heading', { name: 'Insurance & Warranty', level: 1 }).waitFor();
    const comprehensive = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Comprehensive' }) });
    await comprehensive.getByText('Most Popular').waitFor();
    // $599 at the fallback 130 shillings to the dollar.
    await comprehensive.getByText(/77,870.*per year/).waitFor();
    await comprehensive.getByText('$599 per year in US dollars').waitFor();
    await visitor.getByRole('link', { name: /Call \+234/ }).waitFor();
    await visitor.getByRole('link', { name: /Email support@/ }).waitFor();
    await comprehensive.getByRole('button', { name: 'Get Quote' }).click();
    const quote = visitor.getByRole('dialog', { name: 'Get a quote: Comprehensive' });
    await quote.getByLabel('Full name').fill('Wanjiru Kamau');
    await quote.getByLabel('Phone number').fill('+254 712 555 010');
    await quote.getByRole('button', { name: 'Send enquiry' }).click();
    await quote.getByText(/Thank you!/).waitFor();

    await visitor.goto(`${stack.api.url}/service`);
    await visitor.getByRole('heading', { name: 'Service & Maintenance', level: 1 }).waitFor();
    await visitor.getByText('From ₦35,000').first().waitFor();
    await visitor.getByRole('combobox', { name: 'Service' }).selectOption('brake-service');
    await visitor.getByRole('button', { name: 'Book Service Now' }).click();
    const booking = visitor.getByRole('dialog', { name: 'Book: Brake service' });
    await booking.getByLabel('Full name').fill('Musa Bello');
    await booking.getByLabel('Phone number').fill('08035550111');
    await booking.getByRole('button', { name: 'Send enquiry' }).click();
    await booking.getByText(/Thank you!/).waitFor();
    await context.close();

    await vi.waitFor(
      async () => {
        const rows = await stack.testDb.db.selectFrom('enquiries').select(['kind', 'subject', 'full_name']).where('kind', 'in', ['insurance-quote', 'service-booking']).where('source_path', 'is not', null).orderBy('kind').execute();
        expect(rows.map((row) => [row.kind, row.subject, row.full_name])).toEqual([
          ['insurance-quote', 'Comprehensive insurance quote', 'Wanjiru Kamau'],
          ['service-booking', 'Brake service', 'Musa Bello'],
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
  }, 90_000);

  it("Rent & Lease: each car's rates and features; 'Calculate Costs' prices a rental the cheapest way and sends it as an enquiry", async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const visitor = await context.newPage();
    await visitor.goto(`${stack.api.url}/rent-lease`);
    await visitor.getByRole('heading', { name: 'Rent & Lease', level: 1 }).waitFor();
    const mercedes = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Mercedes-Benz C-Class' }) });
    await mercedes.getByText('₦250,000 / day').waitFor();
    await mercedes.getByText('Limited').waitFor();
    await mercedes.getByRole('list', { name: 'Features' }).getByText('Leather seats').waitFor();

    await visitor.getByRole('button', { name: 'Calculate Costs' }).click();
    await visitor.getByRole('combobox', { name: 'Car' }).selectOption({ label: 'Toyota Corolla' });
    const days = visitor.getByRole('textbox', { name: 'Number of days' });
    await days.fill('4x');
    await visitor.getByText('Enter a whole number of days from 1 to 365').waitFor();
    // Ten days: a week and three days (₦1,015,000) is cheaper than ten days or two weeks.
    await days.fill('10');
    await visitor.getByText('1 × week at ₦700,000').waitFor();
    await visitor.getByText('3 × day at ₦105,000').waitFor();
    await visitor.getByText('Total: ₦1,015,000').waitFor();
    await visitor.getByRole('button', { name: 'Send this estimate to our team' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Rent the Toyota Corolla' });
    await dialog.getByLabel('Full name').fill('Kofi Mensah');
    await dialog.getByLabel('Phone number').fill('+233 24 555 0142');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await dialog.getByText(/Thank you! We received your enquiry/).waitFor();
    await context.close();

    await vi.waitFor(
      async () => {
        const rental = await stack.testDb.db.selectFrom('enquiries').selectAll().where('full_name', '=', 'Kofi Mensah').executeTakeFirst();
        expect(rental).toMatchObject({ kind: 'rental', subject: 'Toyota Corolla rental, 10 days' });
        expect(rental!.details).toMatchObject({ car: 'Toyota Corolla', days: 10, weeks: 1, extraDays: 3, estimateNgn: 1_015_000 });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("Brands: each card shows its models and price range; 'View Chery Models' opens the inventory filtered by Chery", async () => {
    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    const visitor = await context.newPage();
    await visitor.goto(`${stack.api.url}/brands`);
    await visitor.getByRole('heading', { name: 'Vehicle Brands', level: 1 }).waitFor();
    const chery = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Chery', exact: true }) });
    await chery.getByText('32 in stock').waitFor();
    await chery.getByText(/^₦[\d,]+ – ₦[\d,]+$/).waitFor();
    await chery.getByRole('link', { name: 'Tiggo 8 Pro' }).waitFor();
    // Its logo, loaded (a wordmark: the heading names the brand for screen readers).
    await vi.waitFor(async () => expect(await chery.locator('img.brand-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true), { timeout: 10_000 });
    await visitor.getByRole('heading', { name: 'Other brands in stock' }).waitFor();
    await chery.getByRole('link', { name: 'View Chery Models' }).click();
    await visitor.waitForURL(/\/inventory\?make=Chery$/);
    await visitor.getByRole('heading', { name: 'Search Inventory' }).waitFor();
    await vi.waitFor(async () => {
      const names = await visitor.locator('.vehicle-card h3').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.includes('Chery'))).toBe(true);
    }, { timeout: 10_000 });
    await context.close();
  }, 60_000);
});
