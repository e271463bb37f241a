import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '@autobest/db';
import { decideEnquiry, enquiryStreamId, initialEnquiryState } from '@autobest/domain';
import { postJson, projectorCaughtUp, startStack, type TestStack } from '../support/stack';
import { seriousAccessibilityProblems } from '../support/axe';
import { signInToConsole } from '../support/console';

const ADMIN_EMAIL = 'boss@autobest.test';
const PASSWORD = 'a long and secret password';

/** The console opens on what waits for staff, each card a link to its list, under a menu grouped by work (issue 39). */
describe("the console's home", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_console_home', { env: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });
    const { password_hash } = await stack.testDb.db.selectFrom('staff_users').select('password_hash').executeTakeFirstOrThrow();
    await stack.testDb.db
      .insertInto('staff_users')
      .values({ id: crypto.randomUUID(), email: 'inventory@autobest.test', display_name: 'An inventory person', password_hash, role: 'inventory', disabled_at: null })
      .execute();
    // An enquiry nobody has answered for 30 hours, and one from just now.
    const enquiryId = crypto.randomUUID();
    const received = new Date(Date.now() - 30 * 3_600_000);
    const events = decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input: { kind: 'deal', fullName: 'Waiting Wanjiru', phone: '08035550121', subject: 'Venza deal' }, now: received }, initialEnquiryState);
    await appendToStream(stack.testDb.db, enquiryStreamId(enquiryId), 0, events, { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null });
    expect((await postJson(stack, '/api/enquiries', { kind: 'deal', fullName: 'Fresh Femi', phone: '08035550122', subject: 'Omoda deal' })).status).toBe(201);
    await projectorCaughtUp(stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('shows an admin what waits, and a card opens the list of just what it counted', async () => {
    const page = await signInToConsole(stack.browser, stack.api.url, ADMIN_EMAIL, PASSWORD);
    await page.getByRole('heading', { name: 'What needs doing' }).waitFor();
    for (const group of ['Requests and leads', 'Catalogue and pricing', 'Content', 'Operations', 'Administration']) await page.getByText(group, { exact: true }).first().waitFor();
    const enquiries = page.getByRole('link', { name: /Enquiries waiting over 24 hours/ });
    await expect.poll(() => enquiries.textContent()).toBe('Enquiries waiting over 24 hours1');
    // The cards and the grouped menu (both in the layout's main element) as assistive technology reads them.
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await enquiries.click();
    await page.getByText('Waiting Wanjiru').waitFor();
    expect(await page.getByText('Fresh Femi').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/enquiries');
  }, 90_000);

  it('moves through the menu with the arrow keys, past the group headings', async () => {
    const page = await signInToConsole(stack.browser, stack.api.url, ADMIN_EMAIL, PASSWORD);
    const contact = page.getByRole('menuitem', { name: 'Contact messages' });
    await contact.focus();
    await page.keyboard.press('ArrowDown');
    // The next group's heading is passed over: the focus lands on its first item.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vehicles');
  }, 90_000);

  it("shows inventory its groups and its counts only: no requests, no seller's or buyer's data", async () => {
    const page = await signInToConsole(stack.browser, stack.api.url, 'inventory@autobest.test', PASSWORD, 'Vehicles');
    await page.getByRole('heading', { name: 'What needs doing' }).waitFor();
    await page.getByRole('link', { name: /Failing feeds/ }).waitFor();
    for (const group of ['Catalogue and pricing', 'Content', 'Operations']) await page.getByText(group, { exact: true }).first().waitFor();
    expect(await page.getByText('Requests and leads').count()).toBe(0);
    expect(await page.getByText('Administration').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Enquiries waiting/ }).count()).toBe(0);
  }, 90_000);
});
