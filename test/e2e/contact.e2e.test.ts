import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorCaughtUp, startStack, type TestStack } from '../support/stack';
import { settledOnSignIn, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';
import { sendContactForm } from '../support/contactForm';

describe('contact form to staff console', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_contact', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('a visitor sends the contact form; a staff member signs in and sees it in the list', async () => {
    const visitor = await stack.browser.newPage();
    await visitor.goto(`${stack.api.url}/contact`);
    const form = visitor.getByRole('form', { name: 'Contact form' });

    // A bad email is caught and everything typed stays.
    await sendContactForm(form, { firstName: 'Ngozi', lastName: 'Adeyemi', email: 'ngozi@example', phone: '+234 802 555 0147', message: 'Do you deliver the Toyota Venza to Abuja?' });
    await visitor.getByText('Please enter a valid email address').waitFor();
    expect(await form.getByLabel('Message').inputValue()).toBe('Do you deliver the Toyota Venza to Abuja?');

    await form.getByLabel('Email').fill('ngozi.adeyemi@example.ng');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('status').getByText(/message has been sent/i).waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('');

    // The projector has applied the event before staff look.
    await projectorCaughtUp(stack);

    const staff = await (await stack.browser.newContext()).newPage();
    await staff.goto(`${stack.api.url}/admin`);
    await settledOnSignIn(staff);
    await staff.getByRole('textbox', { name: 'Email' }).fill(STAFF_EMAIL);
    await staff.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.getByText('Invalid email or password').waitFor();

    await staff.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await staff.getByRole('menuitem', { name: 'Contact messages' }).click();
    await staff.getByText('ngozi.adeyemi@example.ng').waitFor();
    expect(await staff.getByText('Adeyemi').count()).toBeGreaterThan(0);
  }, 90_000);
});
