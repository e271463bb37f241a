import { catchUpCompletely } from '@autobest/projections/testing';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { SHIPPED_CATALOGUE_SIZE, seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, type TestApp } from './support';

interface SearchResult {
  items: Array<{ id: string; name: string; brand: string; model: string; year: number; category: string; price: { amount: number; currency: string }; displayPrice: { amount: number; currency: string } }>;
  total: number;
  facets: Record<string, Array<{ value: string; count: number }>>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('api_inventory');
  expect(await seedCatalogue(t.testDb.db)).toBe(SHIPPED_CATALOGUE_SIZE);
  expect(await seedCatalogue(t.testDb.db)).toBe(0);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
});
afterAll(async () => {
  await t?.close();
});

const search = async (query: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/vehicles', query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>();
};

describe('GET /api/vehicles', () => {
  it('pages through the whole catalogue with facet counts that add up', async () => {
    const first = await search({ pageSize: '10' });
    expect(first.total).toBe(SHIPPED_CATALOGUE_SIZE);
    expect(first.items).toHaveLength(10);
    const makes = Object.fromEntries(first.facets['make']!.map((facet) => [facet.value, facet.count]));
    expect(makes['Toyota']).toBe(6 * 2 * 3 + 2);
    expect(makes['ROX']).toBe(6);
    expect(first.facets['make']!.reduce((sum, facet) => sum + facet.count, 0)).toBe(SHIPPED_CATALOGUE_SIZE);
    const last = await search({ pageSize: '60', page: '3' });
    expect(last.items).toHaveLength(42);
  });

  it('finds by words as prefixes across name, brand, model and features', async () => {
    const corolla = await search({ q: 'toyota cor', pageSize: '60' });
    expect(corolla.total).toBe(12); // Corolla and Corolla Cross: 2 variants × 3 years each
    expect(corolla.items.every((item) => item.model.startsWith('Corolla'))).toBe(true);
    expect((await search({ q: 'sunroof' })).total).toBeGreaterThan(0);
    expect((await search({ q: '%_*' })).total).toBe(SHIPPED_CATALOGUE_SIZE);
  });

  it('applies the spec tab rules', async () => {
    const trucks = await search({ tab: 'trucks', pageSize: '60' });
    expect(trucks.items.every((item) => /truck|pickup/i.test(item.category))).toBe(true);
    expect(trucks.total).toBe(6);
    const electrified = await search({ tab: 'electrified', pageSize: '60' });
    expect(electrified.items.every((item) => /electric|hybrid/i.test(item.category))).toBe(true);
    const cars = await search({ tab: 'cars-minivan', pageSize: '60' });
    expect(cars.items.every((item) => /sedan|hatchback|coupe/i.test(item.category))).toBe(true);
  });

  it('filters a price range given in naira and sorts by price', async () => {
    // ₦30,800,000–₦38,500,000 at 1540 per dollar is $20,000–$25,000.
    const range = await search({ priceMin: '30800000', priceMax: '38500000', currency: 'NGN', sort: 'price-asc', pageSize: '60' });
    expect(range.total).toBeGreaterThan(0);
    const usd = range.items.filter((item) => item.price.currency === 'USD').map((item) => item.price.amount);
    expect(usd.every((price) => price >= 20_000 && price <= 25_000)).toBe(true);
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
    expect(range.items[0]!.displayPrice.currency).toBe('NGN');
    expect(range.items[0]!.displayPrice.amount).toBeCloseTo(range.items[0]!.price.amount * 1540, 0);
  });

  it('combines make, model, years, condition and location', async () => {
    const result = await search({ make: 'byd', model: 'seal', yearMin: '2024', yearMax: '2025', pageSize: '60' });
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.brand === 'BYD' && item.model === 'Seal' && item.year >= 2024)).toBe(true);
    const lagos = await search({ location: 'lagos', condition: 'new', pageSize: '60' });
    expect(lagos.total).toBeGreaterThan(0);
  });

  it('answers 400 naming the parameter for bad input', async () => {
    for (const [query, field] of [
      [{ tab: 'boats' }, 'tab'],
      [{ currency: 'EUR' }, 'currency'],
      [{ sort: 'cheapest' }, 'sort'],
      [{ yearMin: '2025', yearMax: '2020' }, 'yearMax'],
      [{ pageSize: '1000' }, 'pageSize'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/api/vehicles', query });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
  });
});

describe('search answers on the wire', () => {
  it('sends the same answer in Brotli, gzip or as it is, as the client accepts, the same again from the cache', async () => {
    const url = '/api/vehicles?tab=crossovers-suvs&sort=price-desc';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toContain('max-age');
    expect(plain.headers['x-request-id']).toBeTruthy();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['br', 'br', brotliDecompressSync],
    ] as const) {
      for (let time = 0; time < 2; time++) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['vary']).toBe('Accept-Encoding');
        expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })).body).toBe(plain.body);
    // A refused query is refused every time: only answers that were valid are kept.
    for (let time = 0; time < 2; time++) expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?tab=boats' })).statusCode).toBe(400);
  });
});

