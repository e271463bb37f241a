import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StaffRole } from '@autobest/domain';
import { postJson, projectorCaughtUp, startStack, type TestStack } from '../support/stack';
import { signInToConsole } from '../support/console';

const ADMIN_EMAIL = 'boss@autobest.test';
const PASSWORD = 'a long and secret password';
const emailOf = (role: StaffRole) => (role === 'admin' ? ADMIN_EMAIL : `${role}@autobest.test`);

/** The console shows each role what it may do and nothing the server would refuse (issue 17). */
describe('the console by role', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_console_roles', { env: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD }, seed: true });
    const { password_hash } = await stack.testDb.db.selectFrom('staff_users').select('password_hash').executeTakeFirstOrThrow();
    for (const role of ['sales', 'viewer', 'inventory'] as const) {
      await stack.testDb.db
        .insertInto('staff_users')
        .values({ id: crypto.randomUUID(), email: emailOf(role), display_name: `A ${role}`, password_hash, role, disabled_at: null })
        .execute();
    }
    const response = await postJson(stack, '/api/enquiries', { kind: 'service-booking', fullName: 'Musa Bello', phone: '08035550111', subject: 'Brake service', preferredDate: '2026-12-02' });
    expect(response.status).toBe(201);
    await projectorCaughtUp(stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Signs the role in and opens the enquiry. */
  async function openEnquiry(role: StaffRole): Promise<Page> {
    const page = await signInToConsole(stack.browser, stack.api.url, emailOf(role), PASSWORD);
    await page.getByRole('menuitem', { name: 'Enquiries' }).click();
    await page.getByText('Brake service').click();
    await page.getByText('Musa Bello', { exact: true }).first().waitFor();
    return page;
  }

  /** The vehicles list once its rows are there: how many Edit links and Create buttons it shows. */
  async function vehicleControls(page: Page) {
    await page.getByRole('menuitem', { name: 'Vehicles' }).click();
    // The list's own rows: the request page left behind has tables of its own (its emails and WhatsApp messages).
    await page.waitForURL(/\/admin\/vehicles(?:[?#]|$)/);
    await page.locator('.RaList-main tbody tr').first().waitFor();
    return { edit: await page.getByRole('link', { name: 'Edit' }).count(), create: await page.getByRole('link', { name: 'Create' }).count() };
  }

  it('a viewer reads requests but sees no status or note controls, no vehicle edit or import, no queues', async () => {
    const page = await openEnquiry('viewer');
    await page.getByText('No notes yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Mark contacted' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Add a note' }).count()).toBe(0);
    expect(await vehicleControls(page)).toEqual({ edit: 0, create: 0 });
    await page.getByRole('menuitem', { name: 'Inventory Management' }).click();
    await page.getByRole('link', { name: 'Export Data' }).waitFor();
    expect(await page.getByRole('button', { name: 'Load Inventory' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Queues' }).count()).toBe(0);
  }, 90_000);

  it("a sales person changes a request's status but sees no vehicle edit", async () => {
    const page = await openEnquiry('sales');
    await page.getByRole('button', { name: 'Mark contacted' }).click();
    await page.getByText('New → Contacted').waitFor();
    expect(await vehicleControls(page)).toEqual({ edit: 0, create: 0 });
    expect(await page.getByRole('menuitem', { name: 'Queues' }).count()).toBe(0);
  }, 90_000);

  it("inventory sees the catalogue and the news, and none of the screens with sellers' and buyers' personal data", async () => {
    const page = await signInToConsole(stack.browser, stack.api.url, emailOf('inventory'), PASSWORD, 'Vehicles');
    const personalDataAsked: string[] = [];
    page.on('response', (response) => {
      if (/\/api\/admin\/(sell-car-submissions|trade-in-submissions|reservation-requests|enquiries|contact-messages|conversations|emails|whatsapp-messages)\b/.test(response.url())) personalDataAsked.push(`${response.status()} ${response.url()}`);
    });
    for (const item of ['Vehicles', 'News sources', 'Articles', 'Review videos', 'Inventory Management', 'Inventory QA', 'Data Collection', 'QA checks', 'Analytics']) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    for (const item of ['Sell car requests', 'Trade-in requests', 'Reservations', 'Enquiries', 'Conversations', 'Contact messages', 'Emails', 'WhatsApp', 'Activity', 'Staff', 'Queues']) {
      expect(await page.getByRole('menuitem', { name: item }).count(), item).toBe(0);
    }
    expect(await vehicleControls(page)).toMatchObject({ create: 1 });
    expect(personalDataAsked).toEqual([]);
    // Typed into the address bar, a personal-data screen is refused. react-admin's list still asks for its page once
    // (its controller runs the query when access is decided, granted or not): the server refuses that too.
    await page.goto(`${stack.api.url}/admin/enquiries`);
    await page.getByText("You don't have the right permissions to access this page").waitFor();
    expect(await page.getByText('Musa Bello').count()).toBe(0);
    expect(personalDataAsked.filter((answer) => !answer.startsWith('403 '))).toEqual([]);
  }, 90_000);

  it('an admin sees everything', async () => {
    const page = await openEnquiry('admin');
    await page.getByRole('button', { name: 'Mark closed' }).waitFor();
    await page.getByRole('textbox', { name: 'Add a note' }).waitFor();
    const controls = await vehicleControls(page);
    expect(controls.edit).toBeGreaterThan(0);
    expect(controls.create).toBe(1);
    await page.getByRole('menuitem', { name: 'Queues' }).waitFor();
    await page.getByRole('menuitem', { name: 'Inventory Management' }).click();
    await page.getByRole('button', { name: 'Load Inventory' }).waitFor();
  }, 90_000);
});
