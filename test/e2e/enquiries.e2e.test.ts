import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { signInToConsole } from '../support/console';
import { startApi, type RunningApi } from '@autobest/api';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { startWorkers, type RunningWorkers } from '@autobest/workers';
import { createTestQueues, type TestQueues } from '@autobest/workers/testing';

const STAFF_EMAIL = 'desk@autobest.test';
const STAFF_PASSWORD = 'a long and secret password';

describe('enquiries in the staff console', () => {
  let testDb: TestDatabase;
  let queues: TestQueues;
  let workers: RunningWorkers;
  let api: RunningApi;
  let browser: Browser;

  beforeAll(async () => {
    testDb = await createTestDatabase('e2e_enquiries');
    queues = createTestQueues('e2e_enquiries');
    const config = loadRuntimeConfig({
      DATABASE_URL: testDb.url,
      REDIS_URL: queues.redisUrl,
      QUEUE_PREFIX: queues.prefix,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: STAFF_EMAIL,
      ADMIN_PASSWORD: STAFF_PASSWORD,
    });
    workers = await startWorkers(config, { migrate: false });
    api = await startApi(config, { migrate: false, logger: false });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await workers?.close();
    await testDb?.drop();
    await queues?.drop();
  });

  const send = async (enquiry: object) => {
    const response = await fetch(`${api.url}/api/enquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(enquiry) });
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
    await vi.waitFor(
      async () => {
        const health = (await (await fetch(`${api.url}/api/health`)).json()) as { checks: { projector: { eventsBehind: number } } };
        expect(health.checks.projector.eventsBehind).toBe(0);
      },
      { timeout: 15_000, interval: 100 },
    );

    const staff = await signInToConsole(browser, api.url, STAFF_EMAIL, STAFF_PASSWORD);
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
    expect(await staff.getByText(STAFF_EMAIL, { exact: false }).count()).toBeGreaterThan(0);
  }, 90_000);
});
