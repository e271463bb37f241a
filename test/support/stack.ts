import { expect, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApi, type RunningApi } from '@autobest/api';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig, type RuntimeConfig } from '@autobest/domain';
import { startWorkers, type RunningWorkers } from '@autobest/workers';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { seedCatalogue } from '../../infra/src/seed/seedCatalogue';
import { launchChromium } from './chromium';
import { CspViolations, reportedViolations, watchBrowser } from './csp';
import { watchForFailureReport } from './failureReport';

export interface TestStack {
  testDb: TestDatabase;
  queues: TestQueues;
  config: RuntimeConfig;
  /** null when the file asked for no workers. */
  workers: RunningWorkers | null;
  api: RunningApi;
  browser: Browser;
  /** Content-Security-Policy violations met so far (every context opened on `browser` is watched). */
  cspViolations: CspViolations;
  /**
   * Closes the browser, the API and the workers, then drops the database and the queues; then fails if any page
   * met a Content-Security-Policy violation.
   */
  close(): Promise<void>;
}

export interface TestStackOptions {
  /** Settings on top of the test database, queues, a free port and warn-level logs; they may override those. */
  env?: Record<string, string>;
  /** List the shipped catalogue and wait until the vehicles read model holds all of it. */
  seed?: boolean;
  /** Start the workers; the pages that only render forms do without them. Default true. */
  workers?: boolean;
  /**
   * Rows the file needs in place before the API starts: what the API caches (the exchange rates, for 30 s) may be read
   * by its warm-up before a row written after the start, and the page would show the cached copy.
   */
  beforeStart?: (db: TestStack['testDb']['db']) => Promise<unknown>;
}

/**
 * What a browser test runs against: its own database and queue prefix (named after the file), the workers,
 * the API serving both web apps, and Chromium. When a step fails, what already started is closed again.
 */
export async function startStack(name: string, { env = {}, seed = false, workers: withWorkers = true, beforeStart }: TestStackOptions = {}): Promise<TestStack> {
  const started: Partial<Omit<TestStack, 'close' | 'cspViolations'>> = {};
  const cspViolations = new CspViolations();
  const failureWatch = watchForFailureReport();
  const close = async () => {
    failureWatch.forget();
    await started.browser?.close();
    await started.api?.close();
    await started.workers?.close();
    await started.testDb?.drop();
    await started.queues?.drop();
    cspViolations.assertNone();
  };
  try {
    const testDb = (started.testDb = await createTestDatabase(name));
    const queues = (started.queues = createTestQueues(name));
    // Two-factor sign-in is not required of admins here (the product's default) unless a file asks for it: the files
    // that sign in to the console test other things (console-two-factor.e2e.test.ts tests it).
    const config = loadRuntimeConfig({
      DATABASE_URL: testDb.url,
      REDIS_URL: queues.redisUrl,
      QUEUE_PREFIX: queues.prefix,
      PORT: '0',
      LOG_LEVEL: 'warn',
      STAFF_MFA_REQUIRED_FOR: 'none',
      ...env,
    });
    // A new database: the seed lists the whole shipped catalogue and says how many vehicles that is.
    const listed = seed ? await seedCatalogue(testDb.db) : 0;
    await beforeStart?.(testDb.db);
    const workers = (started.workers = withWorkers ? await startWorkers(config, { migrate: false }) : null);
    // Logs stay quiet; the violations browsers report to the API are kept.
    const api = (started.api = await startApi(config, { migrate: false, logger: { level: 'warn', stream: reportedViolations(cspViolations, failureWatch.apiError) } }));
    if (seed) await vi.waitFor(async () => expect((await testDb.db.selectFrom('vehicles').select('id').execute()).length).toBe(listed), { timeout: 15_000, interval: 100 });
    const browser = (started.browser = serviceWorkersOnRequest(await launchChromium()));
    watchBrowser(browser, cspViolations);
    failureWatch.watch(browser);
    return { testDb, queues, config, workers, api, browser, cspViolations, close };
  } catch (error) {
    // The step that failed is the one to report, not a later one in the clean-up.
    await close().catch(() => undefined);
    throw error;
  }
}

/** Sends `body` as JSON to the stack's API, as the storefront does. */
export function postJson(stack: TestStack, path: string, body: object): Promise<Response> {
  return fetch(`${stack.api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Waits until the projector has applied every event the API stored, as /api/health reports: what staff open next shows it. */
export async function projectorCaughtUp(stack: TestStack): Promise<void> {
  await vi.waitFor(
    async () => {
      const health = (await (await fetch(`${stack.api.url}/api/health`)).json()) as { checks: { projector: { eventsBehind: number } } };
      expect(health.checks.projector.eventsBehind).toBe(0);
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** The email the notifier recorded for `address` with `template` (its copy, kept as sent), once there is one. */
export async function sentEmailText(stack: TestStack, address: string, template: string): Promise<string> {
  let text = '';
  await vi.waitFor(
    async () => {
      const row = await stack.testDb.db.selectFrom('sent_emails').select('text').where('to_address', '=', address).where('template', '=', template).executeTakeFirst();
      expect(row).toBeDefined();
      text = row!.text;
    },
    { timeout: 15_000, interval: 100 },
  );
  return text;
}

/**
 * Contexts (and `browser.newPage()`, which opens one) have no service worker unless the test asks for one with
 * `serviceWorkers: 'allow'` (offline.e2e.test.ts): the storefront's worker fetches the API itself once it serves a page,
 * and page.route, which many files use to stand in for the API, does not see what a worker fetches.
 */
function serviceWorkersOnRequest(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}
