import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../support/axe';
import { postJson, projectorCaughtUp, startStack, type TestStack } from '../support/stack';
import { signInToConsole, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';

describe("Tara's conversations in the staff console", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_console_conversations', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const post = async <T>(path: string, body: object, status: number) => {
    const response = await postJson(stack, path, body);
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const start = async (language: string, currency: string) => (await post<{ id: string }>('/api/chat/conversations', { language, currency }, 201)).id;
  const say = (id: string, text: string) => post(`/api/chat/conversations/${id}/messages`, { text }, 200);

  it('staff find a lead by name and by a word of the transcript, read it, reach the buyer on WhatsApp, mark it contacted, and see the funnel', async () => {
    const lead = await start('en', 'NGN');
    await say(lead, 'I need a family SUV for the school run in Lekki');
    await say(lead, 'My budget is 30 million naira');
    await post(`/api/chat/conversations/${lead}/handoff`, { name: 'Amaka Obi', phone: '+234 803 555 0123', email: 'amaka@example.ng' }, 201);
    const browsing = await start('fr', 'XOF');
    await say(browsing, 'Bonjour, je regarde seulement');
    await projectorCaughtUp(stack);

    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Conversations' }).click();
    const rows = staff.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const leadRow = rows.filter({ hasText: 'Amaka Obi' });
    for (const text of ['English', 'SUV', 'Family', '₦30,000,000', 'New']) await leadRow.getByText(text, { exact: true }).waitFor();
    await rows.filter({ hasText: 'French' }).getByText('—').first().waitFor();
    await staff.getByRole('group', { name: 'Conversation counts' }).getByText('2', { exact: true }).first().waitFor();

    // Search over names and over what was said; then only the leads.
    const search = staff.getByPlaceholder('Search name, contact, transcript');
    for (const words of ['Amaka', 'Lekki']) {
      await search.fill(words);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      await leadRow.waitFor();
    }
    await search.fill('');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await staff.getByRole('combobox', { name: 'Lead' }).click();
    await staff.getByRole('option', { name: 'Yes' }).click();
    // Click once the filtered list has replaced the whole one: a row clicked while the list re-renders is lost.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    // From the keyboard: a row's Show link opens the record.
    await leadRow.getByRole('link', { name: 'Show' }).press('Enter');
    await staff.waitForURL(`**/admin/conversations/${lead}/show`);

    const transcript = staff.getByRole('list', { name: 'Transcript' });
    await transcript.getByText('I need a family SUV for the school run in Lekki').waitFor();
    await transcript.getByText('Tara', { exact: true }).first().waitFor();
    expect(await transcript.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    // Each of Tara's replies says which engine answered it (no model is configured here) and what she understood after it.
    await transcript.getByText(/Answered by: Rules engine · Understood after this turn: .*SUV/).first().waitFor();
    await transcript.getByText(/Understood after this turn: budget up to ₦30,000,000, for the family, SUV/).waitFor();
    for (const text of ['+234 803 555 0123', 'amaka@example.ng', '₦30,000,000', 'No status changes yet.']) await staff.getByText(text, { exact: true }).first().waitFor();
    const whatsapp = staff.getByRole('link', { name: 'Message on WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\//);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');

    const problems = await seriousAccessibilityProblems(staff);
    expect(problems).toEqual([]);

    await staff.getByRole('textbox', { name: 'Add a note' }).fill('Called her; she will visit on Saturday');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await staff.getByText('Note added').waitFor();
    await staff.getByText('Called her; she will visit on Saturday').waitFor();
    await staff.getByRole('button', { name: 'Mark contacted' }).click();
    await staff.getByText('New → Contacted').waitFor();

    await staff.getByRole('menuitem', { name: 'Analytics' }).click();
    const funnel = staff.getByRole('list', { name: 'Tara conversation funnel' });
    for (const [step, figure] of [
      ['Started', '2 (100%)'],
      ['Handed off', '1 (50%)'],
    ]) {
      await funnel.getByRole('listitem').filter({ hasText: step! }).getByText(figure!, { exact: true }).waitFor();
    }
  }, 120_000);
});
