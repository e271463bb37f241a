import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
