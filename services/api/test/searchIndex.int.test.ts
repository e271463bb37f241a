import { catchUpCompletely } from '@autobest/projections/testing';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendToStream, readStream } from '@autobest/db';
import { BODY_TYPES, COLLECTION_IDS, CURRENCY_CODES, FUEL_TYPES, INVENTORY_TAB_IDS, VEHICLE_CONDITIONS, vehicleStreamId, type PriceCurrency, type VehicleInput } from '@autobest/domain';
import { VehicleSearchQuerySchema, VehicleSummarySchema } from '@autobest/domain/inventory/contracts';
import { seededRandom } from '@autobest/domain/testing';
import { Projector, allProjections } from '@autobest/projections';
import { catalogueListings } from '../../../infra/src/seed/catalogue';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { usdBoundsOf } from '../src/inventory/searchFilters';
import { LiveSearchIndex } from '../src/inventory/searchIndex/liveIndex';
import { collationMatchesIndex, readIndexedVehicles } from '../src/inventory/searchIndex/readModel';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { sql } from 'kysely';
import { SearchIndex } from '../src/inventory/searchIndex/searchIndex';
import { CardStore, cardOf } from '../src/inventory/searchIndex/cards';
import { summary } from '../src/inventory/vehicleSummary';
import { createTestApp, signIn, type TestApp } from './support';

/**
 * The in-memory search index (issue 19) answers every search exactly as the SQL search does: the same ids in the
 * same order, total and facet counts, for random searches over the shipped catalogue plus vehicles made to be
 * awkward (accents and case, hyphenated and numbered words, ids that sort by byte, equal prices and years, every
 * vehicle listed at the same instant), before and after listings, edits, price changes and delistings.
 */

const base = catalogueListings()[0]!;
const awkward = (id: string, changes: Partial<VehicleInput>): VehicleInput => ({ ...base, id, isFeatured: false, evRangeKm: null, ...changes });
const AWKWARD: VehicleInput[] = [
  awkward('skoda-octavia-2024', { name: 'Škoda Octavia RS', brand: 'ŠKODA', model: 'Octavia', category: 'Sedan', year: 2024, price: 30_000, location: { city: 'Ìbàdàn', country: 'Nigeria' } }),
  awkward('Skoda-Enyaq-2025', { name: 'Škoda Enyaq iV e-tron', brand: 'Škoda', model: 'ENYAQ', category: 'Electric SUV', year: 2025, price: 30_000, fuelType: 'electric', evRangeKm: 500 }),
  awkward('a.b-strasse', { name: 'Straße 4x4 Ελληνικά Кириллица', brand: 'toyota', model: 'hilux', year: 2024, price: 30_000, features: [{ name: 'Ünïcode Sound', description: '', category: 'Comfort' }] }),
  awkward('a-b_c', { name: 'Tie Tester', brand: 'Toyota', model: 'Hilux', year: 2024, price: 30_000, rating: 4.5 }),
  awkward('A_b', { name: 'Tie Tester', brand: 'TOYOTA', model: 'HILUX', year: 2024, price: 30_000, rating: 4.5, isFeatured: true }),
  awkward('zz-1', { name: 'Version 1.5L V8 ½ x²', brand: 'Mercedes-Benz', model: 'G 63', year: 2023, price: 150_000, location: { city: 'Lagos', country: 'lagos' } }),
];

let t: TestApp;
let cookie: string;
let rates: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp('api_search_index', { SEARCH_CACHE_TTL_MS: '0' });
  await seedCatalogue(t.testDb.db, [...catalogueListings(), ...AWKWARD]);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
  cookie = await signIn(t.app);
  rates = (await t.app.inject({ method: 'GET', url: '/api/rates' })).json<{ rates: Record<string, number> }>().rates;
});
afterAll(async () => {
  await t?.close();
});


type Catalogue = Awaited<ReturnType<typeof readIndexedVehicles>>;

