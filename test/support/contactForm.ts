import type { Locator } from 'playwright-core';

/** What a visitor types into the storefront's contact form. */
export interface ContactFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

/** Fills in the contact form (`form`, the "Contact form") as a visitor would, and sends it. */
export async function sendContactForm(form: Locator, fields: ContactFields): Promise<void> {
  await form.getByLabel('First name').fill(fields.firstName);
  await form.getByLabel('Last name').fill(fields.lastName);
  await form.getByLabel('Email').fill(fields.email);
  await form.getByLabel('Phone').fill(fields.phone);
  await form.getByLabel('Message').fill(fields.message);
  await form.getByRole('button', { name: 'Send Message' }).click();
}
