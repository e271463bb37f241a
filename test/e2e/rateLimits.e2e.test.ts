import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_WRITE_LIMITS } from '../../services/api/src/plugins/publicWriteLimits';
import { postJson, startStack, type TestStack } from '../support/stack';

/** A visitor whose address has sent the contact form too often sees why, and when to come back, in their language. */
describe('a public form over its limit', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_rate_limits', { workers: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('the contact form shows the 429 in English, then in French, keeping what was typed', async () => {
    // Others at the visitor's address (this machine) used up its contact messages for the hour.
    for (let n = 0; n < PUBLIC_WRITE_LIMITS['contact-message'].perAddress.max; n++) {
      const response = await postJson(stack, '/api/contact-messages', { firstName: 'Neighbour', lastName: `No ${n}`, email: `neighbour${n}@example.ng`, phone: `+234 803 555 ${1000 + n}`, message: 'Hello' });
      expect(response.status).toBe(201);
    }

    const page = await (await stack.browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto(`${stack.api.url}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    const typed = { 'First name': 'Ngozi', 'Last name': 'Adeyemi', Email: 'ngozi.adeyemi@example.ng', Phone: '+234 802 555 0147', Message: 'Do you deliver the Toyota Venza to Abuja?' };
    for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();

    const alert = page.getByRole('alert');
    await alert.getByText(/^You have sent this too many times in a short while\. Please try again in \d+ (minutes|hour|hours); what you typed is kept\.$/).waitFor();
    for (const [label, value] of Object.entries(typed)) expect(await form.getByLabel(label, { exact: true }).inputValue()).toBe(value);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await alert.getByText(/^Vous avez envoyé ceci trop de fois en peu de temps\. Veuillez réessayer dans \d+ (minutes|heure|heures) ; ce que vous avez saisi est conservé\.$/).waitFor();
    const formFr = page.getByRole('form', { name: 'Formulaire de contact' });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact-messages'));
    await formFr.getByRole('button', { name: 'Envoyer le message' }).click();
    expect((await answer).status()).toBe(429);
    await alert.getByText(/Veuillez réessayer dans \d+ (minutes|heure|heures)/).waitFor();
    expect(await formFr.getByLabel('Message', { exact: true }).inputValue()).toBe(typed.Message);
  }, 90_000);
});
