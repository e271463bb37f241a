import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/workers';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_facets', { SEARCH_CACHE_TTL_MS: '0' });
  await seedCatalogue(t.testDb.db);
  await new Projector(t.testDb.db, allProjections).catchUp();
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Result = { total: number; facets: Record<string, Array<{ value: string; count: number }>> };
const sorted = (result: Result) => ({
  total: result.total,
  facets: Object.fromEntries(Object.entries(result.facets).map(([name, values]) => [name, [...values].sort((a, b) => a.value.localeCompare(b.value))])),
});
const ONE_FILTER = ['', 'tab=crossovers-suvs', 'tab=electrified', 'collection=hybrid', 'make=TOYOTA', 'condition=used', 'fuel=electric', 'body=sedan', 'location=lagos', 'location=Nigeria'];

/**
 * The unfiltered and one-filter searches read the kept counts; adding yearMin=1900 (which every vehicle
 * passes) makes the same search count in SQL.
 */
async function bothWays(query = '') {
  const kept = (await t.app.inject({ method: 'GET', url: `/api/vehicles?pageSize=1&${query}` })).json<Result>();
  const counted = (await t.app.inject({ method: 'GET', url: `/api/vehicles?pageSize=1&yearMin=1900&${query}` })).json<Result>();
  return { kept: sorted(kept), counted: sorted(counted) };
}
async function everyWay() {
  return Promise.all(ONE_FILTER.map(async (query) => ({ query, ...(await bothWays(query)) })));
}

describe('whole-catalogue facet counts kept by the projector', () => {
  it('match counting every vehicle, after listing, editing and delisting', async () => {
    let { kept, counted } = await bothWays();
    expect(kept.total).toBe(160);
    expect(kept).toEqual(counted);
    for (const result of await everyWay()) {
      expect(result.kept.total, result.query).toBeGreaterThan(0);
      expect(result.kept, result.query).toEqual(result.counted);
    }

    const vehicle = (await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie } })).json<Record<string, unknown>>();
    await t.app.inject({ method: 'PUT', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie }, payload: { ...vehicle, brand: 'KIA Motors', category: 'Hybrid SUV', condition: 'used', location: { city: 'Kano', country: 'Nigeria' } } });
    await t.app.inject({ method: 'DELETE', url: '/api/admin/vehicles/byd-seal-dynamic-2025', headers: { cookie } });
    await new Projector(t.testDb.db, allProjections).catchUp();

    for (const result of await everyWay()) expect(result.kept, result.query).toEqual(result.counted);
    ({ kept, counted } = await bothWays());
    expect(kept.total).toBe(159);
    expect(kept.facets['make']).toContainEqual({ value: 'KIA Motors', count: 1 });
    expect(kept.facets['location']).toContainEqual({ value: 'Kano', count: 1 });
    expect(kept).toEqual(counted);
  });

  it('are rebuilt with the read model', async () => {
    const before = await everyWay();
    await new Projector(t.testDb.db, allProjections).rebuild(['vehicles']);
    expect(await everyWay()).toEqual(before);
  });

  it('are what the unfiltered search answers with (no counting of every vehicle)', async () => {
    await t.testDb.db.updateTable('vehicle_facet_counts').set({ count: 999 }).where('facet', '=', 'total').execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1' })).json<Result>().total).toBe(999);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1&tab=trucks' })).json<Result>().total).toBe(999);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1&tab=trucks&q=hilux' })).json<Result>().total).not.toBe(999);
  });
});
