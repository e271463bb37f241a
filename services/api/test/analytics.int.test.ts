import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS } from '../src/plugins/publicWriteLimits';
import { createTestApp, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_analytics');
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const now = () => new Date().toISOString();
const send = (sessionId: string, events: object[]) => t.app.inject({ method: 'POST', url: '/api/analytics/events', payload: { sessionId, events } });

describe('analytics', () => {
  it('stores batches and charts page views, top vehicles and the funnels', async () => {
    expect((await send('session-aaaa', [
      { event: 'page_view', properties: { page: 'homepage' }, timestamp: now() },
      { event: 'page_view', properties: { page: 'sell_car' }, timestamp: now() },
      { event: 'image_upload', properties: { type: 'front', form: 'sell-car' }, timestamp: now() },
      { event: 'sell_car_form_submit', properties: {}, timestamp: now() },
      { event: 'inventory_vehicle_view', properties: { vehicleId: 'byd-seal-dynamic-2025' }, timestamp: now() },
    ])).statusCode).toBe(204);
    await send('session-bbbb', [
      { event: 'page_view', properties: { page: 'sell_car' }, timestamp: now() },
      { event: 'inventory_vehicle_view', properties: { vehicleId: 'byd-seal-dynamic-2025' }, timestamp: now() },
      { event: 'inventory_vehicle_view', properties: { vehicleId: 'kia-sportage-lx-2024' }, timestamp: new Date(Date.now() + 86_400_000).toISOString() },
    ]);

    const admin = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    const views = (await admin('/api/admin/analytics/page-views')) as Array<{ page: string; views: number }>;
    expect(Object.fromEntries(views.map((row) => [row.page, row.views]))).toEqual({ homepage: 1, sell_car: 2 });
    expect(await admin('/api/admin/analytics/top-vehicles')).toEqual([
      { vehicleId: 'byd-seal-dynamic-2025', name: 'byd-seal-dynamic-2025', views: 2 },
      { vehicleId: 'kia-sportage-lx-2024', name: 'kia-sportage-lx-2024', views: 1 },
    ]);
    expect(await admin('/api/admin/analytics/funnel')).toMatchObject({
      sellCar: [
        { step: 'Form viewed', sessions: 2 },
        { step: 'Photo uploaded', sessions: 1 },
        { step: 'Submitted', sessions: 1 },
      ],
    });
  });

  it('refuses unknown events and oversized batches, naming the problem', async () => {
    const unknown = await send('session-cccc', [{ event: 'buy_now_clicked', timestamp: now() }]);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: object }>().fields)).toEqual(['events.0.event']);
    const tooMany = await send('session-cccc', Array.from({ length: 101 }, () => ({ event: 'page_view', timestamp: now() })));
    expect(tooMany.json<{ fields: Record<string, string> }>().fields['events']).toBe('At most 100 events per batch');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/funnel' })).statusCode).toBe(401);
  });
});

/** Each test sends from addresses and sessions of its own, so one test's counts never reach another's. */
let spare = 0;
const newAddress = () => `192.0.2.${++spare}`;
const newSession = (label: string) => `${label}-${++spare}-session`;

const sendFrom = (remoteAddress: string, sessionId: string, events: object[]) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/events', remoteAddress, payload: { sessionId, events } });

/** What the table holds for sessions whose id starts with `label`: rows, the bytes of those rows, their properties. */
async function stored(label: string) {
  const { rows } = await sql<{ rows: number; bytes: number }>`
    select count(*)::int as rows, coalesce(sum(pg_column_size(analytics_events.*)), 0)::int as bytes
    from analytics_events where session_id like ${`${label}-%`}`.execute(t.testDb.db);
  const properties = await t.testDb.db.selectFrom('analytics_events').select(['event', 'properties']).where('session_id', 'like', `${label}-%`).orderBy('id').execute();
  return { rows: rows[0]!.rows, bytes: rows[0]!.bytes, properties };
}

function expectTryAgainWithin(response: LightMyRequestResponse, seconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: 'rate_limited' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(seconds);
}

/**
 * The limits per minute start again, as they would a minute later (the limits per day stay): this file's Redis
 * prefix is its own, so only its counters go.
 */
async function aMinuteLater() {
  const keys = await t.app.redis.keys(`${t.queues.prefix}:rate-limit:analytics-events-*`);
  if (keys.length > 0) await t.app.redis.del(...keys);
}

/**
 * The largest event a client may send (its properties just within 1024 bytes), with a made-up key besides; fifty of
 * them fill a batch to nearly the 64 KB a request may carry.
 */
