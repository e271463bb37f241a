import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConcurrencyError, readStream, type Database, type VehiclesTable } from '@autobest/db';
import {
  BODY_TYPES,
  CURRENCY_CODES,
  FUEL_TYPES,
  INVENTORY_TAB_IDS,
  COLLECTION_IDS,
  ReservationSchema,
  VEHICLE_CONDITIONS,
  VehicleNotFound,
  convert,
  decideVehicle,
  foldVehicle,
  fromMajor,
  guessCurrency,
  planPriceRange,
  toMajor,
  vehicleStreamId,
  type PriceCurrency,
  type VehicleEvent,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, notFound } from '../platform/errors';
import { currentRates, type RatesSnapshot } from './rates';
import { TtlCache } from '../platform/ttlCache';
import { acceptedEncoding, PrecompressedJson } from '../platform/precompressed';

/** Filters whose facets the projector keeps counted when they are the only one given. */
const KEPT_FILTERS = ['tab', 'collection', 'make', 'condition', 'fuel', 'body', 'location'] as const;

/** A filter as the projector keys its counts (make and place in lower case); the empty one is the whole catalogue. */
interface KeptFilter {
  facet: string;
  value: string;
}

/** The kept filter of a search with no filter or just one of KEPT_FILTERS (a price range aside), else undefined. */
function keptFilterOf(filters: Record<string, unknown>): KeptFilter | undefined {
  // An empty text filter filters nothing (see applySearch), so it must not count as given either.
  const given = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (given.length === 0) return { facet: '', value: '' };
  const [only] = given;
  if (given.length > 1 || !only || !(KEPT_FILTERS as readonly string[]).includes(only[0])) return undefined;
  const [facet, value] = only;
  return { facet, value: facet === 'make' || facet === 'location' ? String(value).toLowerCase() : String(value) };
}

/** Counts per facet value: facet is make, condition, fuel, body, year, location, tab, collection, or total. */
interface FacetCount {
  facet: string;
  value: string;
  count: number;
}
type Facets = z.infer<typeof SearchResultSchema>['facets'];

/** The answer's total and facets from counts, adding up counts of the same value (kept buckets and slices). */
function facetsOf(counts: readonly FacetCount[]): { total: number; facets: Facets } {
  const summed = new Map<string, Map<string, number>>();
  for (const { facet, value, count } of counts) {
    const values = summed.get(facet) ?? summed.set(facet, new Map()).get(facet)!;
    values.set(value, (values.get(value) ?? 0) + Number(count));
  }
  const facet = (name: string) =>
    [...(summed.get(name) ?? [])]
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, 50);
  const counted = (name: string, ids: readonly string[]) => ids.map((id) => ({ value: id, count: summed.get(name)?.get(id) ?? 0 }));
  return {
    total: summed.get('total')?.get('all') ?? 0,
    facets: {
      make: facet('make'),
      condition: facet('condition'),
      fuel: facet('fuel'),
      body: facet('body'),
      year: facet('year'),
      location: facet('location'),
      tab: counted('tab', INVENTORY_TAB_IDS).filter((entry) => entry.count > 0),
      collection: counted('collection', COLLECTION_IDS),
    },
  };
}

const SORTS = ['newest', 'price-asc', 'price-desc', 'year-desc', 'year-asc', 'rating'] as const;

export const VehicleSearchQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    tab: z.enum(INVENTORY_TAB_IDS, { error: `tab must be one of: ${INVENTORY_TAB_IDS.join(', ')}` }).optional(),
    collection: z.enum(COLLECTION_IDS, { error: `collection must be one of: ${COLLECTION_IDS.join(', ')}` }).optional(),
    make: z.string().trim().max(60).optional(),
    model: z.string().trim().max(60).optional(),
    yearMin: z.coerce.number().int().min(1900).max(2100).optional(),
    yearMax: z.coerce.number().int().min(1900).max(2100).optional(),
    priceMin: z.coerce.number().min(0).optional(),
    priceMax: z.coerce.number().min(0).optional(),
    currency: z.enum(CURRENCY_CODES, { error: `currency must be one of: ${CURRENCY_CODES.join(', ')}` }).default('NGN'),
    condition: z.enum(VEHICLE_CONDITIONS).optional(),
    fuel: z.enum(FUEL_TYPES).optional(),
    body: z.enum(BODY_TYPES).optional(),
    location: z.string().trim().max(80).optional(),
    featured: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
    sort: z.enum(SORTS, { error: `sort must be one of: ${SORTS.join(', ')}` }).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(60).default(24),
  })
  .refine((query) => query.yearMin === undefined || query.yearMax === undefined || query.yearMin <= query.yearMax, { path: ['yearMax'], message: 'yearMax must not be below yearMin' })
  .refine((query) => query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax, { path: ['priceMax'], message: 'priceMax must not be below priceMin' });

