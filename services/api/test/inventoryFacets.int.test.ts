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
/** The unfiltered search reads the kept counts; yearMin=1900 matches every vehicle but counts them in SQL. */
async function bothWays() {
  const kept = (await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1' })).json<Result>();
  const counted = (await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1&yearMin=1900' })).json<Result>();
  return { kept: sorted(kept), counted: sorted(counted) };
}

describe('whole-catalogue facet counts kept by the projector', () => {
  it('match counting every vehicle, after listing, editing and delisting', async () => {
    let { kept, counted } = await bothWays();
    expect(kept.total).toBe(160);
    expect(kept).toEqual(counted);

    const vehicle = (await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie } })).json<Record<string, unknown>>();
    await t.app.inject({ method: 'PUT', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie }, payload: { ...vehicle, brand: 'KIA Motors', category: 'Hybrid SUV', condition: 'used', location: { city: 'Kano', country: 'Nigeria' } } });
    await t.app.inject({ method: 'DELETE', url: '/api/admin/vehicles/byd-seal-dynamic-2025', headers: { cookie } });
    await new Projector(t.testDb.db, allProjections).catchUp();

    ({ kept, counted } = await bothWays());
    expect(kept.total).toBe(159);
    expect(kept.facets['make']).toContainEqual({ value: 'KIA Motors', count: 1 });
    expect(kept.facets['location']).toContainEqual({ value: 'Kano', count: 1 });
    expect(kept).toEqual(counted);
  });

  it('are rebuilt with the read model', async () => {
    const before = await bothWays();
    await new Projector(t.testDb.db, allProjections).rebuild(['vehicles']);
    expect(await bothWays()).toEqual(before);
  });

  it('are what the unfiltered search answers with (no counting of every vehicle)', async () => {
    await t.testDb.db.updateTable('vehicle_facet_counts').set({ count: 999 }).where('facet', '=', 'total').execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles?pageSize=1' })).json<Result>().total).toBe(999);
  });
});
