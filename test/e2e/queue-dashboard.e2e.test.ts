import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { ALL_QUEUE_NAMES, createWorkerConnection, QUEUES } from '@autobest/runtime';
import { startStack, type TestStack } from '../support/stack';
import { settledOnSignIn, signInToConsole } from '../support/console';

const STAFF_EMAIL = 'ops@autobest.test';
const STAFF_PASSWORD = 'a long and secret password';

describe('queue dashboard', () => {
  let stack: TestStack;
  let connection: Redis;
  let rates: Queue;

  beforeAll(async () => {
    stack = await startStack('e2e_queue_dashboard', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD }, workers: false });
    connection = createWorkerConnection(stack.config.redisUrl);
    rates = new Queue(QUEUES.rates, { connection, prefix: stack.config.queuePrefix });
  });
  afterAll(async () => {
    await rates?.close();
    connection?.disconnect();
    // Fails the file on any Content-Security-Policy violation the dashboard met.
    await stack?.close();
  });

  it('sends a browser that is not signed in to the console sign-in', { timeout: 60_000 }, async () => {
    const page = await (await stack.browser.newContext()).newPage();
    await page.goto(`${stack.api.url}/admin/queues`);
    await settledOnSignIn(page);
  });

  it('opens from the console menu, shows every queue, and retries a failed job, all under its own policy', { timeout: 90_000 }, async () => {
    // A refresh the rate service refused for good.
    const worker = new Worker(
      QUEUES.rates,
      async () => {
        throw new UnrecoverableError('the rate service refused the app id');
      },
      { connection, prefix: stack.config.queuePrefix },
    );
    const job = await rates.add('refresh', {});
    await vi.waitFor(async () => expect(await rates.getJobState(job.id!)).toBe('failed'), { timeout: 10_000, interval: 50 });
    await worker.close();

    const page = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    const menuItem = page.getByRole('menuitem', { name: 'Queues' });
    expect(await menuItem.getAttribute('href')).toBe('/admin/queues');
    await menuItem.click();
    await page.waitForURL(`${stack.api.url}/admin/queues`);
    const sidebar = page.getByRole('navigation');
    for (const name of ALL_QUEUE_NAMES) await sidebar.getByRole('link', { name, exact: true }).waitFor();

    await sidebar.getByRole('link', { name: QUEUES.rates, exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: /^FAILED 1$/ }).click();
    await page.getByText('the rate service refused the app id').waitFor();
    await page.getByRole('button', { name: 'Retry all' }).click();
    await page.getByText('Are you sure that you want to retry all failed jobs?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The board's own word that the API took it (a refusal by the staff guard would show an error instead).
    await page.getByText('All failed jobs were sent back to the queue').waitFor();
    await vi.waitFor(async () => expect(await rates.getJobState(job.id!)).toBe('waiting'), { timeout: 10_000, interval: 100 });
  });
});