/** Random searches drawn from the catalogue's own values (in any case, cut to prefixes) and a few misses. */
function randomSearches(catalogue: Catalogue, count: number, seed: number): string[] {
  const { next, pick, chance } = seededRandom(seed);
  const any = <T>(values: T[]) => [...new Set(values)];
  const words = any(catalogue.flatMap((vehicle) => vehicle.lexemes));
  const makes = any(catalogue.flatMap((vehicle) => [vehicle.brand, vehicle.brandLower]));
  const places = any(catalogue.flatMap((vehicle) => [vehicle.city, vehicle.cityLower, vehicle.countryLower]));
  const models = any(catalogue.map((vehicle) => vehicle.modelLower));
  const cased = (text: string) => (chance(0.3) ? text.toUpperCase() : chance(0.3) ? text[0]!.toUpperCase() + text.slice(1) : text);
  const prefix = (word: string) => word.slice(0, 1 + Math.floor(next() * word.length));
  const searches: string[] = [];
  for (let made = 0; made < count; made++) {
    const query = new URLSearchParams();
    if (chance(0.4)) {
      const text = Array.from({ length: 1 + Math.floor(next() * 3) }, () => (chance(0.05) ? 'qqzx' : cased(prefix(pick(words))))).join(pick([' ', '-', ', ', '  ']));
      query.set('q', chance(0.05) ? ' -- ' : text);
    }
    if (chance(0.2)) query.set('tab', pick(INVENTORY_TAB_IDS));
    if (chance(0.1)) query.set('collection', pick(COLLECTION_IDS));
    if (chance(0.3)) query.set('make', chance(0.05) ? 'Nomake' : cased(pick(makes)));
    if (chance(0.1)) query.set('model', cased(pick(models)));
    const [yearMin, yearMax] = [2022 + Math.floor(next() * 4), 2022 + Math.floor(next() * 4)].sort((a, b) => a - b);
    if (chance(0.2)) query.set('yearMin', String(yearMin));
    if (chance(0.2)) query.set('yearMax', String(yearMax));
    if (chance(0.3)) {
      const currency = pick(['NGN', 'NGN', 'GHS', 'KES', 'ZAR']);
      query.set('currency', currency);
      const dollars = () => Math.floor(next() * 120_000);
      const inCurrency = (usd: number) => String(Math.round(usd * (rates[currency] ?? 1) * 100) / 100);
      const [low, high] = [dollars(), dollars()].sort((a, b) => a - b);
      if (chance(0.7)) query.set('priceMin', inCurrency(low!));
      if (chance(0.7)) query.set('priceMax', inCurrency(high!));
    }
    if (chance(0.15)) query.set('condition', pick(VEHICLE_CONDITIONS));
    if (chance(0.15)) query.set('fuel', pick(FUEL_TYPES));
    if (chance(0.1)) query.set('body', pick(BODY_TYPES));
    if (chance(0.15)) query.set('location', cased(pick(places)));
    if (chance(0.1)) query.set('rangeMin', String(Math.floor(next() * 600)));
    if (chance(0.1)) query.set('featured', pick(['true', 'false']));
    query.set('sort', pick(['newest', 'price-asc', 'price-desc', 'year-desc', 'year-asc', 'rating']));
    query.set('pageSize', String(pick([1, 5, 24, 60])));
    query.set('page', String(pick([1, 1, 1, 2, 3, 8])));
    searches.push(query.toString());
  }
  return searches;
}