const largestClick = () => ({
  event: 'user_interaction',
  properties: { action: 'a'.repeat(200), brand: 'b'.repeat(200), category: 'c'.repeat(200), source: 'd'.repeat(200), subject: 'e'.repeat(150), junk: 'x'.repeat(100) },
  timestamp: now(),
});
const fullBatch = () => Array.from({ length: 50 }, largestClick);

describe('what one address may store', () => {
  it("refuses the issue's 61 KB batches (values too long) and keeps nothing of them", async () => {
    const address = newAddress();
    const event = { event: 'page_view', properties: { page: 'x'.repeat(500) }, timestamp: now() };
    for (let i = 0; i < 20; i++) {
      const response = await sendFrom(address, newSession('long'), Array.from({ length: 100 }, () => event));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields['events.0.properties.page']).toBe('At most 200 characters');
    }
    expect((await stored('long')).rows).toBe(0);
  });

  it('stores at most 300 events a minute from one address, however many sessions it makes up, well under 2 MB; then 429', async () => {
    const address = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 200; i++) {
      const response = await sendFrom(address, newSession('flood'), fullBatch());
      answers.push(response.statusCode);
      if (response.statusCode === 429) expectTryAgainWithin(response, 60);
    }
    expect(answers.slice(0, 6)).toEqual(Array(6).fill(204));
    expect(answers.slice(6).every((status) => status === 429)).toBe(true);
    const { rows, bytes, properties } = await stored('flood');
    expect(rows).toBe(300);
    expect(bytes).toBeLessThan(500_000);
    // The made-up key was not kept.
    expect(properties.every((row) => !('junk' in (row.properties as object)))).toBe(true);
    // Another address is not affected.
    expect((await sendFrom(newAddress(), newSession('flood'), [largestClick()])).statusCode).toBe(204);
  });

  it('stores at most 4 MB a day from one address, minute after minute', async () => {
    const address = newAddress();
    let refusedFor = 0;
    for (let minute = 0; minute < 20 && refusedFor === 0; minute++) {
      for (let i = 0; i < 6; i++) {
        const response = await sendFrom(address, newSession('daily'), fullBatch());
        if (response.statusCode === 429) {
          refusedFor = Number(response.headers['retry-after']);
          break;
        }
        expect(response.statusCode).toBe(204);
      }
      await aMinuteLater();
    }
    // Refused until the day is over, not for a minute.
    expect(refusedFor).toBeGreaterThan(60 * 60);
    expectTryAgainWithin(await sendFrom(address, newSession('daily'), [{ event: 'page_view', properties: { page: 'homepage' }, timestamp: now() }]), 24 * 60 * 60);
    const { rows, bytes } = await stored('daily');
    expect(bytes).toBeLessThanOrEqual(ANALYTICS_LIMITS.bytesPerAddress.max);
    expect(bytes).toBeGreaterThan(ANALYTICS_LIMITS.bytesPerAddress.max * 0.6);
    expect(rows).toBeLessThan(4000);
  });

  it('one session: at most 120 events a minute and 250 KB a day, from whatever addresses', async () => {
    const session = newSession('tab');
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) answers.push((await sendFrom(newAddress(), session, Array.from({ length: 10 }, largestClick))).statusCode);
    expect(answers).toEqual([...Array(12).fill(204), 429, 429, 429]);
    let refused: LightMyRequestResponse | undefined;
    for (let minute = 0; minute < 5 && !refused; minute++) {
      await aMinuteLater();
      for (let i = 0; i < 12 && !refused; i++) {
        const response = await sendFrom(newAddress(), session, Array.from({ length: 10 }, largestClick));
        if (response.statusCode !== 204) refused = response;
      }
    }
    expectTryAgainWithin(refused!, 24 * 60 * 60);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect((await stored('tab')).bytes).toBeLessThanOrEqual(ANALYTICS_LIMITS.bytesPerSession.max);
  });
});

