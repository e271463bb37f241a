import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { appendToStream } from '@autobest/db';
import {
  decideEnquiry,
  enquiryStreamId,
  initialEnquiryState,
  reservationRequestStreamId,
  SELL_CAR_PHOTO_SLOTS,
  STAFF_ROLES,
  TRADE_IN_PHOTO_SLOTS,
  vehicleStreamId,
  type ConsoleHome,
  type EventMetadata,
  type StaffRole,
} from '@autobest/domain';
import { listVehicle, requestReservation, sampleVenza } from '@autobest/domain/testing';
import { ALL_QUEUE_NAMES, createWorkerConnection, QUEUES } from '@autobest/runtime';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, photosWorkerThatFails, signIn, signInAs, type TestApp } from './support';
import { multipartBody, type FilePart } from './images';

/**
 * The console's home (issue 39): one answer with what waits for staff, each count only for a role that may read what
 * it counts, and each count the same rows as the list its card opens.
 */

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };

let t: TestApp;
const cookies = {} as Record<StaffRole, string>;

const home = async (role: StaffRole) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie: cookies[role] } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConsoleHome>();
};
/** How many rows the console's list shows for this filter (its Content-Range total). */
const listed = async (resource: string, filter: object) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`, headers: { cookie: cookies.admin } });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['content-range']?.toString().split('/')[1]);
};

const PHOTO = await samplePhoto({ width: 40, height: 30, format: 'png' });
const photos = (slots: readonly { slot: string }[]): FilePart[] => slots.map(({ slot }) => ({ name: slot, filename: `${slot}.png`, type: 'image/png', content: PHOTO }));
const common = { fullName: 'Tunde Bakare', phoneNumber: '+234 803 555 0142', email: 'tunde@example.ng', odometer: '84000', fuelType: 'petrol', transmission: 'automatic', underFinance: 'no', consent: 'true' };

async function submit(url: string, fields: Record<string, string>, files: FilePart[]) {
  const body = await multipartBody(fields, files);
  const response = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp('api_console_home', LOOSE_PUBLIC_WRITE_LIMITS);
  cookies.admin = await signIn(t.app);
  for (const role of STAFF_ROLES.filter((role) => role !== 'admin')) cookies[role] = await signInAs(t.app, role);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/home', () => {
  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home' })).statusCode).toBe(401);
  });

  it('counts new requests, leads waiting over a day, failed emails, failing feeds and failed jobs, each as its list shows them', async () => {
    expect(await home('admin')).toMatchObject({
      requests: { sellCarPending: 0, tradeInPending: 0, reservationsWaiting: 0, enquiriesWaiting: 0 },
      emails: { failed: 0 },
      news: { failingFeeds: 0 },
      rates: { state: 'reference', source: 'fallback', fetchedAt: null },
    });

    // Two sell-car requests and one trade-in, all new.
    const sellCar = { ...common, make: 'Toyota', model: 'Corolla', year: '2018', vin: '', knownIssues: '', askingPrice: '5200000' };
    await submit('/api/sell-car-submissions', sellCar, photos(SELL_CAR_PHOTO_SLOTS));
    await submit('/api/sell-car-submissions', { ...sellCar, phoneNumber: '+234 803 555 0143' }, photos(SELL_CAR_PHOTO_SLOTS));
    await submit('/api/trade-in-submissions', { ...common, vehicleMake: 'Honda', model: 'Accord', year: '2016' }, photos(TRADE_IN_PHOTO_SLOTS));

    // An enquiry from 30 hours ago and one from an hour ago; a reservation from two days ago and one from two hours ago.
    const enquiry = async (id: string, hours: number) =>
      appendToStream(t.testDb.db, enquiryStreamId(id), 0, decideEnquiry({ type: 'ReceiveEnquiry', enquiryId: id, input: { kind: 'deal', fullName: 'Ada Obi', phone: '08035550101', subject: 'Venza deal' }, now: hoursAgo(hours) }, initialEnquiryState), visitor);
    await enquiry('6d1c3a52-0000-4000-8000-0000000a0001', 30);
    await enquiry('6d1c3a52-0000-4000-8000-0000000a0002', 1);
    const vehicle = listVehicle(sampleVenza, hoursAgo(100));
    await appendToStream(t.testDb.db, vehicleStreamId(sampleVenza.id), 0, vehicle, visitor);
    const reserve = async (id: string, phone: string, hours: number) =>
      appendToStream(t.testDb.db, reservationRequestStreamId(id), 0, requestReservation(id, vehicle, { name: 'Chidi', phone }, hoursAgo(hours)), visitor);
    await reserve('6d1c3a52-0000-4000-8000-0000000b0001', '08035550111', 48);
    await reserve('6d1c3a52-0000-4000-8000-0000000b0002', '08035550112', 2);

    // An email the mail server refused for good.
    await t.testDb.db
      .insertInto('sent_emails')
      .values({ event_id: crypto.randomUUID(), template: 'home-test', to_address: 'typo@example.ng', subject: 'Subject', html: '<p>Hello</p>', text: 'Hello', status: 'failed', created_at: hoursAgo(3), sent_at: null })
      .execute();

    // Two enabled feeds, one whose last read failed.
    const source = async (name: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/news-sources', headers: { cookie: cookies.admin }, payload: { name, url: `https://${name.toLowerCase()}.example/feed.xml`, region: 'african', enabled: true } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const failing = await source('Failing');
    await source('Healthy');
    await t.testDb.db.insertInto('news_fetch_states').values({ source_id: failing, last_fetched_at: new Date(), consecutive_failures: 2, last_error: 'The feed answered 404 Not Found' }).execute();

    // A photo job that failed for good.
    const connection = createWorkerConnection(t.config.redisUrl);
    const worker = photosWorkerThatFails(t, connection);
    try {
      await t.app.queues.photos.add('catch-up', {}, { removeOnFail: false });
      await vi.waitFor(async () => expect(await t.app.queues.photos.getFailedCount()).toBe(1), { timeout: 10_000, interval: 50 });
    } finally {
      await worker.close();
      connection.disconnect();
    }

    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const answer = await home('admin');
    expect(answer).toMatchObject({
      requests: { sellCarPending: 2, tradeInPending: 1, reservationsWaiting: 1, enquiriesWaiting: 1 },
      emails: { failed: 1 },
      news: { failingFeeds: 1 },
      rates: { state: 'reference' },
    });
    expect(answer.queues?.failedJobs).toEqual(ALL_QUEUE_NAMES.map((queue) => ({ queue, failed: queue === QUEUES.photos ? 1 : 0 })));
    const since = Date.parse(answer.requests!.waitingSince);
    expect(Math.abs(since - hoursAgo(24).getTime())).toBeLessThan(60_000);

    // Each card opens a list filtered to the rows it counted.
    const { waitingSince } = answer.requests!;
    expect(await listed('sell-car-submissions', { status: 'pending' })).toBe(2);
    expect(await listed('trade-in-submissions', { status: 'pending' })).toBe(1);
    expect(await listed('reservation-requests', { status: 'new', dateTo: waitingSince })).toBe(1);
    expect(await listed('enquiries', { status: 'new', dateTo: waitingSince })).toBe(1);
    expect(await listed('emails', { status: 'failed' })).toBe(1);
    expect(await listed('news-sources', { enabled: true, failing: true })).toBe(1);
    expect(await listed('news-sources', { failing: false })).toBe(1);
  });

  it('says rates are stale when the rate service has missed a scheduled fetch, and current when it has not', async () => {
    const snapshot = async (hoursOld: number) => {
      await t.testDb.db.deleteFrom('rate_snapshots').execute();
      await t.testDb.db.insertInto('rate_snapshots').values({ source: 'openexchangerates', fetched_at: hoursAgo(hoursOld), rates: JSON.stringify({ NGN: 1600 }) }).execute();
      return (await home('admin')).rates;
    };
    // The default RATES_CRON runs every 6 hours.
    expect(await snapshot(0)).toMatchObject({ state: 'current', source: 'openexchangerates' });
    expect(await snapshot(13)).toMatchObject({ state: 'stale', source: 'openexchangerates' });
    await t.testDb.db.deleteFrom('rate_snapshots').execute();
  });

  it('gives each role only the counts of what it may read', async () => {
    const parts = async (role: StaffRole) => Object.keys(await home(role)).sort();
    expect(await parts('admin')).toEqual(['emails', 'news', 'queues', 'rates', 'requests']);
    expect(await parts('sales')).toEqual(['emails', 'news', 'rates', 'requests']);
    expect(await parts('viewer')).toEqual(['emails', 'news', 'rates', 'requests']);
    // Inventory reads no seller's or buyer's data: not even how many requests or emails there are.
    expect(await parts('inventory')).toEqual(['news', 'rates']);
  });

  it('is refused to a role that must set up two-factor sign-in first, unlike its own account', async () => {
    const strict = await createTestApp('api_console_home_mfa', { STAFF_MFA_REQUIRED_FOR: 'sales' });
    try {
      const cookie = await signInAs(strict.app, 'sales');
      const answer = await strict.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie } });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'two_factor_enrolment_required' });
      expect((await strict.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
