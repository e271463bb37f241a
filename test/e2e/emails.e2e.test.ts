import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import { signInToConsole, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';
import { postJson, startStack, type TestStack } from '../support/stack';

describe('emails in the staff console', () => {
  let stack: TestStack;
  let mailbox: SmtpSink;

  beforeAll(async () => {
    mailbox = await startSmtpSink();
    stack = await startStack('e2e_emails', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD, SMTP_URL: mailbox.url, EMAIL_RETRY_DELAY_MS: '50' } });
  });

  afterAll(async () => {
    await stack?.close();
    await mailbox?.close();
  });

  it('staff see a refused email as Failed with the server\'s answer, filter by status and Retry it once the address works', async () => {
    mailbox.rejectRecipient('typo@example.ng');
    const response = await postJson(stack, '/api/enquiries', { kind: 'rental', fullName: 'Ifeoma Nwosu', phone: '+234 803 555 0177', email: 'typo@example.ng', subject: 'Toyota Hilux rental' });
    expect(response.status).toBe(201);
    await vi.waitFor(
      async () => expect((await stack.testDb.db.selectFrom('sent_emails').select('status').execute()).map((row) => row.status).sort()).toEqual(['failed', 'sent']),
      { timeout: 20_000, interval: 100 },
    );

    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Emails' }).click();
    await staff.getByText('We received your rental enquiry').waitFor();
    await staff.getByText(`New Rental enquiry`, { exact: false }).waitFor();

    await staff.getByRole('combobox', { name: 'Status' }).click();
    await staff.getByRole('option', { name: 'Failed' }).click();
    // Click once the filtered list has replaced the whole one: a row clicked while the list re-renders is lost.
    await expect.poll(() => staff.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await staff.getByText(/550 5\.1\.1 No such user/).waitFor();
    await staff.getByText('typo@example.ng').click();
    await staff.waitForURL('**/admin/emails/*/show');
    await staff.getByText(/RCPT TO: 550 5\.1\.1 No such user/).waitFor();
    const statusChip = (status: string) => staff.locator('.MuiChip-label', { hasText: status });
    await statusChip('Failed').waitFor();

    mailbox.recover();
    await staff.getByRole('button', { name: 'Retry' }).click();
    await staff.getByText('The email is being sent again').waitFor();
    await vi.waitFor(() => expect(mailbox.received.filter((mail) => mail.to.includes('typo@example.ng'))).toHaveLength(1), { timeout: 20_000, interval: 100 });
    await staff.reload();
    await statusChip('Sent').waitFor();
    expect(await staff.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  }, 90_000);
});
