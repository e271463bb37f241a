import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SELL_CAR_PHOTO_SLOTS } from '@autobest/domain';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';
import { multipartBody } from './images';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_list_filter_values', LOOSE_PUBLIC_WRITE_LIMITS, { withWorkers: true });
  cookie = await signIn(t.app);
  const vehicles = [
    ['fv-omoda', 'Chery', 'Omoda 5', 2024],
    ['fv-tiggo', 'Chery', 'Tiggo 8', 2023],
    ['fv-bz4x', 'Toyota', 'bZ4X', 2025],
    ['fv-venza', 'Toyota', 'Venza', 2024],
  ] as const;
  for (const [id, brand, model, year] of vehicles) {
    const vehicle = { id, name: `${brand} ${model}`, price: 30000, images: [{ url: '/vehicles/suv.svg', alt: model }], specifications: [{ name: 'Engine', value: '2.0' }], category: 'SUV', brand, model, year };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: vehicle, headers: { cookie } })).statusCode).toBe(201);
  }
  const photo = await samplePhoto({ width: 64, height: 48 });
  for (const [make, model, year] of [['Honda', 'Accord', '2016'], ['Kia', 'Rio', '2017'], ['Honda', 'Civic', '2019']] as const) {
    const fields = { fullName: 'Tunde Bakare', phoneNumber: '+234 803 555 0142', email: 'tunde@example.ng', make, model, year, odometer: '84000', fuelType: 'petrol', transmission: 'automatic', underFinance: 'no', askingPrice: '5200000', consent: 'true' };
    const body = await multipartBody(fields, SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: photo })));
    expect((await t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body.payload, headers: body.headers })).statusCode).toBe(201);
  }
  await t.app.readModels.waitFor('vehicles', async () => false);
});
afterAll(async () => {
  await t?.close();
});

const values = (url: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url, headers });

describe("the console lists' make, model and year filters", () => {
  it('offer the makes, models and years the catalogue holds, models of the chosen make only', async () => {
    const all = await values('/api/admin/vehicles/filter-values');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ make: ['Chery', 'Toyota'], model: ['Omoda 5', 'Tiggo 8', 'Venza', 'bZ4X'], year: ['2025', '2024', '2023'] });
    const toyota = await values('/api/admin/vehicles/filter-values?make=toyota');
    expect(toyota.json<{ model: string[] }>().model).toEqual(['Venza', 'bZ4X']);
  });

  it("offer the sell-car requests' own makes, models and years, and the list filters on the chosen ones", async () => {
    await vi.waitFor(async () => expect((await values('/api/admin/sell-car-submissions/filter-values')).json<{ make: string[] }>().make).toEqual(['Honda', 'Kia']), { timeout: 15_000, interval: 100 });
    const answer = (await values('/api/admin/sell-car-submissions/filter-values?make=Honda')).json();
    expect(answer).toEqual({ make: ['Honda', 'Kia'], model: ['Accord', 'Civic'], year: ['2019', '2017', '2016'] });
    // Trade-in requests are another list: none here.
    expect((await values('/api/admin/trade-in-submissions/filter-values')).json()).toEqual({ make: [], model: [], year: [] });
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/sell-car-submissions', query: { filter: JSON.stringify({ make: 'Honda', model: 'Civic', year: '2019' }) }, headers: { cookie } });
    expect(listed.json<Array<{ model: string }>>().map((record) => record.model)).toEqual(['Civic']);
    const vehicles = await t.app.inject({ method: 'GET', url: '/api/admin/vehicles', query: { filter: JSON.stringify({ brand: 'Chery', model: 'Tiggo 8', year: '2023' }) }, headers: { cookie } });
    expect(vehicles.json<Array<{ id: string }>>().map((record) => record.id)).toEqual(['fv-tiggo']);
  });

  it('are for staff only, and name a bad make', async () => {
    expect((await values('/api/admin/vehicles/filter-values', {})).statusCode).toBe(401);
    expect((await values('/api/admin/sell-car-submissions/filter-values', {})).statusCode).toBe(401);
    const tooLong = await values(`/api/admin/vehicles/filter-values?make=${'x'.repeat(61)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fields: Record<string, string> }>().fields).toEqual({ make: 'Make must be at most 60 characters' });
  });
});
