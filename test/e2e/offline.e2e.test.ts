import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { sql } from 'kysely';
import { startApi } from '@autobest/api';
import { samplePhoto } from '@autobest/runtime/testing';
import { startStack, type TestStack } from '../support/stack';
import { fillSellCarFields } from '../support/sellCarForm';
import { sendContactForm, type ContactFields } from '../support/contactForm';

const PHOTO = await samplePhoto({ width: 640, height: 480 });
const SLOTS = ['Front View', 'Rear View', 'Left Side', 'Right Side', 'Interior', 'Dashboard'];

const VEHICLE = '/vehicle/featured-toyota-venza-2024';

/** Waits until the storefront's service worker serves `page` (it registers once the page has loaded). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/**
 * Waits until the worker keeps the code of the page (the chunks whose file names `chunks` matches, `count` of them):
 * it was loaded before the worker served the page, and a reload with no connection needs it.
 */
async function pageCodeKept(page: Page, chunks: RegExp, count = 1): Promise<void> {
  await page.waitForFunction(
    async ({ source, count }) => {
      const loaded = new Set(performance.getEntriesByType('resource').flatMap((entry) => (new RegExp(source).test(entry.name) ? [entry.name] : [])));
      return loaded.size === count && (await Promise.all([...loaded].map((name) => caches.match(name)))).every((kept) => kept !== undefined);
    },
    { source: chunks.source, count },
  );
}

/** A POST as it ended: its Idempotency-Key, and the API's status, or 0 when it got no answer (no connection). */
interface Post {
  key: string;
  status: number;
}

/**
 * Every POST to a path `path` matches, as it ends. A failed check shows each one's answer: a request sent twice and a
 * request answered 409 (its key still being processed) are told apart.
 */
function postsTo(context: BrowserContext, path: RegExp): Post[] {
  const posts: Post[] = [];
  const matches = (request: Request) => request.method() === 'POST' && path.test(new URL(request.url()).pathname);
  const key = (request: Request) => request.headers()['idempotency-key'] ?? '';
  context.on('requestfinished', (request) => {
    if (matches(request)) void request.response().then((response) => posts.push({ key: key(request), status: response?.status() ?? 0 }));
  });
  context.on('requestfailed', (request) => {
    if (matches(request)) posts.push({ key: key(request), status: 0 });
  });
  return posts;
}

/** The POSTs the API answered. */
const answered = (posts: readonly Post[]) => posts.filter(({ status }) => status !== 0);

/** Waits until the request is in its read model, once (the projection follows the answer by a moment). */
async function recordedOnce(recorded: () => Promise<unknown[]>): Promise<void> {
  await vi.waitFor(async () => expect(await recorded()).toHaveLength(1), { timeout: 15_000, interval: 100 });
}

/**
 * Waits until the request is recorded once (`recorded` finds its rows) and exactly one POST reached the API, with an
 * Idempotency-Key: the one the draft kept through the reload.
 */
async function sentOnce(recorded: () => Promise<unknown[]>, posts: readonly Post[]): Promise<void> {
  await recordedOnce(recorded);
  await vi.waitFor(() => expect(answered(posts)).toEqual([{ key: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 201 }]), { timeout: 10_000 });
  expect(new Set(posts.map(({ key }) => key)).size).toBe(1);
}

/**
 * Reloads `page` once its waiting request is kept on the phone (IndexedDB, `autobest-drafts`): the page says it waits
 * a moment before the draft's write lands, and a visitor does not close the tab within milliseconds.
 */
async function reloadKeptWaiting(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const opening = indexedDB.open('autobest-drafts');
        opening.onerror = () => resolve(false);
        opening.onsuccess = () => {
          const database = opening.result;
          try {
            const reading = database.transaction('drafts').objectStore('drafts').getAll();
            reading.onsuccess = () => resolve((reading.result as unknown[]).some((kept) => (kept as { waiting?: unknown } | null)?.waiting === true));
            reading.onerror = () => resolve(false);
          } catch {
            resolve(false);
          } finally {
            database.close();
          }
        };
      }),
    undefined,
    { timeout: 10_000 },
  );
  await page.reload();
}

