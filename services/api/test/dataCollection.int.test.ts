import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedTiggo2Pro } from '@autobest/domain/testing';
import { createTestApp, signIn, type TestApp, STAFF_NAME } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_data_collection', {}, { withWorkers: true });
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
const record = collectedTiggo2Pro;

describe('vehicle data collection', () => {
  it('lists every variant as Pending, then WIP with its failing checks, then Done, and publishes it', async () => {
    const start = (await admin('GET', '/api/admin/data-collection')).json<{ summary: { total: number; pending: number } }>();
    expect(start.summary).toMatchObject({ total: 153, pending: 153 });

    const wip = await admin('PUT', '/api/admin/data-collection/chery-tiggo-2-pro-comfort-2023', { ...record, priceSource: 'https://cars.example' });
    expect(wip.statusCode).toBe(200);
    expect(wip.json()).toMatchObject({ status: 'WIP', issues: ['Price source must be from auto-in-china.com'], updatedBy: STAFF_NAME, version: 1 });
    expect((await admin('POST', '/api/admin/data-collection/chery-tiggo-2-pro-comfort-2023/publish')).statusCode).toBe(409);

    const done = await admin('PUT', '/api/admin/data-collection/chery-tiggo-2-pro-comfort-2023', { ...record, dataVerified: true, imagesVerified: true, expectedVersion: 1 });
    expect(done.json()).toMatchObject({ status: 'Done', issues: [] });
    const stale = await admin('PUT', '/api/admin/data-collection/chery-tiggo-2-pro-comfort-2023', { ...record, expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);

    const published = await admin('POST', '/api/admin/data-collection/chery-tiggo-2-pro-comfort-2023/publish');
    expect(published.json()).toEqual({ vehicleId: 'chery-tiggo-2-pro-comfort-2023' });
    const vehicle = await admin('GET', '/api/admin/vehicles/chery-tiggo-2-pro-comfort-2023');
    expect(vehicle.json()).toMatchObject({ name: 'Chery Tiggo 2 Pro', price: 14500, year: 2023, images: expect.arrayContaining([expect.objectContaining({ url: 'https://img.example/f.jpg' })]) });

    expect((await admin('PUT', '/api/admin/data-collection/not-a-variant', record)).statusCode).toBe(404);
  });

  it('exports a dated CSV and a QA report', async () => {
    const csv = await admin('GET', '/api/admin/data-collection/export.csv');
    expect(csv.headers['content-disposition']).toMatch(/vehicle-data-collection-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body.split('\n').filter(Boolean)).toHaveLength(154);
    const report = await admin('GET', '/api/admin/data-collection/qa-report.txt');
    expect(report.headers['content-disposition']).toMatch(/QA-report-\d{4}-\d{2}-\d{2}\.txt/);
    expect(report.body).toContain('Done 1');
  });

  it('publishes an electric variant with the driving range its record gives, its trim, ordered from the factory', async () => {
    const variant = 'byd-atto-3-extended-range-2025';
    const atto = { ...record, priceSource: 'https://www.auto-in-china.com/byd/atto-3', engineType: 'Electric motor', fuelType: 'electric', evRange: '420 km (WLTP)', dataVerified: true, imagesVerified: true };
    expect((await admin('PUT', `/api/admin/data-collection/${variant}`, atto)).json()).toMatchObject({ status: 'Done' });
    expect((await admin('POST', `/api/admin/data-collection/${variant}/publish`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/admin/vehicles/${variant}`)).json()).toMatchObject({ fuelType: 'electric', evRangeKm: 420, trim: 'Extended Range', importStatus: 'on-order' });
    // A petrol car has no driving range on electricity.
    const tiggo = await admin('GET', '/api/admin/vehicles/chery-tiggo-2-pro-comfort-2023');
    expect(tiggo.json()).toMatchObject({ evRangeKm: null, trim: 'Comfort' });
  });

  it('refuses to publish a Done record whose values do not fit a listing, naming them', async () => {
    const variant = 'chery-tiggo-2-pro-luxury-2023';
    const saved = await admin('PUT', `/api/admin/data-collection/${variant}`, { ...record, fobPriceUSD: 1e300, engineType: 'x'.repeat(300), dataVerified: true, imagesVerified: true });
    expect(saved.json()).toMatchObject({ status: 'Done', issues: [] });
    const published = await admin('POST', `/api/admin/data-collection/${variant}/publish`);
    expect(published.statusCode).toBe(409);
    expect(published.json()).toMatchObject({ error: 'not_ready', message: expect.stringMatching(/price: .*specifications\.0\.value: /) });
    expect((await admin('GET', `/api/admin/vehicles/${variant}`)).statusCode).toBe(404);
  });
});