/** Search strings that must agree whatever the random draw. */
const FIXED = [
  '',
  'q=toy%20cor',
  'q=skoda',
  'q=%C5%A1koda',
  'q=%C5%A0KODA%20octa',
  'q=stra',
  'q=e-tron',
  'q=tron',
  'q=4x4',
  'q=1.5',
  'q=%CE%B5%CE%BB%CE%BB',
  'q=%D0%BA%D0%B8%D1%80',
  'q=%C3%BCni',
  'q=tie&sort=newest',
  'q=tie&sort=rating&pageSize=1&page=2',
  'make=toyota&sort=price-asc&pageSize=60',
  'make=%C5%A1koda',
  'make=mercedes-benz',
  'location=lagos&sort=year-asc',
  'location=%C3%AC',
  'location=%C3%8Cb%C3%A0d%C3%A0n',
  'featured=true&pageSize=60',
  'featured=false&pageSize=60&page=3',
  'rangeMin=0&pageSize=60',
  'rangeMin=500',
  'yearMin=2024&yearMax=2024&sort=year-desc&pageSize=60',
  'priceMin=0&priceMax=0',
  'q=%20--%20',
  'q=a%20b%20c%20d%20e%20f%20g%20h%20i%20j',
  'page=10000',
];

interface SqlAnswer {
  items: Array<{ id: string }>;
  total: number;
  facets: unknown;
}

/** Each search answered by the API's SQL path and by `index`; the first that differ, by search. */
async function disagreements(index: SearchIndex, searches: readonly string[]) {
  const wrong: Array<{ search: string; sql: unknown; index: unknown }> = [];
  let answered = 0;
  let found = 0;
  for (const search of searches) {
    const response = await t.app.inject({ method: 'GET', url: `/api/vehicles?${search}` });
    expect(response.statusCode, search).toBe(200);
    const fromSql = response.json<SqlAnswer>();
    const parsed = VehicleSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
    const fromIndex = index.search(parsed, usdBoundsOf(parsed, rates));
    if (!fromIndex) continue;
    answered++;
    if (fromSql.total > 0) found++;
    const expected = { ids: fromSql.items.map((item) => item.id), total: fromSql.total, facets: fromSql.facets };
    // The facets as the text the index writes into an answer.
    const answer = { ids: index.idsOf(fromIndex.slots), total: fromIndex.total, facets: JSON.parse(fromIndex.facetsJson.toString()) as unknown };
    if (JSON.stringify(answer) !== JSON.stringify(expected) || fromIndex.facetsJson.toString() !== JSON.stringify(fromSql.facets)) wrong.push({ search, sql: expected, index: answer });
  }
  return { answered, found, wrong: wrong.slice(0, 3) };
}

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const METADATA = { actor: { kind: 'system', name: 'test' }, correlationId: 'test', causationId: null, requestId: null } as const;

