import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import { signInToConsole } from '../support/console';
import { sentEmailText, startStack, type TestStack } from '../support/stack';

const STAFF_EMAIL = 'sales@autobest.test';
/** What history and notes call the first admin. */
const FIRST_ADMIN_NAME = 'Administrator';
const STAFF_PASSWORD = 'a long and secret password';

describe('a reservation request, from the vehicle page to the console', () => {
  let stack: TestStack;
  let mailbox: SmtpSink;

  beforeAll(async () => {
    mailbox = await startSmtpSink();
    stack = await startStack('e2e_reservations', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD, SMTP_URL: mailbox.url }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
    await mailbox?.close();
  });

  it('a visitor reserves in French with an email and is acknowledged in French; staff mark it contacted with a note and see the history', async () => {
    const vehicle = await stack.testDb.db.selectFrom('vehicles').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();

    const context = await stack.browser.newContext();
    await context.addInitScript(() => localStorage.setItem('user_language', 'fr'));
    const visitor = await context.newPage();
    await visitor.goto(`${stack.api.url}/vehicle/${vehicle.id}`);
    const form = visitor.getByRole('form', { name: 'Réserver ce véhicule' });
    await form.getByLabel('Votre nom').fill('Aïcha Diallo');
    await form.getByLabel('Numéro de téléphone').fill('+234 803 555 0147');
    // The email is optional, and checked like every other one; what was typed stays.
    await form.getByLabel('E-mail (facultatif)').fill('aicha@example');
    await form.getByRole('button', { name: /Réserver maintenant/ }).click();
    await form.getByText('Veuillez saisir une adresse e-mail valide').waitFor();
    expect(await form.getByLabel('Numéro de téléphone').inputValue()).toBe('+234 803 555 0147');
    await form.getByLabel('E-mail (facultatif)').fill('aicha.diallo@example.ng');
    // Asked, never assumed (issue 41): off until the buyer ticks it, in their language.
    const whatsapp = form.getByLabel('M’envoyer les mises à jour sur WhatsApp');
    expect(await whatsapp.isChecked()).toBe(false);
    await whatsapp.check();
    await form.getByRole('button', { name: /Réserver maintenant/ }).click();
    await visitor.getByRole('status').getByText('Merci, Aïcha Diallo. Notre équipe commerciale vous appellera au +234 803 555 0147 pour confirmer votre réservation.').waitFor();
    await context.close();

    // The acknowledgement is in French and reached the mail server; staff are told in English, with the console link.
    const acknowledgement = await sentEmailText(stack, 'aicha.diallo@example.ng', 'customer-reservation-acknowledgement');
    expect(acknowledgement).toContain('Bonjour Aïcha Diallo,');
    expect(acknowledgement).toContain(`Merci d’avoir demandé à réserver le véhicule ${vehicle.name}. Notre équipe commerciale vous appellera au +234 803 555 0147 pour confirmer votre réservation.`);
    await vi.waitFor(() => expect(mailbox.received.map((mail) => mail.to[0])).toContain('aicha.diallo@example.ng'), { timeout: 15_000, interval: 100 });
    const notice = await sentEmailText(stack, STAFF_EMAIL, 'staff-new-reservation');
    expect(notice).toContain(`Aïcha Diallo asked to reserve the ${vehicle.name} (${vehicle.id}).`);
    expect(notice).toContain('Language on the site: French');
    const requestId = /\/admin\/reservation-requests\/([0-9a-f-]{36})\/show/.exec(notice)?.[1];
    expect(requestId).toBeDefined();

    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Reservations' }).click();
    const counts = staff.getByRole('group', { name: 'Reservation counts' });
    await counts.getByText('New').waitFor();
    await expect.poll(() => counts.locator('.MuiTypography-h5').allInnerTexts(), { timeout: 15_000 }).toEqual(['1', '1', '0', '0']);
    await staff.getByText('Aïcha Diallo').click();
    await staff.waitForURL(`**/admin/reservation-requests/${requestId}/show`);
    for (const text of [vehicle.name, '+234 803 555 0147', 'aicha.diallo@example.ng', 'French', 'No status changes yet.', 'No notes yet.']) {
      await staff.getByText(text, { exact: false }).first().waitFor();
    }
    // What was sent about it, its emails beside its WhatsApp confirmation (logged: no WhatsApp settings here).
    await staff.getByRole('cell', { name: 'reservation-confirmation' }).waitFor();
    await staff.getByRole('cell', { name: '2348035550147' }).waitFor();
    await staff.getByRole('cell', { name: 'aicha.diallo@example.ng' }).waitFor();

    await staff.getByRole('button', { name: 'Mark contacted' }).click();
    await staff.getByText('Marked contacted').waitFor();
    await staff.getByText('New → Contacted').waitFor();
    expect(await staff.getByRole('button', { name: 'Mark contacted' }).isDisabled()).toBe(true);

    await staff.getByRole('textbox', { name: 'Add a note' }).fill('Called her: she pays the deposit on Monday');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await staff.getByText('Note added').waitFor();
    await staff.getByText('Called her: she pays the deposit on Monday').waitFor();
    expect(await staff.getByText(FIRST_ADMIN_NAME, { exact: false }).count()).toBeGreaterThanOrEqual(2);

    // Back on the list the request shows as contacted, and the cards count it so.
    await staff.getByRole('menuitem', { name: 'Reservations' }).click();
    await expect.poll(() => staff.getByRole('group', { name: 'Reservation counts' }).locator('.MuiTypography-h5').allInnerTexts(), { timeout: 15_000 }).toEqual(['1', '0', '1', '0']);
    await staff.locator('tbody tr', { hasText: 'Aïcha Diallo' }).getByText('Contacted').waitFor();
  }, 120_000);
});
