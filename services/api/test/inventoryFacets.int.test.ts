import { catchUpCompletely } from '@autobest/projections/testing';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream, readStream } from '@autobest/db';
import { FALLBACK_RATES, PRICE_BUCKET_BOUNDS, convert, fromMajor, priceBucketOf, vehicleStreamId, type PriceCurrency } from '@autobest/domain';
import { Projector, allProjections } from '@autobest/projections';
import { SHIPPED_CATALOGUE_SIZE, seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_facets', { SEARCH_CACHE_TTL_MS: '0' });
  await seedCatalogue(t.testDb.db);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
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
    expect(kept.total).toBe(SHIPPED_CATALOGUE_SIZE);
    expect(kept).toEqual(counted);
    for (const result of await everyWay()) {
      expect(result.kept.total, result.query).toBeGreaterThan(0);
      expect(result.kept, result.query).toEqual(result.counted);
    }

    const vehicle = (await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie } })).json<Record<string, unknown>>();
    await t.app.inject({ method: 'PUT', url: '/api/admin/vehicles/kia-sportage-lx-2024', headers: { cookie }, payload: { ...vehicle, brand: 'KIA Motors', category: 'Hybrid SUV', condition: 'used', location: { city: 'Kano', country: 'Nigeria' } } });
    await t.app.inject({ method: 'DELETE', url: '/api/admin/vehicles/byd-seal-dynamic-2025', headers: { cookie } });
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));

    for (const result of await everyWay()) expect(result.kept, result.query).toEqual(result.counted);
    ({ kept, counted } = await bothWays());
    expect(kept.total).toBe(161);
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

/** Total and facet counts of the matching vehicles, counted in SQL over the vehicles table itself. */
async function countedInSql(where: RawBuilder<boolean>): Promise<string[]> {
  const { rows } = await sql<{ facet: string; value: string; count: number }>`
    select facet, value, count(*)::int as count
    from vehicles
    cross join lateral (
      values ('total', 'all'), ('make', brand), ('condition', condition), ('fuel', fuel_type), ('body', body_type), ('year', year::text), ('location', city)
      union all select 'tab', unnest(tabs)
      union all select 'collection', unnest(collections)
    ) as counted(facet, value)
    where ${where}
    group by facet, value`.execute(t.testDb.db);
  const counted = rows.map((row) => `${row.facet}=${row.value}: ${row.count}`);
  return (rows.length === 0 ? ['total=all: 0'] : counted).sort();
}

/** The answer's total and non-zero facet counts in the same form. */
function answered(result: Result): string[] {
  return [
    `total=all: ${result.total}`,
    ...Object.entries(result.facets).flatMap(([facet, values]) => values.filter((entry) => entry.count !== 0).map((entry) => `${facet}=${entry.value}: ${entry.count}`)),
  ].sort();
}