describe('the in-memory search index', () => {
  let index: SearchIndex;

  it('answers every search as SQL does: ids in order, total and facets', async () => {
    const catalogue = await readIndexedVehicles(t.testDb.db);
    index = SearchIndex.of(catalogue);
    expect(index.size).toBe(catalogue.length);
    const fixed = await disagreements(index, FIXED);
    expect(fixed.wrong).toEqual([]);
    const searches = randomSearches(catalogue, 400, 19);
    const drawn = await disagreements(index, searches);
    expect(drawn.wrong).toEqual([]);
    // Only words outside the scripts the index matches as PostgreSQL does are left to SQL.
    expect(fixed.answered).toBe(FIXED.length);
    expect(drawn.answered).toBe(searches.length);
    // The draw is not mostly empty answers, which would agree too easily.
    expect(drawn.found).toBeGreaterThan(searches.length / 3);
  });

  it('answers as SQL does whichever way it counts facets and however coarse its price, year and range buckets', async () => {
    const catalogue = await readIndexedVehicles(t.testDb.db);
    const searches = [...FIXED, ...randomSearches(catalogue, 300, 1999)];
    // Every search counted per run (the way of searches matching thousands), with one bucket per column (most
    // vehicles compared value by value), then vehicle by vehicle with a boundary at every fifth value.
    for (const options of [{ countByRunsFrom: 0, rangeBuckets: 1, priceBuckets: 1 }, { countByRunsFrom: Infinity, rangeBuckets: 5, priceBuckets: 5 }, { countByRunsFrom: 0, rangeBuckets: 1000, priceBuckets: 1000 }, { countByRunsFrom: 0, rangeBuckets: 2, priceBuckets: 7 }]) {
      const built = SearchIndex.of(catalogue, options);
      expect((await disagreements(built, searches)).wrong, JSON.stringify(options)).toEqual([]);
    }
  });

  it('writes cards as the SQL path does, their displayed price again once the rates or the currency change, through replacements and removals', async () => {
    const rows = await t.testDb.db.selectFrom('vehicles').selectAll().orderBy('id').execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Cards are kept by the slot the index gives a vehicle: here, its row's place, with slots left free between.
    const slotOf = new Map(rows.map((row, at) => [row.id, 3 * at + 1]));
    const store = new CardStore();
    // Every card written five times over: the store grows, and takes back the space of the cards replaced.
    for (let round = 0; round < 5; round++) for (const row of rows) store.set(slotOf.get(row.id)!, cardOf(row));
    expect(store.size).toBe(rows.length);
    expect(store.stats().bytes).toBeLessThan(5 * rows.reduce((sum, row) => sum + Buffer.byteLength(JSON.stringify(summary(row, 'NGN', rates))), 0));

    // Any order; a slot without a card is left out, as the SQL path leaves out a row gone from vehicles.
    const ids = [...rows.map((row) => row.id).reverse(), 'no-such-vehicle'];
    const sqlPath = (currency: PriceCurrency, table: Record<string, number>) => JSON.stringify(ids.flatMap((id) => (byId.has(id) ? [VehicleSummarySchema.parse(summary(byId.get(id)!, currency, table))] : [])));
    const slots = ids.map((id) => slotOf.get(id) ?? 3 * rows.length + 7);
    const joined = (currency: PriceCurrency, table: Record<string, number>) => store.join(slots, currency, table, '[', [']']).toString();
    const doubled = Object.fromEntries(Object.entries(rates).map(([code, rate]) => [code, rate * 2]));
    for (const [currency, table] of [['NGN', rates], ['NGN', rates], ['NGN', doubled], ['KES', doubled], ['NGN', rates]] as const) {
      expect(joined(currency, table)).toBe(sqlPath(currency, table));
    }
    expect(joined('NGN', doubled)).not.toBe(joined('NGN', rates));

    // A card replaced by a longer one with other text, one removed: the page says so, and nothing else moves.
    const [first, second] = rows;
    byId.set(first!.id, { ...first!, name: `${first!.name} — Édition spéciale`, price_minor: Number(first!.price_minor) + 100 });
    store.set(slotOf.get(first!.id)!, cardOf(byId.get(first!.id)!));
    byId.delete(second!.id);
    store.delete(slotOf.get(second!.id)!);
    store.delete(slotOf.get(second!.id)!);
    expect(store.has(slotOf.get(second!.id)!)).toBe(false);
    expect(store.size).toBe(rows.length - 1);
    expect(joined('NGN', rates)).toBe(sqlPath('NGN', rates));
    expect(JSON.parse(joined('NGN', rates))[ids.length - 3].name).toContain('Édition spéciale');
  });

  it('leaves a search with a word it cannot match as PostgreSQL would to SQL', () => {
    const search = VehicleSearchQuerySchema.parse({ q: 'x² 車' });
    expect(index.search(search, {})).toBeUndefined();
  });

  it('stays equal to SQL vehicle by vehicle through listings, edits, price changes and delistings', async () => {
    // A second index counting every search from kept counts or runs, with coarse buckets, follows the same changes.
    const coarse = SearchIndex.of(await readIndexedVehicles(t.testDb.db), { countByRunsFrom: 0, rangeBuckets: 3, priceBuckets: 3 });
    const kia = (await admin('GET', '/api/admin/vehicles/kia-sportage-lx-2024')).json<Record<string, unknown>>();
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'kia-sportage-test-2025', year: 2025, rating: 4.5, features: [{ name: 'Panoramic Sunroof', description: '', category: 'Comfort' }] })).statusCode).toBe(201);
    expect((await admin('PUT', '/api/admin/vehicles/kia-sportage-lx-2024', { ...kia, brand: 'KIA Motors', model: 'Sportage Hybrid', category: 'Hybrid SUV', fuelType: 'plug-in-hybrid', condition: 'used', isFeatured: true, location: { city: 'Kano', country: 'Nigeria' }, evRangeKm: 55 })).statusCode).toBe(200);
    const stream = vehicleStreamId('a-b_c');
    await appendToStream(t.testDb.db, stream, (await readStream(t.testDb.db, stream)).length, [{ type: 'VehiclePriceChanged', data: { vehicleId: 'a-b_c', price: 12_345, currency: 'USD', changedAt: new Date().toISOString() } }], METADATA);
    expect((await admin('DELETE', '/api/admin/vehicles/A_b')).statusCode).toBe(200);
    expect((await admin('DELETE', '/api/admin/vehicles/toyota-hilux-legend-2025')).statusCode).toBe(200);
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));

    const changed = ['kia-sportage-test-2025', 'kia-sportage-lx-2024', 'a-b_c', 'A_b', 'toyota-hilux-legend-2025'];
    const rows = await readIndexedVehicles(t.testDb.db, changed);
    expect(rows.map((row) => row.id).sort()).toEqual(['a-b_c', 'kia-sportage-lx-2024', 'kia-sportage-test-2025']);
    for (const kept of [index, coarse]) {
      for (const id of changed) if (!rows.some((row) => row.id === id)) kept.remove(id);
      for (const row of rows) kept.upsert(row);
    }

    const catalogue = await readIndexedVehicles(t.testDb.db);
    expect(index.size).toBe(catalogue.length);
    const searches = [...FIXED, 'q=sunroof&sort=rating', 'make=kia%20motors', 'location=kano', 'q=tie&sort=price-asc', ...randomSearches(catalogue, 200, 1919)];
    expect((await disagreements(index, searches)).wrong).toEqual([]);
    expect((await disagreements(coarse, searches)).wrong).toEqual([]);
    // Kept in order one vehicle at a time (some moved out of their runs), it answers as one built from the whole catalogue at once.
    const fresh = SearchIndex.of(catalogue);
    expect(index.stats().movedSinceBuilt).toBeGreaterThan(0);
    expect(fresh.stats()).toMatchObject({ vehicles: catalogue.length, movedSinceBuilt: 0 });
    for (const search of searches.slice(0, 60)) {
      const parsed = VehicleSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      // Compared by id: the two hold the vehicles in other slots.
      const withIds = (built: SearchIndex) => {
        const found = built.search(parsed, usdBoundsOf(parsed, rates));
        return found && { ...found, slots: built.idsOf(found.slots) };
      };
      expect(withIds(index), search).toEqual(withIds(fresh));
    }
  });
});

