import { catchUpCompletely } from '@autobest/projections/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream, readStream } from '@autobest/db';
import { vehicleStreamId } from '@autobest/domain';
import { Projector, allProjections } from '@autobest/projections';
import { SHIPPED_CATALOGUE_SIZE, seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_search_table', { SEARCH_CACHE_TTL_MS: '0' });
  await seedCatalogue(t.testDb.db);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const COLUMNS = sql.raw('id, price_usd_cents, year, listed_at, rating, brand, model, condition, fuel_type, body_type, city, country, tabs, collections, is_featured, search::text, ev_range_km');

/**
 * Every row of vehicle_search and of the same columns of vehicles, as text, in id order; and the rows of
 * vehicle_search whose combination of facet values is not their own (none, when all is well).
 */
async function bothTables() {
  const rowsOf = async (table: 'vehicles' | 'vehicle_search') => (await sql<Record<string, unknown>>`select ${COLUMNS} from ${sql.table(table)} order by id`.execute(t.testDb.db)).rows;
  const { rows: wrongCombinations } = await sql<{ id: string }>`
    select vehicle_search.id from vehicle_search left join vehicle_facet_combinations combination on combination.id = vehicle_search.facets_id
    where (combination.brand, combination.condition, combination.fuel_type, combination.body_type, combination.year, combination.city, combination.tabs, combination.collections)
      is distinct from (vehicle_search.brand, vehicle_search.condition, vehicle_search.fuel_type, vehicle_search.body_type, vehicle_search.year, vehicle_search.city, vehicle_search.tabs, vehicle_search.collections)`.execute(t.testDb.db);
  expect(wrongCombinations).toEqual([]);
  return { catalogue: await rowsOf('vehicles'), search: await rowsOf('vehicle_search') };
}

const METADATA = { actor: { kind: 'system', name: 'test' }, correlationId: 'test', causationId: null, requestId: null } as const;
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('vehicle_search, the narrow table searches read', () => {
  it('equals the catalogue, each row with its own combination of facet values, after listing, editing, a price change, delisting, listing again and a rebuild', async () => {
    let { catalogue, search } = await bothTables();
    expect(search).toHaveLength(SHIPPED_CATALOGUE_SIZE);
    expect(search).toEqual(catalogue);

    const kia = (await admin('GET', '/api/admin/vehicles/kia-sportage-lx-2024')).json<Record<string, unknown>>();
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'kia-sportage-test-2025', year: 2025, features: [{ name: 'Panoramic Sunroof', description: 'Opens wide', category: 'Comfort' }] })).statusCode).toBe(201);
    expect((await admin('PUT', '/api/admin/vehicles/kia-sportage-lx-2024', { ...kia, brand: 'KIA Motors', model: 'Sportage Hybrid', category: 'Hybrid SUV', fuelType: 'plug-in-hybrid', condition: 'used', isFeatured: true, location: { city: 'Kano', country: 'Nigeria' }, evRangeKm: 55 })).statusCode).toBe(200);
    const stream = vehicleStreamId('byd-seal-dynamic-2025');
    await appendToStream(t.testDb.db, stream, (await readStream(t.testDb.db, stream)).length, [{ type: 'VehiclePriceChanged', data: { vehicleId: 'byd-seal-dynamic-2025', price: 12_345, currency: 'USD', changedAt: new Date().toISOString() } }], METADATA);
    expect((await admin('DELETE', '/api/admin/vehicles/toyota-hilux-legend-2025')).statusCode).toBe(200);
    await project();

    ({ catalogue, search } = await bothTables());
    expect(search).toHaveLength(SHIPPED_CATALOGUE_SIZE);
    expect(search).toEqual(catalogue);
    const byId = new Map(search.map((row) => [row['id'], row]));
    expect(byId.get('kia-sportage-lx-2024')).toMatchObject({ brand: 'KIA Motors', model: 'Sportage Hybrid', condition: 'used', city: 'Kano', is_featured: true, ev_range_km: 55 });
    expect(byId.get('byd-seal-dynamic-2025')).toMatchObject({ price_usd_cents: 1_234_500 });
    expect(byId.has('toyota-hilux-legend-2025')).toBe(false);
    expect(String(byId.get('kia-sportage-test-2025')?.['search'])).toContain('sunroof');

    const hilux = (await t.app.inject({ method: 'GET', url: '/api/vehicles?q=hilux%20legend&pageSize=60' })).json<{ items: Array<{ id: string }> }>();
    expect(hilux.items.map((item) => item.id)).not.toContain('toyota-hilux-legend-2025');
    // Listed again on its old stream: the projector's one-by-one path, not the bulk insert of first listings.
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'toyota-hilux-legend-2025', brand: 'Toyota', model: 'Hilux' })).statusCode).toBe(201);
    await project();
    ({ catalogue, search } = await bothTables());
    expect(search).toHaveLength(163);
    expect(search).toEqual(catalogue);

    await new Projector(t.testDb.db, allProjections).rebuild(['vehicles']);
    const rebuilt = await bothTables();
    expect(rebuilt.search).toEqual(rebuilt.catalogue);
    expect(rebuilt.search).toEqual(search);
  });

  it('projects a vehicle listed before the whole record (issue 18.1) with its defaults, and the record of a later edit', async () => {
    const old = { id: 'old-listing-2024', name: 'Old Listing', price: 20000, currency: 'USD', images: [{ url: '/vehicles/suv.svg', alt: '' }], specifications: [{ name: 'Engine', value: '1.5L', category: 'General' }], category: 'SUV', brand: 'Chery', model: 'Tiggo 4', year: 2024 };
    await appendToStream(t.testDb.db, vehicleStreamId(old.id), 0, [{ type: 'VehicleListed', data: { vehicle: old, listedAt: new Date().toISOString() } } as never], METADATA);
    await project();
    const columns = async () =>
      (await sql<Record<string, unknown>>`select vin, trim, import_status, expected_arrival, ev_range_km, pricing from vehicles where id = ${old.id}`.execute(t.testDb.db)).rows[0];
    expect(await columns()).toEqual({ vin: '', trim: '', import_status: 'in-stock', expected_arrival: null, ev_range_km: null, pricing: null });
    const record = (await admin('GET', `/api/admin/vehicles/${old.id}`)).json<Record<string, unknown>>();
    const pricing = { min: 20000, max: 21000, currency: 'USD', reservationAmount: 300, note: '' };
    expect((await admin('PUT', `/api/admin/vehicles/${old.id}`, { ...record, vin: '1M8GDM9AXKP042788', trim: 'Comfort', importStatus: 'on-order', expectedArrival: '2027-04-01', pricing })).statusCode).toBe(200);
    await project();
    expect(await columns()).toEqual({ vin: '1M8GDM9AXKP042788', trim: 'Comfort', import_status: 'on-order', expected_arrival: '2027-04-01', ev_range_km: null, pricing });
    expect((await admin('DELETE', `/api/admin/vehicles/${old.id}`)).statusCode).toBe(200);
    await project();
  });

  it('is what a search reads: a page is found there and read whole from vehicles, in its order', async () => {
    await t.testDb.db.updateTable('vehicles').set({ name: 'Renamed in vehicles only' }).where('id', '=', 'byd-seal-dynamic-2025').execute();
    const page = (await t.app.inject({ method: 'GET', url: '/api/vehicles?make=byd&model=seal&sort=price-asc&pageSize=60' })).json<{ items: Array<{ id: string; name: string; price: { amount: number } }> }>();
    expect(page.items[0]).toMatchObject({ id: 'byd-seal-dynamic-2025', name: 'Renamed in vehicles only', price: { amount: 12_345 } });
    const prices = page.items.map((item) => item.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await t.testDb.db.deleteFrom('vehicle_search').where('id', '=', 'byd-seal-dynamic-2025').execute();
    const without = (await t.app.inject({ method: 'GET', url: '/api/vehicles?make=byd&model=seal&sort=price-asc&pageSize=60' })).json<{ items: Array<{ id: string }> }>();
    expect(without.items.map((item) => item.id)).not.toContain('byd-seal-dynamic-2025');
  });
});