describe('vehicle, stats, rates and reservations', () => {
  it('shows one vehicle with its own name and price, and 404 for an unknown id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vehicles/featured-toyota-venza-2024?currency=KES' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Toyota Venza', price: { amount: 68_800_000, currency: 'NGN' }, displayPrice: { currency: 'KES' } });
    expect(response.headers['cache-control']).toContain('max-age');
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/no-such-car' })).statusCode).toBe(404);
  });

  it('counts the catalogue and averages its price in dollars', async () => {
    const stats = (await t.app.inject({ method: 'GET', url: '/api/vehicles/stats' })).json<{ total: number; byBrand: Record<string, number>; avgPrice: number }>();
    expect(stats.total).toBe(SHIPPED_CATALOGUE_SIZE);
    expect(stats.byBrand['Chery']).toBe(30 + 1 + 1);
    expect(stats.avgPrice).toBeGreaterThan(10_000);
  });

  it("lists each brand's models and a price range that matches the cheapest and dearest listing, in the asked currency", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vehicles/brands?currency=GHS' });
    expect(response.statusCode, response.body).toBe(200);
    const { brands } = response.json<{ brands: Array<{ brand: string; count: number; models: Array<{ model: string; count: number }>; priceMin: { amount: number; currency: string }; priceMax: { amount: number; currency: string } }> }>();
    const chery = brands.find((entry) => entry.brand === 'Chery')!;
    expect(chery.count).toBe(32);
    expect(chery.models.reduce((sum, entry) => sum + entry.count, 0)).toBe(32);
    expect(chery.models.map((entry) => entry.model)).toContain('Tiggo 8 Pro');
    const cheapest = (await search({ make: 'chery', sort: 'price-asc', pageSize: '1', currency: 'GHS' })).items[0]!;
    const dearest = (await search({ make: 'chery', sort: 'price-desc', pageSize: '1', currency: 'GHS' })).items[0]!;
    expect(chery.priceMin).toEqual(cheapest.displayPrice);
    expect(chery.priceMax).toEqual(dearest.displayPrice);
    expect(brands.reduce((sum, entry) => sum + entry.count, 0)).toBe(SHIPPED_CATALOGUE_SIZE);
    const refused = await t.app.inject({ method: 'GET', url: '/api/vehicles/brands?currency=EUR' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('currency must be one of');
  });

  it('serves the fallback rates until the rate service has answered', async () => {
    const rates = (await t.app.inject({ method: 'GET', url: '/api/rates' })).json<{ source: string; rates: Record<string, number> }>();
    expect(rates.source).toBe('fallback');
    expect(rates.rates).toMatchObject({ NGN: 1540, ZAR: 18.5, KES: 130, GHS: 12.5, ETB: 55, TZS: 2500, UGX: 3800, XOF: 600, XAF: 600, AOA: 830 });
  });

  it('records a reservation request and refuses one for an unknown vehicle', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/vehicles/byd-seal-dynamic-2025/reservations', payload: { name: 'Chidi', phone: '0803 555 0100' } });
    expect(created.statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: '/api/vehicles/nope/reservations', payload: { name: 'Chidi', phone: '0803 555 0100' } });
    expect(refused.statusCode).toBe(404);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/vehicles/byd-seal-dynamic-2025/reservations', payload: { name: '', phone: '12' } });
    expect(invalid.json<{ fields: object }>().fields).toEqual({ name: 'Name is required', phone: 'Please enter a valid phone number' });
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const rows = await t.testDb.db.selectFrom('reservation_requests').selectAll().execute();
    expect(rows.map((row) => [row.vehicle_name, row.name])).toEqual([['BYD Seal', 'Chidi']]);
  });
});