const METRICS_TOKEN = 'search-index-metrics-token-of-32-characters';

interface LogLine {
  level: number;
  msg: string;
  req?: { url: string };
  requests?: number;
  answered?: number;
}

describe('SEARCH_INDEX=memory', () => {
  let memory: TestApp;
  const logLines: LogLine[] = [];
  beforeAll(async () => {
    // A second API process on the same database, answering from its index.
    memory = await createTestApp('api_search_index_memory', { SEARCH_CACHE_TTL_MS: '0', SEARCH_INDEX: 'memory', DATABASE_URL: t.testDb.url, METRICS_TOKEN }, { logger: { level: 'info', stream: { write: (line: string) => logLines.push(JSON.parse(line) as LogLine) } } });
    // The API starts at once and answers in SQL while its index loads.
    await memory.app.searchIndex?.loaded;
  });
  afterAll(async () => {
    await memory?.close();
  });

  const body = async (app: TestApp, search: string) => {
    const response = await app.app.inject({ method: 'GET', url: `/api/vehicles?${search}` });
    expect(response.statusCode, search).toBe(200);
    return response.json<SqlAnswer>();
  };
  /** The answer as sent, uncompressed. */
  const bytes = async (app: TestApp, search: string) => {
    const response = await app.app.inject({ method: 'GET', url: `/api/vehicles?${search}` });
    expect(response.statusCode, search).toBe(200);
    return response.body;
  };
  const health = async () => (await memory.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { searchIndex: Record<string, unknown> } }>().checks.searchIndex;
  /** Waits (up to 5 s) until the memory process answers `search` as the SQL one does. */
  async function inStep(search: string) {
    const expected = await bytes(t, search);
    for (let tries = 0; tries < 50; tries++) {
      if ((await bytes(memory, search)) === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await bytes(memory, search)).toBe(expected);
  }

  it('searched itself over HTTP before it said it was ready, and does not count or log those searches as requests', async () => {
    expect(memory.app.searchIndex?.warmedUp).toMatchObject({ requests: 3000, answered: 3000 });
    // One line says how the warm-up went; its 3,000 requests are not logged one by one, a client's request is.
    const searchesLogged = () => logLines.filter((line) => line.msg === 'incoming request' && line.req?.url.startsWith('/api/vehicles')).length;
    expect(logLines.filter((line) => line.msg.startsWith('searches warmed up over HTTP'))).toEqual([expect.objectContaining({ requests: 3000, answered: 3000 })]);
    expect(searchesLogged()).toBe(0);
    const searchesTimed = async () => {
      const metrics = await memory.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return Number(/^autobest_http_request_duration_seconds_count\{[^}]*route="\/api\/vehicles"[^}]*\} (\d+)$/m.exec(metrics.body)?.[1] ?? 0);
    };
    expect(await searchesTimed()).toBe(0);
    await bytes(memory, 'q=toyota');
    expect(await searchesTimed()).toBe(1);
    expect(searchesLogged()).toBe(1);
  });

  it('says it is not ready while it warms up', async () => {
    const readyWhileWarming: boolean[] = [];
    const live: LiveSearchIndex = new LiveSearchIndex(t.testDb.db, memory.app.log, {
      warmUpRequests: async (paths) => {
        readyWhileWarming.push((await live.health()).ready);
        return { answered: paths.length };
      },
    });
    live.start();
    await live.loaded;
    await live.stop();
    expect(readyWhileWarming).toEqual([false]);
    expect(await live.health()).toMatchObject({ ready: true });
    expect(live.warmedUp).toMatchObject({ requests: 3000, answered: 3000 });
  });

  it('reads the catalogue again whole when more events than a look reads lie since the last one, and follows fewer', async () => {
    const loads = () => logLines.filter((line) => line.msg === 'search index loaded').length;
    // It looks when told to here (catchUp), not on its own.
    const live: LiveSearchIndex = new LiveSearchIndex(t.testDb.db, memory.app.log, { pollMs: 600_000, eventsPerLook: 1 });
    live.start();
    await live.loaded;
    const loadedBefore = loads();
    const before = (await live.health()).vehicles;
    const kia = (await admin('GET', '/api/admin/vehicles/kia-sportage-test-2025')).json<Record<string, unknown>>();
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'look-one', name: 'Look One' })).statusCode).toBe(201);
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    await live.catchUp();
    expect([(await live.health()).vehicles, loads()]).toEqual([before + 1, loadedBefore]);

    // Two events since the last look, more than its one.
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'look-two', name: 'Look Two' })).statusCode).toBe(201);
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'look-three', name: 'Look Three' })).statusCode).toBe(201);
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    await live.catchUp();
    await live.stop();
    expect([(await live.health()).vehicles, loads()]).toEqual([before + 3, loadedBefore + 1]);
    // The app's own index has them too before the next test asks it.
    await vi.waitFor(async () => expect(await health()).toMatchObject({ vehicles: before + 3, eventsBehind: 0 }), { timeout: 10_000, interval: 50 });
  });

  it('answers whole searches as the SQL process does, and says in /api/health that it is in step', async () => {
    const catalogue = await readIndexedVehicles(t.testDb.db);
    expect(await health()).toMatchObject({ mode: 'memory', ok: true, ready: true, vehicles: catalogue.length, eventsBehind: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { searchIndex: unknown } }>().checks.searchIndex).toMatchObject({ mode: 'sql', ok: true });
    for (const search of [...FIXED, ...randomSearches(catalogue, 60, 7)]) expect(await bytes(memory, search), search).toBe(await bytes(t, search));
    // Cards carry the displayed price per request: every currency, byte for byte.
    for (const currency of CURRENCY_CODES) for (const search of [`currency=${currency}`, `currency=${currency}&sort=price-asc&page=2`, `currency=${currency}&q=toyota`]) expect(await bytes(memory, search), search).toBe(await bytes(t, search));
    // Answered once each, from memory: no search went on to SQL and tried to answer a second time (Fastify warns).
    expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
  });

  it('answers from memory: a row taken out of vehicle_search behind the projection is found until the projection moves', async () => {
    await t.testDb.db.deleteFrom('vehicle_search').where('id', '=', 'zz-1').execute();
    expect((await body(t, 'q=version')).items.map((item) => item.id)).not.toContain('zz-1');
    expect((await body(memory, 'q=version')).items.map((item) => item.id)).toContain('zz-1');
  });

  it('follows listings, edits and delistings made through another process, and a rebuild of the read model', async () => {
    const kia = (await admin('GET', '/api/admin/vehicles/kia-sportage-test-2025')).json<Record<string, unknown>>();
    expect((await admin('PUT', '/api/admin/vehicles/kia-sportage-test-2025', { ...kia, name: 'Kia Quillfeather', brand: 'Quill' })).statusCode).toBe(200);
    expect((await admin('POST', '/api/admin/vehicles', { ...kia, id: 'quill-two', name: 'Quill Two', brand: 'Quill' })).statusCode).toBe(201);
    expect((await admin('DELETE', '/api/admin/vehicles/a-b_c')).statusCode).toBe(200);
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    await inStep('q=quill&sort=price-asc');
    await inStep('make=quill');
    await inStep('q=tie');
    expect((await body(memory, 'make=quill')).total).toBe(2);

    await new Projector(t.testDb.db, allProjections).rebuild(['vehicles']);
    await inStep('q=version');
    expect((await body(memory, 'q=version')).items.map((item) => item.id)).toContain('zz-1');
    await inStep('');
    expect(await bytes(memory, 'q=quill&currency=GHS')).toBe(await bytes(t, 'q=quill&currency=GHS'));
    // The answers are already the same; the index's own position reaches the store's at its next look (every second
    // or so, later on a busy machine).
    await vi.waitFor(async () => expect(await health()).toMatchObject({ ok: true, eventsBehind: 0 }), { timeout: 10_000, interval: 100 });
  });
});