describe('facet counts of a price range, kept per price bucket by the projector', () => {
  // Searches are in the visitor's currency (USD is not one): naira amounts that convert to exact US cents.
  const naira = (usdCents: number) => {
    const kobo = usdCents * FALLBACK_RATES.NGN;
    return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
  };
  const usdCentsOf = (amount: number | string, currency: PriceCurrency) => convert(fromMajor(Number(amount), currency), 'USD', FALLBACK_RATES).amountMinor;
  // A bucket around $30,000 and the prices just inside and outside its two bounds.
  const bucket = priceBucketOf(3_000_000);
  const start = PRICE_BUCKET_BOUNDS[bucket]!;
  const next = PRICE_BUCKET_BOUNDS[bucket + 1]!;
  const middle = Math.floor((start + next) / 2);
  const METADATA = { actor: { kind: 'system', name: 'test' }, correlationId: 'test', causationId: null, requestId: null } as const;

  async function changePrice(id: string, price: number, currency: 'USD' | 'NGN') {
    const stream = vehicleStreamId(id);
    const version = (await readStream(t.testDb.db, stream)).length;
    await appendToStream(t.testDb.db, stream, version, [{ type: 'VehiclePriceChanged', data: { vehicleId: id, price, currency, changedAt: new Date().toISOString() } }], METADATA);
  }

  /** Searches: price ranges alone and with one kept filter, in USD and NGN, on and between bucket bounds. */
  function searches(ngnPrice: number) {
    const inNaira = (min: number | undefined, max: number | undefined) => ({
      query: [...(min !== undefined ? [`priceMin=${naira(min)}`] : []), ...(max !== undefined ? [`priceMax=${naira(max)}`] : [])].join('&'),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    });
    const ranges: Array<{ query: string; min?: number; max?: number }> = [
      inNaira(start, next - 1),
      inNaira(start + 1, next - 2),
      inNaira(start + 1, start + 1),
      inNaira(start - 1, next),
      inNaira(middle, next + 1),
      inNaira(middle, middle),
      inNaira(start, undefined),
      inNaira(middle, undefined),
      inNaira(undefined, next - 1),
      inNaira(undefined, middle),
      { query: 'priceMin=0&priceMax=100000000&currency=ZAR', min: 0, max: usdCentsOf(100_000_000, 'ZAR') },
      { query: 'priceMin=20000000&priceMax=40000000', min: usdCentsOf(20_000_000, 'NGN'), max: usdCentsOf(40_000_000, 'NGN') },
      { query: 'priceMin=2000000&priceMax=4000000&currency=KES', min: usdCentsOf(2_000_000, 'KES'), max: usdCentsOf(4_000_000, 'KES') },
      { query: `priceMin=${ngnPrice}&currency=NGN`, min: usdCentsOf(ngnPrice, 'NGN') },
      { query: `priceMin=15000000&priceMax=${ngnPrice}&currency=NGN`, min: usdCentsOf(15_000_000, 'NGN'), max: usdCentsOf(ngnPrice, 'NGN') },
    ];
    const filters: Array<{ query: string; where: RawBuilder<boolean> }> = [
      { query: '', where: sql<boolean>`true` },
      { query: 'make=toyota', where: sql<boolean>`lower(brand) = 'toyota'` },
      { query: 'tab=crossovers-suvs', where: sql<boolean>`'crossovers-suvs' = any(tabs)` },
      { query: 'location=Nigeria', where: sql<boolean>`(lower(city) = 'nigeria' or lower(country) = 'nigeria')` },
      { query: 'condition=new', where: sql<boolean>`condition = 'new'` },
      { query: 'collection=hybrid', where: sql<boolean>`'hybrid' = any(collections)` },
    ];
    return ranges.flatMap((range) =>
      filters.map((filter) => ({
        query: `${range.query}${filter.query ? `&${filter.query}` : ''}`,
        where: sql<boolean>`${filter.where} and price_usd_cents >= ${range.min ?? 0} and price_usd_cents <= ${range.max ?? Number.MAX_SAFE_INTEGER}`,
      })),
    );
  }

  async function expectCountedInSql(ngnPrice: number) {
    const answers = [];
    for (const search of searches(ngnPrice)) {
      const response = await t.app.inject({ method: 'GET', url: `/api/vehicles?pageSize=1&${search.query}` });
      expect(response.statusCode, search.query).toBe(200);
      const answer = answered(response.json<Result>());
      expect(answer, search.query).toEqual(await countedInSql(search.where));
      answers.push(answer);
    }
    return answers;
  }

  let ngnPrice = 0;
  it('match counting in SQL, for ranges on and between bucket bounds, after price changes and delisting', async () => {
    const ids = (await t.testDb.db.selectFrom('vehicles').select('id').orderBy('id').execute()).map((row) => row.id);
    // Vehicles of every kind onto both sides of both bounds of one bucket, and one priced in naira.
    const prices = [start - 1, start, start, start + 1, middle, middle, next - 2, next - 1, next - 1, next, next + 1];
    const moved = ids.filter((_, index) => index % 9 === 0).slice(0, prices.length + 1);
    for (const [index, price] of prices.entries()) await changePrice(moved[index]!, price / 100, 'USD');
    ngnPrice = 45_678_900;
    await changePrice(moved[prices.length]!, ngnPrice, 'NGN');
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const inBucket = await t.testDb.db.selectFrom('vehicles').select((eb) => eb.fn.countAll<number>().as('n')).where('price_usd_cents', '>=', start).where('price_usd_cents', '<', next).executeTakeFirstOrThrow();
    expect(Number(inBucket.n)).toBeGreaterThanOrEqual(8);
    await expectCountedInSql(ngnPrice);

    // Out of the bucket, across it, and gone.
    await changePrice(moved[1]!, (next + 5) / 100, 'USD');
    await changePrice(moved[9]!, (start + 7) / 100, 'USD');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/vehicles/${moved[4]!}`, headers: { cookie } });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/vehicles/${moved[7]!}`, headers: { cookie } });
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    expect(await t.testDb.db.selectFrom('vehicles').select('id').where('id', 'in', [moved[4]!, moved[7]!]).execute()).toEqual([]);
    await expectCountedInSql(ngnPrice);
  });

  it('are rebuilt with the read model', async () => {
    const before = await expectCountedInSql(ngnPrice);
    const keptRows = await t.testDb.db.selectFrom('vehicle_price_facet_counts').selectAll().orderBy(['filter_facet', 'filter_value', 'price_bucket', 'facet', 'value']).execute();
    await new Projector(t.testDb.db, allProjections).rebuild(['vehicles']);
    expect(await expectCountedInSql(ngnPrice)).toEqual(before);
    expect(await t.testDb.db.selectFrom('vehicle_price_facet_counts').selectAll().orderBy(['filter_facet', 'filter_value', 'price_bucket', 'facet', 'value']).execute()).toEqual(keptRows);
  });

  it('refuse a minimum above the maximum', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/vehicles?priceMin=${naira(next)}&priceMax=${naira(start)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({ priceMax: 'priceMax must not be below priceMin' });
  });

  it('are what a price range answers with: only the two edge slices are counted row by row', async () => {
    await t.testDb.db.updateTable('vehicle_price_facet_counts').set({ count: 999 }).where('filter_facet', '=', '').where('facet', '=', 'total').where('price_bucket', '=', bucket).execute();
    const onBounds = (await t.app.inject({ method: 'GET', url: `/api/vehicles?pageSize=1&priceMin=${naira(start)}&priceMax=${naira(next - 1)}` })).json<Result>();
    expect(onBounds.total).toBe(999);
    const withinOneBucket = (await t.app.inject({ method: 'GET', url: `/api/vehicles?pageSize=1&priceMin=${naira(start + 1)}&priceMax=${naira(start + 1)}` })).json<Result>();
    expect(withinOneBucket.total).toBeLessThan(999);
  });
});