describe('what an event may carry', () => {
  it("keeps each event's own properties and drops the rest", async () => {
    const session = newSession('vocabulary');
    const response = await sendFrom(newAddress(), session, [
      { event: 'page_view', properties: { page: 'sell_car', vehicleId: 'forged-vehicle', form: 'sell-car', html: '<script>' }, timestamp: now() },
      { event: 'sell_car_form_submit', properties: { make: 'Toyota', year: '2018', email: 'someone@example.ng' }, timestamp: now() },
    ]);
    expect(response.statusCode).toBe(204);
    expect((await stored('vocabulary')).properties).toEqual([
      { event: 'page_view', properties: { page: 'sell_car' } },
      { event: 'sell_car_form_submit', properties: { make: 'Toyota', year: '2018' } },
    ]);
  });

  it('refuses values of the wrong kind or size, naming the field, and keeps nothing of the batch', async () => {
    const refused = async (properties: object, event = 'trade_in_form_submit') => {
      const response = await sendFrom(newAddress(), newSession('refused'), [{ event: 'page_view', properties: { page: 'homepage' }, timestamp: now() }, { event, properties, timestamp: now() }]);
      expect(response.statusCode).toBe(400);
      return response.json<{ fields: Record<string, string> }>().fields;
    };
    expect(await refused({ vehicleMake: 'x'.repeat(201) })).toEqual({ 'events.1.properties.vehicleMake': 'At most 200 characters' });
    expect(Object.keys(await refused({ imagesCount: 'many' }))).toEqual(['events.1.properties.imagesCount']);
    expect(Object.keys(await refused({ imagesCount: 1e9 }))).toEqual(['events.1.properties.imagesCount']);
    expect(Object.keys(await refused({ vehicleMake: { nested: 'object' } }))).toEqual(['events.1.properties.vehicleMake']);
    expect(Object.keys(await refused({ vehicleMake: ['a', 'list'] }))).toEqual(['events.1.properties.vehicleMake']);
    // 200 characters each, but four bytes a character: the event is over 1024 bytes.
    expect(await refused({ action: '😀'.repeat(100), brand: '😀'.repeat(100), source: '😀'.repeat(100) }, 'user_interaction')).toEqual({
      'events.1.properties': 'At most 1024 bytes of properties',
    });
    expect((await stored('refused')).rows).toBe(0);
  });

  it('stores what the storefront sends in a visit exactly as before', async () => {
    const session = crypto.randomUUID();
    // Every kind of event the storefront's track() calls send, with the properties they send.
    const visit = [
      { event: 'page_view', properties: { page: 'homepage' } },
      { event: 'page_view', properties: { page: '/vehicle/chery-omoda-5-2024' } },
      { event: 'user_interaction', properties: { action: 'find_my_car', filters: 'condition=new&make=Toyota&location=Lagos' } },
      { event: 'user_interaction', properties: { action: 'deal_enquiry', kind: 'deal', subject: 'Get this deal: 2024 Chery Omoda 5' } },
      { event: 'user_interaction', properties: { action: 'news_article_open', articleId: 'a1b2c3', source: 'Nairametrics', region: 'africa', where: 'trending' } },
      { event: 'user_interaction', properties: { action: 'tara_suggestion', position: 2 } },
      { event: 'user_interaction', properties: { action: 'tara_quick_reply', reply: 'budget' } },
      { event: 'user_interaction', properties: { action: 'insurance_get_quote', plan: 'comprehensive' } },
      { event: 'user_interaction', properties: { action: 'video_play', videoId: 'v-42', brand: 'BYD' } },
      { event: 'user_interaction', properties: { action: 'book_service', service: 'oil-change' } },
      { event: 'user_interaction', properties: { action: 'tara_sort', sort: 'price' } },
      { event: 'user_interaction', properties: { action: 'chat_button_open' } },
      { event: 'conversation_stage', properties: { stage: 'needs-assessment', conversationId: crypto.randomUUID() } },
      { event: 'navigation_back_to_home', properties: { from: '/on-sale' } },
      { event: 'navigation_back_to_buy_cars', properties: { from: '/electric-cars' } },
      { event: 'image_upload', properties: { type: 'front', form: 'trade-in' } },
      { event: 'trade_in_form_submit', properties: { vehicleMake: 'Honda', year: '2016', imagesCount: 3 } },
      { event: 'sell_car_form_submit', properties: { make: 'Toyota', year: '2018' } },
      { event: 'electric_vehicle_click', properties: { vehicleId: 'byd-seal-dynamic-2025', vehicleName: 'BYD Seal Dynamic' } },
      { event: 'inventory_vehicle_view', properties: { vehicleId: 'byd-seal-dynamic-2025' } },
    ];
    expect((await sendFrom(newAddress(), session, visit.map((event) => ({ ...event, timestamp: now() })))).statusCode).toBe(204);
    const rows = await t.testDb.db.selectFrom('analytics_events').select(['event', 'properties']).where('session_id', '=', session).orderBy('id').execute();
    expect(rows).toEqual(visit);
  });
});