describe('collections of the Complete Inventory page', () => {
  it('matches suv and sedan on the category, electric and hybrid also on a feature, and counts each', async () => {
    const all = await search({});
    const counts = Object.fromEntries(all.facets['collection']!.map((facet) => [facet.value, facet.count]));
    for (const id of ['suv', 'sedan', 'electric', 'hybrid']) {
      const result = await search({ collection: id, pageSize: '60' });
      expect(result.total, id).toBe(counts[id]);
      expect(result.total, id).toBeGreaterThan(0);
    }
    expect(counts['luxury']).toBe(0);
    for (const id of ['electric', 'hybrid']) {
      const result = await search({ collection: id, pageSize: '60' });
      const term = new RegExp(id, 'i');
      expect(result.items.every((item) => term.test(item.category) || (item as unknown as { features: string[] }).features.some((feature) => term.test(feature)))).toBe(true);
    }
    const suv = await search({ collection: 'suv', pageSize: '60' });
    expect(suv.items.every((item) => /suv/i.test(item.category))).toBe(true);
  });
});

describe('the whole vehicle record and driving range (issue 18.1)', () => {
  interface Detail {
    vin: string;
    trim: string;
    importStatus: string;
    expectedArrival: string | null;
    evRangeKm: number | null;
    pricing: { min: number; max: number; currency: string; reservationAmount: number; note: string } | null;
    displayPricing: { min: number; max: number; reservationAmount: number; currency: string } | null;
    finance: { aprPercent: number; termMonths: number; depositShare: number; termsMonths: number[] };
  }
  const detail = async (id: string, currency = 'NGN') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/vehicles/${id}?currency=${currency}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Detail>();
  };

  it('filters /electric-cars by driving range, not by price: every car at or above the range and none below is left out', async () => {
    const electric = await search({ collection: 'electric', pageSize: '60' });
    const ranges = await Promise.all(electric.items.map(async (item) => ({ item, range: (await detail(item.id)).evRangeKm })));
    const expected = ranges.filter(({ range }) => range !== null && range >= 500).map(({ item }) => item.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(electric.total);
    const longRange = await search({ collection: 'electric', rangeMin: '500', pageSize: '60' });
    expect(longRange.items.map((item) => item.id).sort()).toEqual(expected);
    expect(longRange.total).toBe(expected.length);
    // The range says nothing of the price: the cheapest long-range car costs more than the cheapest electric one.
    const prices = (items: SearchResult['items']) => Math.min(...items.map((item) => item.price.amount));
    expect(prices(longRange.items)).not.toBe(prices(electric.items));
    expect((await search({ rangeMin: '2000' })).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?rangeMin=2001' })).statusCode).toBe(400);
    const refused = await t.app.inject({ method: 'GET', url: '/api/vehicles?rangeMin=far' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('rangeMin');
  });

  it('answers a vehicle with its VIN, trim, import status, range and pricing, converted into the asked currency, and the finance terms', async () => {
    const atto = await detail('sample-byd-atto-3-2024');
    expect(atto).toMatchObject({ trim: 'Extended Range', evRangeKm: 420, finance: { aprPercent: 3.9, termMonths: 60, depositShare: 0.2, termsMonths: [12, 24, 36, 48, 60, 72] } });
    expect(atto.vin).toMatch(/^LGX[A-HJ-NPR-Z0-9]{14}$/);
    expect(atto.pricing).toEqual({ min: 35000, max: 37100, currency: 'USD', reservationAmount: 3250, note: expect.any(String) });
    const naira = (await t.app.inject({ method: 'GET', url: '/api/rates' })).json<{ rates: Record<string, number> }>().rates['NGN']!;
    expect(atto.displayPricing).toEqual({ min: 35000 * naira, max: 37100 * naira, reservationAmount: 3250 * naira, currency: 'NGN' });
    const unpriced = await detail('sample-byd-seal-2024');
    expect(unpriced.pricing).toBeNull();
    expect(unpriced.displayPricing).toBeNull();
    const inTransit = await search({ pageSize: '60' });
    const statuses = new Set((inTransit.items as unknown as Array<{ importStatus: string; expectedArrival: string | null }>).map((item) => `${item.importStatus}:${item.expectedArrival === null ? 'none' : 'date'}`));
    expect(statuses).toEqual(new Set(['in-stock:none', 'in-transit:date', 'on-order:date']));
  });
});