/** What a form says once its request was submitted with no connection. */
const WAITING = 'You are offline: your request will be sent when you are back online. Nothing you entered is lost.';

describe('the storefront offline (issue 42, point 2)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // Four times the public write limits: this file sends nine sell-car requests with one phone number and from one
    // proxy in a minute, more than a family does in an hour. Each visitor comes from a network of their own (visitor()).
    stack = await startStack('e2e_offline', { env: { ADMIN_PASSWORD: 'a long and secret password', PUBLIC_WRITE_LIMIT_SCALE: '4', TRUST_PROXY: '127.0.0.1' }, seed: true });
  });

  afterAll(async () => {
    await stack?.close();
  });

  let visitors = 0;
  async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
    // Each visitor from a network of their own, as sellers are: the API counts its limits per network (behind a trusted
    // proxy, from X-Forwarded-For), among them at most 16 unfinished photo uploads for an hour, and a page reloaded or
    // closed mid-upload leaves its uploads unfinished. From one address, this file's tests ran into it (429).
    const context = await stack.browser.newContext({ serviceWorkers: 'allow', extraHTTPHeaders: { 'X-Forwarded-For': `10.42.0.${++visitors}` } });
    await context.addInitScript(() => localStorage.setItem('user_currency', 'NGN'));
    return { context, page: await context.newPage() };
  }

  /** Opens /sell-car served by the worker, with its page's code kept for a reload with no connection. */
  async function openSellCar(page: Page) {
    await page.goto(`${stack.api.url}/sell-car`);
    const form = page.getByRole('form', { name: 'Sell your car form' });
    await form.getByLabel('Full Name').waitFor();
    await controlledByServiceWorker(page);
    await pageCodeKept(page, /\/SubmissionPage-[\w-]+\.js$/);
    return form;
  }

  /** Fills in the whole sell-car form, its six photos chosen and the terms agreed to. */
  async function fillSellCarForm(page: Page, email: string) {
    const form = page.getByRole('form', { name: 'Sell your car form' });
    await fillSellCarFields(form, {
      fullName: 'Ngozi Okafor',
      phone: '+234 803 555 0142',
      email: email,
      make: 'Honda',
      model: 'Accord',
      year: '2021',
      odometerKm: '41000',
      fuelType: 'petrol',
      transmission: 'automatic',
      askingPriceNgn: '8000000',
    });
    for (const label of SLOTS) await page.getByLabel(label, { exact: true }).setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: PHOTO });
    await form.getByLabel(/^I agree/).check();
  }

  /** Until every photo chosen has reached the API (they upload as soon as they are chosen). */
  async function photosUploaded(page: Page) {
    for (const label of SLOTS) await page.getByText(`✓ ${label} uploaded`).waitFor();
  }

  /**
   * A visitor on /sell-car as openSellCar leaves it, the page's clock under the test's hand (it runs as usual until
   * paused or moved), and the requests' POSTs (postsTo).
   */
  async function sellCarWithClock() {
    const { context, page } = await visitor();
    await page.clock.install();
    const posts = postsTo(context, /^\/api\/sell-car-submissions\/from-uploads$/);
    return { context, page, posts, form: await openSellCar(page) };
  }

  /** The buyer is told the sell-car request from `email` went through, and it was recorded once (sentOnce). */
  async function submittedOnce(page: Page, email: string, posts: readonly Post[]) {
    await page.getByText('Your car selling request has been submitted successfully!').waitFor();
    await sentOnce(() => stack.testDb.db.selectFrom('submissions').where('email', '=', email).select('id').execute(), posts);
  }

  it('pages a visitor opened open again with no connection, marked with when they were saved; the console does not', async () => {
    const { context, page } = await visitor();
    await page.goto(`${stack.api.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await controlledByServiceWorker(page);
    // Opened from the home page, as a visitor does: the vehicle's data and photos come through the worker.
    await page.goto(`${stack.api.url}${VEHICLE}`);
    await page.getByRole('heading', { name: /Toyota Venza/ }).first().waitFor();
    // Online, nothing says it was saved.
    expect(await page.getByRole('status').filter({ hasText: 'you are offline' }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /Toyota Venza/ }).first().waitFor();
    const note = page.getByRole('status').filter({ hasText: /^Saved .+ — you are offline$/ });
    await note.waitFor();
    expect(Date.parse((await note.getAttribute('data-saved-at')) ?? '')).toBeLessThanOrEqual(Date.now());

    await page.goto(`${stack.api.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await note.waitFor();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/api/rates', '/api/vehicles/featured-toyota-venza-2024']));
    expect(cached.filter((path) => /^\/(?:admin|api\/admin)|status/.test(path))).toEqual([]);

    // The staff console is never kept: offline it is the browser's own error, not a page from the cache.
    const admin = await (await context.newPage()).goto(`${stack.api.url}/admin`).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(admin).toMatch(/ERR_INTERNET_DISCONNECTED/);
    await context.close();
  });

  it('a sell-car request submitted with no connection is kept, through a reload, and sent once when the connection returns', async () => {
    const { context, page } = await visitor();
    const posts = postsTo(context, /^\/api\/sell-car-submissions\/from-uploads$/);
    const form = await openSellCar(page);
    await fillSellCarForm(page, 'ngozi.okafor@example.ng');
    // Sent with no connection, its photos already up (the next test has them cut off on their way).
    await photosUploaded(page);

    await context.setOffline(true);
    await page.getByText('You are offline. What you type and the photos you choose are kept on this phone.').waitFor();
    await form.getByRole('button', { name: 'Submit Request' }).click();
    const waiting = page.getByText(WAITING);
    await waiting.waitFor();

    // A reload with no connection: the page comes from the worker, the draft from IndexedDB, still waiting.
    await reloadKeptWaiting(page);
    await waiting.waitFor();
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Ngozi Okafor');
    expect(await form.getByLabel('Transmission').inputValue()).toBe('automatic');
    expect(await form.getByLabel(/^I agree/).isChecked()).toBe(true);
    for (const label of SLOTS) await page.getByRole('img', { name: label, exact: true }).waitFor();
    expect(await page.getByText('Dashboard.jpg').count()).toBe(1);
    // 'Try sending now' with no connection fails and keeps waiting: nothing reaches the API.
    await page.getByRole('button', { name: 'Try sending now' }).click();
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    await waiting.waitFor();
    expect(answered(posts)).toEqual([]);

    await context.setOffline(false);
    await submittedOnce(page, 'ngozi.okafor@example.ng', posts);
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');
    // Sent: nothing is kept any more; a new visit starts with an empty form.
    await page.reload();
    await form.getByLabel('Full Name').waitFor();
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');
    expect(await page.getByText('Nothing you entered is lost.').count()).toBe(0);
    await context.close();
  });

  it('a sell-car request submitted while its photos cannot get through says it waits for the connection, keeps waiting through a reload, and is sent once when the connection returns', async () => {
    const { context, page, posts, form } = await sellCarWithClock();
    // The connection goes while the photos upload: every upload request is cut off, then the phone is offline.
    await context.route('**/api/photo-uploads**', (route) => route.abort('internetdisconnected'));
    await fillSellCarForm(page, 'amara.nwosu@example.ng');
    await page.getByText('Connection lost: resuming where it stopped…').first().waitFor();
    await context.setOffline(true);
    const submit = form.getByRole('button', { name: 'Submit Request' });
    await submit.click();
    // Not a progress bar stopped at "Submitting...": the request waits for the connection, and says so.
    const waiting = page.getByText(WAITING);
    await waiting.waitFor();
    await submit.waitFor();
    expect(await submit.isEnabled()).toBe(true);
    await context.unroute('**/api/photo-uploads**');

    // Closed and opened again with no connection: the request still waits, its photos kept and trying to go up.
    await reloadKeptWaiting(page);
    await waiting.waitFor();
    for (const label of SLOTS) await page.getByRole('img', { name: label, exact: true }).waitFor();
    // Every photo's first attempt failed: each waits for its next one, or was given up on.
    const cutOff = page.getByText(/^Connection lost: resuming where it stopped…$| was not uploaded\. /);
    await vi.waitFor(async () => expect(await cutOff.count()).toBe(SLOTS.length), { timeout: 10_000 });
    expect(answered(posts)).toEqual([]);

    // Back online: the photos go up at once, not when their next attempt falls due (the page's clock, which runs with
    // this machine's, jumps a few seconds ahead and stands still from here), and the request is sent, once, without a
    // tap.
    await page.clock.pauseAt(Date.now() + 5_000);
    await context.setOffline(false);
    await submittedOnce(page, 'amara.nwosu@example.ng', posts);
    await context.close();
  });

  it('a sell-car request whose photos get nothing through while the phone says it is online waits, says so, and goes once they are through, even after the uploads gave up', async () => {
    const { context, page, posts, form } = await sellCarWithClock();
    // Online by the browser's word, but no photo's bytes get through: each upload is made, then cut off every time.
    const UPLOADS = '**/api/photo-uploads/**';
    await context.route(UPLOADS, (route) => (route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.fallback()));
    await fillSellCarForm(page, 'efe.okoro@example.ng');
    await page.getByText('Connection lost: resuming where it stopped…').first().waitFor();

    // Not "Submitting..." for as long as the uploads try: the request waits for the connection, and says so.
    await form.getByRole('button', { name: 'Submit Request' }).click();
    const waiting = page.getByText(WAITING);
    await waiting.waitFor();

    // Ten minutes of attempts (the page's clock run forward) and the uploads give up.
    const givenUp = page.getByText(/ was not uploaded\. /);
    await vi.waitFor(
      async () => {
        await page.clock.fastForward('03:00');
        expect(await givenUp.count()).toBe(SLOTS.length);
      },
      { timeout: 20_000, interval: 100 },
    );
    await waiting.waitFor();
    expect(answered(posts)).toEqual([]);

    // The network comes back unsteady: the first request of each upload is cut off once more, then they get through.
    await context.unroute(UPLOADS);
    const cutOnce = new Set<string>();
    await context.route(UPLOADS, (route) => {
      const upload = new URL(route.request().url()).pathname;
      if (cutOnce.has(upload)) return route.fallback();
      cutOnce.add(upload);
      return route.abort('connectionreset');
    });
    // Asked to try now, each photo goes again with all its attempts ahead of it, and the request goes once they are up.
    await page.getByRole('button', { name: 'Try sending now' }).click();
    await submittedOnce(page, 'efe.okoro@example.ng', posts);
    expect(cutOnce.size).toBe(SLOTS.length);
    await context.close();
  });

  /**
   * A sell-car request whose send is cut off by `cutOff` (the route of its POST, taken once), then `meanwhile`, a reload
   * with no connection and the connection back: the buyer is told it went through, and it is recorded once.
   */
  async function sentOnceAfterReload(email: string, cutOff: (route: Route, context: BrowserContext) => Promise<void>, meanwhile: () => Promise<void> = async () => undefined) {
    const { context, page } = await visitor();
    const form = await openSellCar(page);
    await fillSellCarForm(page, email);
    await photosUploaded(page);
    await context.route('**/api/sell-car-submissions/from-uploads', (route) => cutOff(route, context), { times: 1 });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    const waiting = page.getByText(WAITING);
    await waiting.waitFor();
    await meanwhile();

    await reloadKeptWaiting(page);
    await waiting.waitFor();
    await context.setOffline(false);
    await page.getByText('Your car selling request has been submitted successfully!').waitFor();
    await recordedOnce(() => stack.testDb.db.selectFrom('submissions').where('email', '=', email).select('id').execute());
    await context.close();
  }

  it('a sell-car request that reached the API although its answer was lost is sent once after a reload, the buyer told it went through', async () => {
    // The connection drops while the API answers: the request is recorded, the phone never hears so.
    await sentOnceAfterReload('tunde.bello@example.ng', async (route, context) => {
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
  });

  it("a sell-car request that never reached the API, its photos' uploads gone by the time the connection returns, is sent with the photos uploaded again", async () => {
    let uploadIds: string[] = [];
    await sentOnceAfterReload(
      'kemi.adebayo@example.ng',
      async (route, context) => {
        uploadIds = Object.values((route.request().postDataJSON() as { photos: Record<string, string> }).photos);
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      },
      async () => {
        // Away long enough for the API to delete the unused uploads (an hour without a byte).
        expect(uploadIds).toHaveLength(SLOTS.length);
        for (const id of uploadIds) expect((await fetch(`${stack.api.url}/api/photo-uploads/${id}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(204);
      },
    );
  });

  it('a sell-car request sent with its photos (the API too busy for uploads) whose answer was lost goes again as it went, in the same page: recorded once, the buyer told it went through', async () => {
    const { context, page } = await visitor();
    const multipartPosts = postsTo(context, /^\/api\/sell-car-submissions$/);
    const fromUploadsPosts = postsTo(context, /^\/api\/sell-car-submissions\/from-uploads$/);
    // The API too busy to start uploads (503), but for the dashboard's photo, whose upload is still on its way when the
    // form goes: the photos go with the form, as one multipart request.
    let dashboardCreation: ((route: Route) => void) | undefined;
    const dashboardRoute = new Promise<Route>((resolve) => (dashboardCreation = resolve));
    await context.route('**/api/photo-uploads', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const metadata = (await route.request().headerValue('upload-metadata')) ?? '';
      if (metadata === `filename ${Buffer.from('Dashboard.jpg').toString('base64')}`) return dashboardCreation?.(route);
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'service_unavailable', message: 'Too many photos are being uploaded right now. Please try again in a few minutes.' }) });
    });
    const form = await openSellCar(page);
    await fillSellCarForm(page, 'bisi.adeyemi@example.ng');
    for (const label of SLOTS.filter((slot) => slot !== 'Dashboard')) await form.getByRole('status').filter({ hasText: `${label} will be sent with the form` }).waitFor();

    // Recorded by the API, its answer lost with the connection; meanwhile the dashboard's upload is refused (the
    // network has too many unfinished uploads).
    let firstKey: string | null = null;
    await context.route(
      '**/api/sell-car-submissions',
      async (route) => {
        firstKey = await route.request().headerValue('idempotency-key');
        await route.fetch();
        await (await dashboardRoute).fulfill({ status: 429, headers: { 'Retry-After': '60' }, contentType: 'application/json', body: JSON.stringify({ error: 'rate_limited', message: 'Too many attempts. Please try again in 60 seconds.' }) });
        await form.getByText('Dashboard was not uploaded.').waitFor();
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      },
      { times: 1 },
    );
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText(WAITING).waitFor();
    // Read from the events, written before the API answers (the read model follows later).
    const recorded = () => stack.testDb.db.selectFrom('events').where('type', '=', 'SellCarSubmitted').where(sql<boolean>`data->'personalInfo'->>'email' = 'bisi.adeyemi@example.ng'`).select('stream_id').execute();
    expect(await recorded()).toHaveLength(1);

    // The connection back, the same page sends it again: as it went (with its photos, under its key), not as the
    // photos' uploads stand now.
    await context.setOffline(false);
    await page.getByText('Your car selling request has been submitted successfully!').waitFor();
    expect(await page.getByText(/^Too many attempts|^There was a problem submitting/).count()).toBe(0);
    expect(await recorded()).toHaveLength(1);
    // The send the page heard back from went under the recorded request's key; none named the photos' uploads.
    await vi.waitFor(() => expect(answered(multipartPosts)).toEqual([{ key: firstKey, status: 201 }]), { timeout: 10_000 });
    expect(fromUploadsPosts).toEqual([]);
    await context.close();
  });

  /**
   * A visitor (the page's clock under the test's hand when `clock`) on /contact, served by the worker with its page's
   * code kept, who sends `fields` with no connection: the message waits.
   */
  async function contactSentOffline(fields: ContactFields, { clock = false } = {}) {
    const { context, page } = await visitor();
    if (clock) await page.clock.install();
    const posts = postsTo(context, /^\/api\/contact-messages$/);
    await page.goto(`${stack.api.url}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('First name').waitFor();
    await controlledByServiceWorker(page);
    await pageCodeKept(page, /\/ContactPage-[\w-]+\.js$/);

    await context.setOffline(true);
    await page.getByText('You are offline. What you type is kept on this phone.').waitFor();
    await sendContactForm(form, fields);
    const waiting = page.getByText(WAITING);
    await waiting.waitFor();
    return { context, page, posts, form, waiting };
  }

  it('a contact message sent with no connection is kept, through a reload, and sent once when the connection returns', async () => {
    const { context, page, posts, form, waiting } = await contactSentOffline({
      firstName: 'Amaka',
      lastName: 'Nwosu',
      email: 'amaka.nwosu@example.ng',
      phone: '+234 803 555 0143',
      message: 'Can I see the Venza in Abuja on Saturday?',
    });

    await reloadKeptWaiting(page);
    await waiting.waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('Amaka');
    expect(await form.getByLabel('Message').inputValue()).toBe('Can I see the Venza in Abuja on Saturday?');
    expect(answered(posts)).toEqual([]);

    await context.setOffline(false);
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    const recorded = () => stack.testDb.db.selectFrom('events').where('type', '=', 'ContactMessageReceived').where(sql<boolean>`data->>'email' = 'amaka.nwosu@example.ng'`).select('stream_id').execute();
    await sentOnce(recorded, posts);
    // Sent: a new visit starts with an empty form and nothing waiting.
    await page.reload();
    await form.getByLabel('First name').waitFor();
    expect(await form.getByLabel('First name').inputValue()).toBe('');
    expect(await page.getByText('Nothing you entered is lost.').count()).toBe(0);
    expect(await recorded()).toHaveLength(1);
    await context.close();
  });

  it('a contact message whose send gets no answer as the connection returns (the signal back, the network not yet) goes again by itself, once', async () => {
    const { context, page, posts, waiting } = await contactSentOffline(
      { firstName: 'Chidi', lastName: 'Eze', email: 'chidi.eze@example.ng', phone: '+234 803 555 0144', message: 'Is the Venza still available in Lagos?' },
      { clock: true },
    );

    // The phone says it is online again, and the send that follows at once gets nothing back.
    await context.route('**/api/contact-messages', (route) => route.abort('connectionreset'), { times: 1 });
    await context.setOffline(false);
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    await waiting.waitFor();
    expect(answered(posts)).toEqual([]);

    // A few seconds later it goes again, without a tap and without the connection dropping and returning.
    await page.clock.fastForward(5_000);
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    await sentOnce(() => stack.testDb.db.selectFrom('events').where('type', '=', 'ContactMessageReceived').where(sql<boolean>`data->>'email' = 'chidi.eze@example.ng'`).select('stream_id').execute(), posts);
    await context.close();
  });

  it("a vehicle's reservation request made with no connection is kept, through a reload, and sent once when the connection returns", async () => {
    const { context, page } = await visitor();
    const posts = postsTo(context, /^\/api\/vehicles\/[^/]+\/reservations$/);
    await page.goto(`${stack.api.url}/`);
    await controlledByServiceWorker(page);
    await page.goto(`${stack.api.url}${VEHICLE}`);
    const form = page.getByRole('form', { name: 'Reserve this vehicle' });
    await form.getByLabel('Your name').waitFor();
    await pageCodeKept(page, /\/VehiclePage-[\w-]+\.js$/);

    await form.getByLabel('Your name').fill('Tunde Bakare');
    await form.getByLabel('Phone number').fill('+234 803 555 0144');
    await context.setOffline(true);
    await form.getByText('You are offline. What you type is kept on this phone.').waitFor();
    await form.getByRole('button', { name: /^Reserve Now/ }).click();
    const waiting = form.getByText(WAITING);
    await waiting.waitFor();

    await reloadKeptWaiting(page);
    await waiting.waitFor();
    expect(await form.getByLabel('Your name').inputValue()).toBe('Tunde Bakare');
    expect(await form.getByLabel('Phone number').inputValue()).toBe('+234 803 555 0144');
    expect(answered(posts)).toEqual([]);

    await context.setOffline(false);
    await page.getByText('Thank you, Tunde Bakare. Our sales team will call you on +234 803 555 0144 to confirm your reservation.').waitFor();
    const recorded = () => stack.testDb.db.selectFrom('events').where('type', '=', 'ReservationRequested').where(sql<boolean>`data->>'name' = 'Tunde Bakare'`).select('stream_id').execute();
    await sentOnce(recorded, posts);
    await page.reload();
    await form.getByLabel('Your name').waitFor();
    expect(await form.getByLabel('Your name').inputValue()).toBe('');
    await context.close();
  });

  it('a service booking (an enquiry dialog) sent with no connection waits, is there again when the dialog is opened after a reload, and is sent once online', async () => {
    const { context, page } = await visitor();
    const posts = postsTo(context, /^\/api\/enquiries$/);
    await page.goto(`${stack.api.url}/service`);
    await page.getByRole('heading', { name: 'Service & Maintenance', level: 1 }).waitFor();
    await controlledByServiceWorker(page);
    const openBooking = async () => {
      await page.getByRole('combobox', { name: 'Service' }).selectOption('brake-service');
      await page.getByRole('button', { name: 'Book Service Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book: Brake service' });
      await dialog.getByLabel('Full name').waitFor();
      return dialog;
    };
    let booking = await openBooking();
    await pageCodeKept(page, /\/(?:ServicePage|EnquiryDialog)-[\w-]+\.js$/, 2);

    await booking.getByLabel('Full name').fill('Halima Sule');
    await booking.getByLabel('Phone number').fill('08035550145');
    await context.setOffline(true);
    await booking.getByText('You are offline. What you type is kept on this phone.').waitFor();
    await booking.getByRole('button', { name: 'Send enquiry' }).click();
    const waiting = () => booking.getByText(WAITING);
    await waiting().waitFor();

    await reloadKeptWaiting(page);
    await page.getByRole('heading', { name: 'Service & Maintenance', level: 1 }).waitFor();
    booking = await openBooking();
    await waiting().waitFor();
    expect(await booking.getByLabel('Full name').inputValue()).toBe('Halima Sule');
    expect(answered(posts)).toEqual([]);

    await context.setOffline(false);
    await booking.getByText(/Thank you!/).waitFor();
    const recorded = () => stack.testDb.db.selectFrom('events').where('type', '=', 'EnquiryReceived').where(sql<boolean>`data->>'fullName' = 'Halima Sule'`).select('stream_id').execute();
    await sentOnce(recorded, posts);
    await context.close();
  });

  it('a new version of the worker waits while a visit goes on, and serves the next visit', async () => {
    // The built storefront copied, so this test can deploy a new worker without touching the one other files use.
    const storefrontDir = await mkdtemp(join(tmpdir(), 'autobest-storefront-'));
    await cp(fileURLToPath(new URL('../../web-storefront/dist', import.meta.url)), storefrontDir, { recursive: true });
    const api = await startApi(stack.config, { migrate: false, logger: false, webApps: { storefrontDir } });
    try {
      const { context, page } = await visitor();
      await page.goto(`${api.url}/`);
      await controlledByServiceWorker(page);
      await page.evaluate(() => Object.assign(window, { visitMarker: 'the same visit' }));

      // A deploy: sw.js changes (its compressed copies go, so the changed file itself is served).
      await appendFile(join(storefrontDir, 'sw.js'), '\n// a new version\n');
      await rm(join(storefrontDir, 'sw.js.br'));
      await rm(join(storefrontDir, 'sw.js.gz'));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed');

      // The visit goes on with the version it started with: no reload, the old worker still in charge.
      await page.getByRole('link', { name: 'Inventory', exact: true }).first().click();
      await page.getByRole('heading', { name: 'Search Inventory' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { visitMarker?: string }).visitMarker)).toBe('the same visit');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');

      // The next visit (the tab closed, the site opened again) is served by the new version.
      await page.close();
      const next = await context.newPage();
      await next.goto(`${api.url}/`);
      await next.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting === null && registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      });
      await context.close();
    } finally {
      await api.close();
      await rm(storefrontDir, { recursive: true, force: true });
    }
  });
});