type SearchQuery = z.infer<typeof VehicleSearchQuery>;

const PriceSchema = z.object({ amount: z.number(), currency: z.string() });
const VehicleSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    category: z.string(),
    price: PriceSchema.describe('As listed'),
    displayPrice: PriceSchema.describe('Converted into the requested currency at the current rates'),
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    rating: z.number(),
    reviewCount: z.number(),
    condition: z.string(),
    fuelType: z.string(),
    bodyType: z.string(),
    transmission: z.string(),
    odometerKm: z.number(),
    location: z.object({ city: z.string(), country: z.string() }),
    inStock: z.boolean(),
    isNew: z.boolean(),
    isFeatured: z.boolean(),
    features: z.array(z.string()),
    specifications: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({ id: 'VehicleSummary' });

const VehicleDetailSchema = VehicleSummarySchema.extend({
  description: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string(), isPrimary: z.boolean().optional() })),
  specifications: z.array(z.object({ name: z.string(), value: z.string(), category: z.string() })),
  featureDetails: z.array(z.object({ name: z.string(), description: z.string(), category: z.string() })),
  sourceUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'Vehicle' });

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number() }));
const SearchResultSchema = z
  .object({
    items: z.array(VehicleSummarySchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    currency: z.string(),
    facets: z.object({ make: FacetSchema, condition: FacetSchema, fuel: FacetSchema, body: FacetSchema, year: FacetSchema, location: FacetSchema, tab: FacetSchema, collection: FacetSchema }),
  })
  .meta({ id: 'VehicleSearchResult' });

/** A search runs on vehicle_search, the narrow copy of what it filters, sorts and counts by. */
type VehicleQuery = SelectQueryBuilder<Database, 'vehicle_search', object>;

/** Words of a search, each matched as a prefix: "toy cor" finds Toyota Corolla. */
function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

function applySearch(query: VehicleQuery, search: SearchQuery, usdBounds: { min?: number; max?: number }): VehicleQuery {
  let filtered = query;
  const terms = search.q ? prefixQuery(search.q) : null;
  if (terms) filtered = filtered.where(sql<boolean>`search @@ to_tsquery('simple', ${terms})`);
  if (search.tab) filtered = filtered.where(sql<boolean>`tabs @> array[${search.tab}]::text[]`);
  if (search.collection) filtered = filtered.where(sql<boolean>`collections @> array[${search.collection}]::text[]`);
  if (search.make) filtered = filtered.where((eb: ExpressionBuilder<Database, 'vehicle_search'>) => eb(eb.fn('lower', ['brand']), '=', search.make!.toLowerCase()));
  if (search.model) filtered = filtered.where((eb: ExpressionBuilder<Database, 'vehicle_search'>) => eb(eb.fn('lower', ['model']), '=', search.model!.toLowerCase()));
  if (search.yearMin !== undefined) filtered = filtered.where('year', '>=', search.yearMin);
  if (search.yearMax !== undefined) filtered = filtered.where('year', '<=', search.yearMax);
  if (usdBounds.min !== undefined) filtered = filtered.where('price_usd_cents', '>=', usdBounds.min);
  if (usdBounds.max !== undefined) filtered = filtered.where('price_usd_cents', '<=', usdBounds.max);
  if (search.condition) filtered = filtered.where('condition', '=', search.condition);
  if (search.fuel) filtered = filtered.where('fuel_type', '=', search.fuel);
  if (search.body) filtered = filtered.where('body_type', '=', search.body);
  if (search.location) {
    const place = search.location.toLowerCase();
    filtered = filtered.where((eb: ExpressionBuilder<Database, 'vehicle_search'>) => eb.or([eb(eb.fn('lower', ['city']), '=', place), eb(eb.fn('lower', ['country']), '=', place)]));
  }
  if (search.featured !== undefined) filtered = filtered.where('is_featured', '=', search.featured);
  return filtered;
}

const ORDER: Record<(typeof SORTS)[number], [column: 'listed_at' | 'price_usd_cents' | 'year' | 'rating', direction: 'asc' | 'desc']> = {
  newest: ['listed_at', 'desc'],
  'price-asc': ['price_usd_cents', 'asc'],
  'price-desc': ['price_usd_cents', 'desc'],
  'year-desc': ['year', 'desc'],
  'year-asc': ['year', 'asc'],
  rating: ['rating', 'desc'],
};

type VehicleRow = Selectable<VehiclesTable>;

function summary(row: VehicleRow, currency: PriceCurrency, rates: Parameters<typeof convert>[2]) {
  const listed = { amountMinor: Number(row.price_minor), currency: row.price_currency as PriceCurrency };
  const primary = row.images.find((image) => image.isPrimary) ?? row.images[0];
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    brand: row.brand,
    model: row.model,
    year: row.year,
    category: row.category,
    price: { amount: toMajor(listed), currency: listed.currency },
    displayPrice: { amount: toMajor(convert(listed, currency, rates)), currency },
    image: primary ? { url: primary.url, alt: primary.alt } : null,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    condition: row.condition,
    fuelType: row.fuel_type,
    bodyType: row.body_type,
    transmission: row.transmission,
    odometerKm: row.odometer_km,
    location: { city: row.city, country: row.country },
    inStock: row.in_stock,
    isNew: row.is_new,
    isFeatured: row.is_featured,
    features: row.features.map((feature) => feature.name),
    specifications: row.specifications.map((spec) => ({ name: spec.name, value: spec.value })),
  };
}

const CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** Buyers search the catalogue, open a vehicle and ask to reserve it. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rates change every few hours and the catalogue every few minutes; answers may be this old, as the
  // Cache-Control headers already tell browsers and proxies.
  const ratesCache = new TtlCache<RatesSnapshot>(30_000, 1);
  // Whole answers, already serialised (and compressed once a client asks), per URL; and totals with facets per filter set, which every sort
  // and page of one search share.
  const searchCache = new TtlCache<PrecompressedJson>(app.config.searchCacheTtlMs, 2000);
  const facetsCache = new TtlCache<{ total: number; facets: Facets }>(app.config.searchCacheTtlMs, 2000);
  const rates = () => ratesCache.remember('current', () => currentRates(app.db));

  app.get(
    '/api/rates',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Current exchange rates per 1 USD (the fallback table until the rate service has answered)',
        response: { 200: z.object({ base: z.literal('USD'), source: z.string(), timestamp: z.string(), rates: z.record(z.string(), z.number()) }).meta({ id: 'Rates' }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return rates();
    },
  );

  app.get(
    '/api/geo',
    {
      schema: {
        tags: ['inventory'],
        summary: "The visitor's default currency: a trusted proxy's country header, else Accept-Language, else NGN",
        response: { 200: z.object({ country: z.string().nullable(), currency: z.string(), source: z.enum(['proxy-header', 'accept-language', 'default']) }).meta({ id: 'Geo' }) },
      },
    },
    async (request, reply) => {
      // Country headers are only believed behind a proxy that sets them (TRUST_PROXY); anyone can send one.
      const header = app.config.trustProxy ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code']) : undefined;
      reply.header('Cache-Control', 'private, max-age=3600').header('Vary', 'Accept-Language, CF-IPCountry, X-Country-Code');
      return guessCurrency(typeof header === 'string' ? header : null, request.headers['accept-language']);
    },
  );

  /** A search answer with the headers every copy of it carries, compressed as the client accepts. */
  async function sendSearchAnswer(request: FastifyRequest, reply: FastifyReply, answer: PrecompressedJson): Promise<FastifyReply> {
    reply.header('Cache-Control', CACHE).header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    const encoding = answer.compressible ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    // Already checked against the schema when it was made, so it goes out as it is.
    if (!encoding) return reply.send(answer.text);
    return reply.header('Content-Encoding', encoding).send(await answer.in(encoding));
  }

  app.get(
    '/api/vehicles',
    {
      schema: { tags: ['inventory'], summary: 'Search the catalogue: text, filters, sort, pages, facet counts', querystring: VehicleSearchQuery, response: { 200: SearchResultSchema, ...errorResponses } },
      // Answers keep their own compressed copies; compressing them again per request would cost more than the search.
      compress: false,
      // A URL answered within the cache's lifetime is answered again before its query is parsed: it was valid then.
      onRequest: async (request, reply) => {
        const cached = searchCache.get(request.url);
        if (cached) return sendSearchAnswer(request, reply, cached);
      },
    },
    async (request, reply) => {
      const answer = await searchCache.remember(request.url, async () => new PrecompressedJson(JSON.stringify(SearchResultSchema.parse(await searchVehicles(request.query)))));
      return sendSearchAnswer(request, reply, answer);
    },
  );

  /** The matching rows' combinations of facet values, each row weighing 1, or -1 for a price slice taken away from kept counts. */
  const facetSource = (filtered: VehicleQuery, weight: 1 | -1 = 1) => filtered.select([sql<number>`${sql.lit(weight)}::int`.as('weight'), 'facets_id']);

  /**
   * The total (the empty grouping set) and every facet of the matching rows (of each source, weighed): their
   * weights are added up per combination of facet values, a few hundred at most, which are then spread over
   * the facets. Tabs and collections are grouped by the whole array, and each group counts towards every tab in it.
   */
  async function countFacets(sources: [ReturnType<typeof facetSource>, ...Array<ReturnType<typeof facetSource>>]): Promise<FacetCount[]> {
    const [first, ...rest] = sources;
    const matches = rest.reduce((all, source) => all.unionAll(source), first);
    const perCombination = app.db.selectFrom(matches.as('matches')).select(['facets_id', sql<number>`sum(weight)`.as('weight')]).groupBy('facets_id');
    const rows = await app.db
      .selectFrom(perCombination.as('counted'))
      .innerJoin('vehicle_facet_combinations', 'vehicle_facet_combinations.id', 'counted.facets_id')
      .select([
        'brand',
        'condition',
        'fuel_type',
        'body_type',
        sql<string>`year::text`.as('year'),
        'city',
        // Null in the rows of the other grouping sets.
        sql<string[] | null>`tabs`.as('tabs'),
        sql<string[] | null>`collections`.as('collections'),
        sql<number>`grouping(brand, condition, fuel_type, body_type, year, city, tabs, collections)`.as('grouping'),
        sql<number>`sum(weight)`.as('count'),
      ])
      .groupBy(sql`grouping sets ((brand), (condition), (fuel_type), (body_type), (year), (city), (tabs), (collections), ())`)
      .execute();
    const columns = { brand: 'make', condition: 'condition', fuel_type: 'fuel', body_type: 'body', year: 'year', city: 'location' } as const;
    return rows.flatMap((row): FacetCount[] => {
      const count = Number(row.count);
      if (Number(row.grouping) === 255) return [{ facet: 'total', value: 'all', count }];
      if (row.tabs !== null) return row.tabs.map((tab) => ({ facet: 'tab', value: tab, count }));
      if (row.collections !== null) return row.collections.map((id) => ({ facet: 'collection', value: id, count }));
      return Object.entries(columns).flatMap(([column, facet]) => {
        const value = row[column as keyof typeof columns];
        return value === null ? [] : [{ facet, value: String(value), count }];
      });
    });
  }

  /** Counts the projector keeps for the whole catalogue or one filter, over every price. */
  async function keptFacetCounts(filter: KeptFilter): Promise<FacetCount[]> {
    return app.db.selectFrom('vehicle_facet_counts').select(['facet', 'value', 'count']).where('filter_facet', '=', filter.facet).where('filter_value', '=', filter.value).execute();
  }

  /**
   * Kept counts of a price range's whole buckets, plus or minus the rows of its two edge slices counted
   * through the price index: exactly what counting every match would give.
   */
  async function priceRangeFacetCounts(filter: KeptFilter, search: SearchQuery, bounds: { min?: number; max?: number }): Promise<FacetCount[]> {
    const plan = planPriceRange(bounds);
    const [slices, ...moreSlices] = plan.slices.map((slice) => facetSource(applySearch(app.db.selectFrom('vehicle_search'), search, { min: slice.from, max: slice.to }), slice.sign));
    const [kept, sliced] = await Promise.all([
      plan.firstBucket <= plan.lastBucket
        ? app.db
            .selectFrom('vehicle_price_facet_counts')
            .select(['facet', 'value', sql<number>`sum(count)`.as('count')])
            .where('filter_facet', '=', filter.facet)
            .where('filter_value', '=', filter.value)
            .where('price_bucket', '>=', plan.firstBucket)
            .where('price_bucket', '<=', plan.lastBucket)
            .groupBy(['facet', 'value'])
            .execute()
        : [],
      slices ? countFacets([slices, ...moreSlices]) : [],
    ]);
    return [...kept, ...sliced];
  }

  /** The page's vehicles, found on the narrow table, then read whole from vehicles by id, in the page's order. */
  async function pageOfVehicles(page: SelectQueryBuilder<Database, 'vehicle_search', { id: string }>): Promise<VehicleRow[]> {
    const ids = (await page.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    const byId = new Map((await app.db.selectFrom('vehicles').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
    // A vehicle delisted between the two reads is simply left out of this page.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async function searchVehicles(search: SearchQuery): Promise<z.infer<typeof SearchResultSchema>> {
    const { rates: rateTable } = await rates();
    const toUsdCents = (amount: number) => convert(fromMajor(amount, search.currency), 'USD', rateTable).amountMinor;
    const bounds: { min?: number; max?: number } = {
      ...(search.priceMin !== undefined ? { min: toUsdCents(search.priceMin) } : {}),
      ...(search.priceMax !== undefined ? { max: toUsdCents(search.priceMax) } : {}),
    };
    const filtered = applySearch(app.db.selectFrom('vehicle_search'), search, bounds);
    const [column, direction] = ORDER[search.sort];
    const { sort: _sort, page: _page, pageSize: _pageSize, currency: _currency, priceMin: _priceMin, priceMax: _priceMax, q, ...otherFilters } = search;
    // A text query without a word in it filters nothing, as applySearch has it.
    const filters = { ...otherFilters, q: q && prefixQuery(q) ? q : undefined };
    const [rows, counted] = await Promise.all([
      pageOfVehicles(filtered.select('id').orderBy(column, direction).orderBy('id').offset((search.page - 1) * search.pageSize).limit(search.pageSize)),
      facetsCache.remember(JSON.stringify({ ...filters, ...bounds }), async () => {
        const kept = keptFilterOf(filters);
        if (!kept) return facetsOf(await countFacets([facetSource(filtered)]));
        if (bounds.min === undefined && bounds.max === undefined) return facetsOf(await keptFacetCounts(kept));
        return facetsOf(await priceRangeFacetCounts(kept, search, bounds));
      }),
    ]);
    return {
      items: rows.map((row) => summary(row, search.currency, rateTable)),
      total: counted.total,
      page: search.page,
      pageSize: search.pageSize,
      currency: search.currency,
      facets: counted.facets,
    };
  }

  app.get(
    '/api/vehicles/stats',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Catalogue statistics: total, by category, by brand, average price in USD (0 when empty)',
        response: { 200: z.object({ total: z.number(), byCategory: z.record(z.string(), z.number()), byBrand: z.record(z.string(), z.number()), avgPrice: z.number() }).meta({ id: 'InventoryStats' }) },
      },
    },
    async (_request, reply) => {
      const [totals, categories, brands] = await Promise.all([
        app.db.selectFrom('vehicles').select([(eb) => eb.fn.countAll<number>().as('total'), sql<number | null>`avg(price_usd_cents)`.as('average')]).executeTakeFirstOrThrow(),
        app.db.selectFrom('vehicles').select(['category', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('category').execute(),
        app.db.selectFrom('vehicles').select(['brand', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('brand').execute(),
      ]);
      reply.header('Cache-Control', CACHE);
      return {
        total: Number(totals.total),
        byCategory: Object.fromEntries(categories.map((row) => [row.category, Number(row.count)])),
        byBrand: Object.fromEntries(brands.map((row) => [row.brand, Number(row.count)])),
        avgPrice: totals.average === null ? 0 : Math.round(Number(totals.average) / 100),
      };
    },
  );

  const BrandsSchema = z
    .object({
      currency: z.string(),
      brands: z.array(
        z.object({
          brand: z.string(),
          count: z.number(),
          models: z.array(z.object({ model: z.string(), count: z.number() })).describe('Most listed first'),
          priceMin: PriceSchema.describe('Cheapest listing, converted into `currency`'),
          priceMax: PriceSchema.describe('Dearest listing, converted into `currency`'),
        }),
      ),
    })
    .meta({ id: 'VehicleBrands' });
  const brandsCache = new TtlCache<Array<{ brand: string; model: string; count: number; min: number; max: number }>>(app.config.searchCacheTtlMs, 1);

  app.get(
    '/api/vehicles/brands',
    {
      schema: {
        tags: ['inventory'],
        summary: "Every brand in stock with its models and price range (the Brands page's cards)",
        querystring: z.object({ currency: z.enum(CURRENCY_CODES, { error: `currency must be one of: ${CURRENCY_CODES.join(', ')}` }).default('NGN') }),
        response: { 200: BrandsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await brandsCache.remember('all', async () =>
        (
          await app.db
            .selectFrom('vehicles')
            .select(['brand', 'model', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('price_usd_cents').as('min'), (eb) => eb.fn.max('price_usd_cents').as('max')])
            .groupBy(['brand', 'model'])
            .execute()
        ).map((row) => ({ brand: row.brand, model: row.model, count: Number(row.count), min: Number(row.min), max: Number(row.max) })),
      );
      const { rates: rateTable } = await rates();
      const currency = request.query.currency;
      const inCurrency = (usdCents: number) => ({ amount: toMajor(convert({ amountMinor: usdCents, currency: 'USD' }, currency, rateTable)), currency });
      const byBrand = new Map<string, typeof rows>();
      for (const row of rows) byBrand.set(row.brand, [...(byBrand.get(row.brand) ?? []), row]);
      reply.header('Cache-Control', CACHE);
      return {
        currency,
        brands: [...byBrand.entries()]
          .map(([brand, models]) => ({
            brand,
            count: models.reduce((sum, row) => sum + row.count, 0),
            models: models.sort((a, b) => b.count - a.count || a.model.localeCompare(b.model)).map((row) => ({ model: row.model, count: row.count })),
            priceMin: inCurrency(Math.min(...models.map((row) => row.min))),
            priceMax: inCurrency(Math.max(...models.map((row) => row.max))),
          }))
          .sort((a, b) => b.count - a.count || a.brand.localeCompare(b.brand)),
      };
    },
  );

  app.get(
    '/api/vehicles/:id',
    {
      schema: {
        tags: ['inventory'],
        summary: 'One vehicle, its price converted into `currency`',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ currency: z.enum(CURRENCY_CODES).default('NGN') }),
        response: { 200: VehicleDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.db.selectFrom('vehicles').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Vehicle');
      const { rates: rateTable } = await rates();
      reply.header('Cache-Control', CACHE);
      return {
        ...summary(row, request.query.currency, rateTable),
        description: row.description,
        images: row.images,
        specifications: row.specifications,
        featureDetails: row.features,
        sourceUrl: row.source_url,
        createdAt: new Date(row.listed_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },
  );

  app.post(
    '/api/vehicles/:id/reservations',
    {
      schema: {
        tags: ['inventory'],
        summary: "Ask to reserve a vehicle ('Reserve Now'); staff follow up",
        params: z.object({ id: z.string().max(100) }),
        body: ReservationSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const stream = vehicleStreamId(request.params.id);
      const reservationId = randomUUID();
      // Two buyers reserving at once race for the same stream version; the loser simply tries again.
      for (let attempt = 1; ; attempt++) {
        const stored = await readStream(app.db, stream);
        const state = foldVehicle(stored.map((event) => ({ type: event.type, data: event.data }) as VehicleEvent));
        let events: VehicleEvent[];
        try {
          events = decideVehicle({ type: 'RequestReservation', reservationId, name: request.body.name, phone: request.body.phone, now: new Date() }, state);
        } catch (error) {
          if (error instanceof VehicleNotFound) throw notFound('Vehicle');
          throw error;
        }
        try {
          await app.eventStore.append(stream, stored.length, events, eventMetadata(request, { kind: 'visitor' }));
          return reply.code(201).send({ id: reservationId });
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
        }
      }
    },
  );
};
