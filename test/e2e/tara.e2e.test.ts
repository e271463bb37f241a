import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startStack, type TestStack } from '../support/stack';

const TITLE = 'Tara, your car-buying assistant';
const LAUNCHER = 'Ask Tara, your car-buying assistant';
const LAUNCHER_FR = "Demander à Tara, votre assistante d'achat auto";

/** Tara's widget against the real API and the seeded catalogue: one browser, a desktop page and an Arabic phone. */
describe("Tara's chat widget", () => {
  let stack: TestStack;
  let desktop: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack('e2e_tara', { seed: true });
    desktop = await stack.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    await desktop.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    page = await desktop.newPage();
  }, 90_000);

  afterAll(async () => {
    await stack?.close();
  });

  const tara = (on: Page = page) => on.getByRole('dialog', { name: TITLE, exact: true });
  const box = (on: Page = page) => tara(on).getByRole('textbox', { name: 'Message to Tara' });
  const cards = (on: Page = page) => tara(on).locator('.tara-vehicle');
  const messages = (on: Page = page) => tara(on).locator('.tara-message');
  const prices = async (list: Locator) => (await list.locator('.tara-vehicle-price').allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, '')));

  it('opens from the launcher, keeps blank messages out, makes new lines with Shift+Enter and grows the box from 80 to 140 px', async () => {
    await page.goto(`${stack.api.url}/inventory`);
    await page.getByRole('heading', { level: 1, name: 'Search Inventory' }).waitFor();
    await page.getByRole('button', { name: LAUNCHER }).click();
    await box().waitFor();
    // Tara greets first, in the log a screen reader reads out as it grows.
    await vi.waitFor(async () => expect(await messages().count()).toBe(1), { timeout: 10_000 });
    const log = tara().getByRole('log');
    expect(await log.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(async () => expect(await log.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 });
    expect(await log.locator('.tara-message').count()).toBe(1);

    // Tab and Shift+Tab go round inside the dialog, never out to the page behind it.
    const inside = () => tara().evaluate((dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog);
    await box().focus();
    const stops = new Set<string>();
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
      stops.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
    }
    // It went round: every stop came back, the box among them.
    expect(stops.size).toBeLessThan(40);
    expect(stops.size).toBeGreaterThan(3);
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    const send = tara().getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);

    await box().fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box().press('Enter');
    expect(await messages().count()).toBe(1);

    await box().fill('');
    await box().pressSequentially('first line');
    await box().press('Shift+Enter');
    await box().pressSequentially('second line');
    expect(await box().inputValue()).toBe('first line\nsecond line');
    expect(await messages().count()).toBe(1);
    const height = () => box().evaluate((element) => element.getBoundingClientRect().height);
    await box().fill(Array.from({ length: 12 }, (_, line) => `line ${line}`).join('\n'));
    expect(await height()).toBe(140);
    await box().fill('');
    expect(await height()).toBe(80);
  });

  it('answers "I need a family SUV under 30 million naira" with real cards within the budget, understood as chips, sortable', async () => {
    await box().fill('I need a family SUV under 30 million naira');
    await box().press('Enter');
    expect(await box().inputValue()).toBe('');
    await tara().getByRole('log').getByText('I need a family SUV under 30 million naira').waitFor();
    await vi.waitFor(async () => expect(await cards().count()).toBeGreaterThan(1), { timeout: 10_000 });

    // What Tara understood, for the buyer to correct.
    const understood = tara().locator('.tara-understood');
    await understood.getByText(/^Budget: ₦30,000,000(\.00)?$/).waitFor();
    await understood.getByText('Use: family').waitFor();
    await understood.getByText('Type: SUV').waitFor();
    await understood.getByRole('button', { name: 'Change the budget' }).click();
    expect(await box().inputValue()).toBe('My budget is ');
    await box().fill('');

    // Real vehicles: each links to its page, each within the budget.
    for (const href of await cards().getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).toMatch(/^\/vehicles?\/[^/]+$/);
    for (const price of await prices(cards())) expect(price).toBeLessThanOrEqual(30_000_000);

    // The sort chips sort.
    const byPrice = tara().getByRole('button', { name: 'Price', exact: true });
    await byPrice.click();
    expect(await byPrice.getAttribute('aria-pressed')).toBe('true');
    const ascending = await prices(cards());
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await tara().getByRole('button', { name: 'Power', exact: true }).click();
    expect(await byPrice.getAttribute('aria-pressed')).toBe('false');
    const powers = (await cards().locator('.tara-vehicle-facts li:nth-child(2)').allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, '') || -1));
    expect(powers).toEqual([...powers].sort((a, b) => b - a));

    // Asked in words, Tara sorts the cards and the chip shows it.
    await box().fill('Show me the cheapest first');
    await box().press('Enter');
    await tara().getByRole('log').getByText('Show me the cheapest first').waitFor();
    await vi.waitFor(async () => expect(await byPrice.getAttribute('aria-pressed')).toBe('true'), { timeout: 10_000 });
    expect(await tara().getByRole('button', { name: 'Power', exact: true }).getAttribute('aria-pressed')).toBe('false');
    const cheapestFirst = await prices(cards());
    expect(cheapestFirst).toEqual([...cheapestFirst].sort((a, b) => a - b));
  });

  it('keeps the conversation over a reload; Escape closes and gives focus back to the launcher; a card opens its vehicle page', async () => {
    const shown = await cards().getByRole('link').allInnerTexts();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Search Inventory' }).waitFor();
    const launcher = page.getByRole('button', { name: LAUNCHER });
    await launcher.click();
    await tara().getByRole('log').getByText('I need a family SUV under 30 million naira').waitFor();
    await vi.waitFor(async () => expect((await cards().getByRole('link').allInnerTexts()).sort()).toEqual([...shown].sort()), { timeout: 10_000 });
    // Still in the order asked for in words.
    expect(await tara().getByRole('button', { name: 'Price', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Leaving the page sent what analytics had queued: each stage reached, the sort chips.
    const conversationId = await page.evaluate(() => localStorage.getItem('tara_conversation'));
    const recorded = async (event: string) => (await stack.testDb.db.selectFrom('analytics_events').select('properties').where('event', '=', event).execute()).map((row) => row.properties);
    await vi.waitFor(async () => expect(await recorded('conversation_stage')).toContainEqual({ stage: 'needs-assessment', conversationId }), { timeout: 10_000, interval: 100 });
    expect(await recorded('conversation_stage')).toContainEqual({ stage: 'greeting', conversationId });
    expect(await recorded('user_interaction')).toContainEqual({ action: 'tara_sort', sort: 'price' });

    await page.keyboard.press('Escape');
    await tara().waitFor({ state: 'hidden' });
    expect(await launcher.evaluate((element) => element === document.activeElement)).toBe(true);

    await launcher.click();
    const first = cards().first().getByRole('link');
    const name = await first.innerText();
    const href = (await first.getAttribute('href')) ?? '';
    await first.click();
    await page.waitForURL(`${stack.api.url}${href}`);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 10_000 });
    // Minimized while the buyer looks at the car; the chat comes back as it was.
    await page.getByRole('button', { name: 'Back to the chat with Tara' }).click();
    await tara().getByRole('log').getByText('I need a family SUV under 30 million naira').waitFor();

    // The visitor chooses shillings: Tara's next cards are priced in them.
    await page.keyboard.press('Escape');
    await tara().waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('KES');
    await launcher.click();
    await box().fill('show me more');
    await box().press('Enter');
    await tara().getByRole('log').getByText('show me more').waitFor();
    await vi.waitFor(async () => {
      const shown = await cards().locator('.tara-vehicle-price').allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      for (const price of shown) expect(price).toMatch(/KSh|Ksh|KES/);
    }, { timeout: 10_000 });
  });

  it("the large avatar opens 'Meet Tara' with the spec's claims and Close; a question about paying links to the car, trade-in and sell-car", async () => {
    await tara().getByRole('button', { name: 'Meet Tara' }).click();
    const meet = page.getByRole('dialog', { name: 'Meet Tara', exact: true });
    await meet.getByText('Helped over 1,000 buyers').waitFor();
    await meet.getByText('Rated 4.9/5 by buyers').waitFor();
    await meet.getByRole('button', { name: 'Close', exact: true }).last().click();
    await meet.waitFor({ state: 'hidden' });
    // Closing the popup leaves Tara open, and the conversation with her.
    await box().waitFor();
    expect(await tara().isVisible()).toBe(true);
    await tara().getByRole('button', { name: 'Meet Tara' }).click();
    await meet.getByText('Helped over 1,000 buyers').waitFor();
    await page.keyboard.press('Escape');
    await meet.waitFor({ state: 'hidden' });
    expect(await tara().isVisible()).toBe(true);

    const before = await messages().count();
    await box().fill('How do I pay the deposit?');
    await box().press('Enter');
    await vi.waitFor(async () => expect(await messages().count()).toBe(before + 2), { timeout: 10_000 });
    const reply = messages().last();
    await reply.getByText(/reservation deposit is ₦5,000,000/).waitFor();
    expect(await reply.getByRole('link', { name: 'Trade in your car' }).getAttribute('href')).toBe('/trade-in');
    expect(await reply.getByRole('link', { name: 'Sell your car' }).getAttribute('href')).toBe('/sell-car');
    expect(await reply.getByRole('link').first().getAttribute('href')).toMatch(/^\/vehicles?\/[^/]+$/);
  });

  it('hands the buyer to a person: the contact form rules, then the confirmation and a WhatsApp link', async () => {
    // The header's button (a reply may also suggest it, and that opens the same form).
    await tara().locator('.tara-head').getByRole('button', { name: 'Talk to a person' }).click();
    const form = tara().getByRole('form', { name: 'Talk to a person' });
    await form.getByRole('button', { name: 'Ask for a call back' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Please leave a phone number or an email').waitFor();
    await form.getByLabel('Name').fill('Amaka Obi');
    await form.getByLabel('Phone number').fill('12ab');
    await form.getByLabel('Email').fill('amaka@example');
    await form.getByRole('button', { name: 'Ask for a call back' }).click();
    await form.getByText('Please enter a valid phone number').waitFor();
    await form.getByText('Please enter a valid email address').waitFor();
    expect(await form.getByText('Name is required').count()).toBe(0);

    await form.getByLabel('Phone number').fill('+234 803 555 0142');
    await form.getByLabel('Email').fill('');
    // Asked, never assumed (issue 41): off until the buyer ticks it.
    const whatsapp = form.getByLabel('Send me updates on WhatsApp (to the phone above)');
    expect(await whatsapp.isChecked()).toBe(false);
    await whatsapp.check();
    await form.getByRole('button', { name: 'Ask for a call back' }).click();
    await tara().getByText('Thank you! Our sales team will contact you soon.').waitFor({ timeout: 10_000 });
    // The lead's confirmation is recorded for WhatsApp (logged: no WhatsApp settings here), to the number in E.164.
    await vi.waitFor(
      async () => expect(await stack.testDb.db.selectFrom('whatsapp_messages').select(['template', 'to_phone']).where('template', '=', 'lead-confirmation').execute()).toEqual([{ template: 'lead-confirmation', to_phone: '2348035550142' }]),
      { timeout: 15_000, interval: 100 },
    );
    expect(await tara().getByRole('link', { name: 'Continue on WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    await page.keyboard.press('Escape');
  });

  it('starts a conversation about a category card of /tara-ai-demo; live chat on /contact and /support offers the hand-off first', async () => {
    const before = await page.evaluate(() => localStorage.getItem('tara_conversation'));
    await page.goto(`${stack.api.url}/tara-ai`);
    await page.waitForURL(`${stack.api.url}/tara-ai-demo`);
    await page.getByRole('heading', { level: 1, name: 'Tara, your AI car-buying assistant' }).waitFor();
    expect(await page.locator('.tara-page-features > li').count()).toBe(6);
    expect(await page.locator('.tara-page-categories > li').count()).toBe(12);
    await page.getByRole('button', { name: 'Ask Tara about Convertibles' }).click();
    await vi.waitFor(async () => expect(await page.evaluate(() => localStorage.getItem('tara_conversation'))).not.toBe(before), { timeout: 10_000 });
    await tara().getByRole('log').getByText(/convertible/i).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');

    await page.goto(`${stack.api.url}/contact`);
    await page.getByRole('button', { name: 'Start chatting' }).click();
    await tara().getByRole('form', { name: 'Talk to a person' }).getByLabel('Name').waitFor();
    await tara().getByRole('button', { name: 'Or chat with Tara first' }).click();
    await box().waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${stack.api.url}/support`);
    await page.getByRole('button', { name: 'Start a chat' }).click();
    await tara().getByRole('form', { name: 'Talk to a person' }).getByLabel('Name').waitFor();
    await page.keyboard.press('Escape');
    await tara().waitFor({ state: 'hidden' });
  });

  it('answers in French, in the same conversation, once the visitor switches the site to French', async () => {
    const conversationId = await page.evaluate(() => localStorage.getItem('tara_conversation'));
    await page.goto(`${stack.api.url}/`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.getByRole('button', { name: LAUNCHER_FR }).click();
    const dialog = page.getByRole('dialog', { name: "Tara, votre assistante d'achat auto", exact: true });
    const input = dialog.getByRole('textbox', { name: 'Message pour Tara' });
    await input.fill('Montrez-moi des SUV');
    await input.press('Enter');
    // In French: what she understood when it changed, else the cards that fit.
    await dialog.getByRole('log').getByText(/^(Voici ce qui vous correspond|Entendu|D'accord, donc|C'est noté|Bien, je retiens)/).last().waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('tara_conversation'))).toBe(conversationId);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  });

  it('in Arabic on a 375 px phone: the launcher bottom left, the notices beside it over neither it nor the price, shown once per visit; the panes stack', async () => {
    const phone = await stack.browser.newContext({ viewport: { width: 375, height: 740 } });
    await phone.addInitScript(() => localStorage.setItem('user_language', 'ar'));
    const arabic = await phone.newPage();
    // Both of the site's notices: no location and no live rates.
    await arabic.route('**/api/geo', (route) => route.abort('failed'));
    await arabic.route('**/api/rates', (route) => route.abort('failed'));
    await arabic.goto(`${stack.api.url}/vehicle/featured-toyota-venza-2024`);
    await arabic.getByRole('heading', { level: 1 }).waitFor();
    const notices = arabic.locator('.site-notice');
    await vi.waitFor(async () => expect(await notices.count()).toBe(2), { timeout: 10_000 });
    const launcher = arabic.getByRole('button', { name: 'اسأل تارا، مساعدتك في شراء السيارة' });
    const launcherBox = (await launcher.boundingBox())!;
    expect(launcherBox.x + launcherBox.width).toBeLessThan(375 / 2);
    expect(launcherBox.y + launcherBox.height).toBeGreaterThan(740 - 80);
    const priceBox = (await arabic.locator('.vehicle-price').boundingBox())!;
    const mainTop = (await arabic.locator('main').boundingBox())!.y;
    type Box = { x: number; y: number; width: number; height: number };
    const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const notice of await notices.all()) {
      const noticeBox = (await notice.boundingBox())!;
      expect(overlap(noticeBox, launcherBox)).toBe(false);
      expect(overlap(noticeBox, priceBox)).toBe(false);
      // Over the site header, never over the page's content.
      expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(mainTop);
    }

    // Once per visit: not again after a reload.
    await arabic.reload();
    await arabic.getByRole('heading', { level: 1 }).waitFor();
    await arabic.locator('.vehicle-price').waitFor();
    expect(await notices.count()).toBe(0);

    await launcher.click();
    const dialog = arabic.getByRole('dialog', { name: 'تارا، مساعدتك في شراء السيارة', exact: true });
    await dialog.getByRole('textbox', { name: 'رسالة إلى تارا' }).waitFor();
    const chat = (await dialog.locator('.tara-chat').boundingBox())!;
    const vehicles = (await dialog.locator('.tara-cards').boundingBox())!;
    expect(vehicles.y).toBeGreaterThanOrEqual(chat.y + chat.height - 1);
    expect(chat.width).toBeGreaterThan(360);
    // The first quick replies in Tara's own Arabic wording, the words she reads back when one is pressed.
    const quick = dialog.getByRole('list', { name: 'ردود سريعة' }).getByRole('button');
    expect(await quick.allInnerTexts()).toEqual(['ميزانية 25 ألف دولار', 'أرني سيارات الدفع الرباعي', 'سيارات موفرة للوقود']);
    await phone.close();
  });
});