describe('SEARCH_INDEX=memory with the answer cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp('api_search_index_cached', { SEARCH_CACHE_TTL_MS: '30000', SEARCH_INDEX: 'memory', DATABASE_URL: t.testDb.url });
    await cached.app.searchIndex?.loaded;
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('keeps an answer asked for twice in bytes of its own: answers joined after it do not change it', async () => {
    const ask = async (search: string, acceptEncoding?: string) => {
      const response = await cached.app.inject({ method: 'GET', url: `/api/vehicles?${search}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(response.statusCode, search).toBe(200);
      return response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString() : response.body;
    };
    const kept = 'q=toyota&sort=price-asc';
    const first = await ask(kept);
    // Asked a second time within the cache's lifetime: kept, then other answers joined in the card store's buffer.
    expect(await ask(kept)).toBe(first);
    const others = ['make=chery', 'q=haval&page=2', 'sort=year-desc&currency=KES'];
    for (const search of others) expect(await ask(search)).not.toBe(first);
    // Answered from the cache, as it is and compressed (from the kept bytes) after the others: the index is not asked.
    const searched = vi.spyOn(cached.app.searchIndex!.catalogue!.index, 'search');
    expect(await ask(kept)).toBe(first);
    expect(await ask(kept, 'br')).toBe(first);
    expect(searched).not.toHaveBeenCalled();
    // An answer asked for once is not kept: asked again, the index answers it (and it is kept then).
    expect(await ask('make=chery&page=3')).toBe(await ask('make=chery&page=3'));
    expect(searched).toHaveBeenCalledTimes(2);
    searched.mockRestore();
    expect(JSON.parse(first)).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ brand: expect.stringMatching(/toyota/i) })]) });
  });
});

const AT_THIRTY_THOUSAND_NAIRA = 'sort=price-asc&priceMin=29999&priceMax=30001';

describe('on a database that sorts text as a language does (ICU en-US)', () => {
  let icu: TestDatabase;
  let inSql: TestApp;
  let inMemory: TestApp;
  beforeAll(async () => {
    icu = await createTestDatabase('api_search_index_icu', { icuLocale: 'en-US' });
    await seedCatalogue(icu.db, [...catalogueListings(), ...AWKWARD]);
    await catchUpCompletely(new Projector(icu.db, allProjections));
    inSql = await createTestApp('api_search_index_icu_sql', { SEARCH_CACHE_TTL_MS: '0', DATABASE_URL: icu.url });
    inMemory = await createTestApp('api_search_index_icu_memory', { SEARCH_CACHE_TTL_MS: '0', SEARCH_INDEX: 'memory', DATABASE_URL: icu.url });
    await inMemory.app.searchIndex?.loaded;
  });
  afterAll(async () => {
    await inMemory?.close();
    await inSql?.close();
    await icu?.drop();
  });
  const answer = async (app: TestApp, search: string) => (await app.app.inject({ method: 'GET', url: `/api/vehicles?${search}` })).body;

  it('orders ties by id in byte order in SQL too, so the index answers there, byte for byte', async () => {
    // The database's own order puts `a-b_c` before `Skoda-Enyaq-2025`; by code point it comes after.
    const { rows } = await sql<{ sorted: string[] }>`select array_agg(x order by x) as sorted from unnest(array['Skoda-Enyaq-2025', 'a-b_c']) as x`.execute(icu.db);
    expect(rows[0]?.sorted).toEqual(['a-b_c', 'Skoda-Enyaq-2025']);
    expect(await collationMatchesIndex(icu.db)).toBe(true);
    const { n } = await icu.db.selectFrom('vehicle_search').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(inMemory.app.searchIndex?.current?.size).toBe(Number(n));
    // Equal prices (the awkward vehicles are all listed at ₦30,000): the tie is ordered by id, by code point.
    const tied = (JSON.parse(await answer(inSql, AT_THIRTY_THOUSAND_NAIRA)) as { items: Array<{ id: string }> }).items.map((item) => item.id);
    expect(tied).toEqual(['A_b', 'Skoda-Enyaq-2025', 'a-b_c', 'a.b-strasse', 'skoda-octavia-2024']);
    for (const search of ['q=tie&sort=price-asc', 'q=tie', 'make=toyota&sort=year-desc', AT_THIRTY_THOUSAND_NAIRA, `${AT_THIRTY_THOUSAND_NAIRA}&currency=KES`, 'q=skoda&sort=rating', '', 'page=2&sort=price-desc']) {
      expect(await answer(inMemory, search), search).toBe(await answer(inSql, search));
    }
  });

  it('stays in SQL where the search table sorts ids as the language does', async () => {
    await sql`alter table vehicle_search alter column id type text collate "default"`.execute(icu.db);
    try {
      expect(await collationMatchesIndex(icu.db)).toBe(false);
    } finally {
      await sql`alter table vehicle_search alter column id type text collate "C"`.execute(icu.db);
    }
    expect(await collationMatchesIndex(icu.db)).toBe(true);
  });
});
