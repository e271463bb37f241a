import { z } from 'zod';
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db, VehiclesTable } from '@autobest/db';
import { CURRENCY_CODES, convert, fromMajor, IMPORT_STATUSES, toMajor, type ImportStatus, type PriceCurrency } from '@autobest/domain';
import {
  VehicleDetailSchema,
  VehicleSearchQuerySchema,
  VehicleSearchResultSchema,
  type VehicleSearchQuery,
  type VehicleSearchResult,
  type VehicleSort,
  type VehicleSummary,
} from '@autobest/domain/inventory/contracts';
import { errorResponses, notFound } from '../platform/errors';
import { PrecompressedJson } from '../platform/precompressed';
import { planFacets, type CountedFacets } from './facetPlan';
import type { CatalogueRates } from './ratesRoutes';
import { CATALOGUE_CACHE_CONTROL, searchCaches, sendSearchAnswer } from './searchCache';
import { applySearch, prefixQuery, usdBoundsOf } from './searchFilters';

const ORDER: Record<VehicleSort, [column: 'listed_at' | 'price_usd_cents' | 'year' | 'rating', direction: 'asc' | 'desc']> = {
  newest: ['listed_at', 'desc'],
  'price-asc': ['price_usd_cents', 'asc'],
  'price-desc': ['price_usd_cents', 'desc'],
  'year-desc': ['year', 'desc'],
  'year-asc': ['year', 'asc'],
  rating: ['rating', 'desc'],
};

type VehicleRow = Selectable<VehiclesTable>;

function summary(row: VehicleRow, currency: PriceCurrency, rates: Parameters<typeof convert>[2]): VehicleSummary {
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
    // The column holds what the decider accepted; anything else would be a row written by other code.
    importStatus: (IMPORT_STATUSES as readonly string[]).includes(row.import_status) ? (row.import_status as ImportStatus) : 'in-stock',
    expectedArrival: row.expected_arrival,
    evRangeKm: row.ev_range_km,
    features: row.features.map((feature) => feature.name),
    specifications: row.specifications.map((spec) => ({ name: spec.name, value: spec.value })),
  };
}

/** The page's vehicles, found on the narrow table (or the index), then read whole from vehicles by id, in the page's order. */
async function pageOfVehicles(db: Db, ids: readonly string[]): Promise<VehicleRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await db.selectFrom('vehicles').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  // A vehicle delisted between the two reads is simply left out of this page.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const pageIds = async (page: SelectQueryBuilder<Database, 'vehicle_search', { id: string }>) => (await page.execute()).map((row) => row.id);

/** Buyers search the catalogue (with facet counts) and open a vehicle. */
export const searchRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates }> = async (app, { rates }) => {
  const caches = searchCaches(app.config.searchCacheTtlMs);

  async function searchVehicles(search: VehicleSearchQuery): Promise<VehicleSearchResult> {
    const { rates: rateTable } = await rates();
    const bounds = usdBoundsOf(search, rateTable);
    const indexed = app.searchIndex?.current?.search(search, bounds);
    if (indexed) return answer(search, rateTable, await pageOfVehicles(app.db, indexed.ids), indexed);
    const filtered = applySearch(app.db.selectFrom('vehicle_search'), search, bounds);
    const [column, direction] = ORDER[search.sort];
    const { sort: _sort, page: _page, pageSize: _pageSize, currency: _currency, priceMin: _priceMin, priceMax: _priceMax, q, ...otherFilters } = search;
    // A text query without a word in it filters nothing, as applySearch has it.
    const filters = { ...otherFilters, q: q && prefixQuery(q) ? q : undefined };
    const [rows, counted] = await Promise.all([
      pageIds(filtered.select('id').orderBy(column, direction).orderBy('id').offset((search.page - 1) * search.pageSize).limit(search.pageSize)).then((ids) => pageOfVehicles(app.db, ids)),
      caches.facets.remember(JSON.stringify({ ...filters, ...bounds }), () => planFacets(app.db, search, filters, bounds, filtered)),
    ]);
    return answer(search, rateTable, rows, counted);
  }

  function answer(search: VehicleSearchQuery, rateTable: Parameters<typeof convert>[2], rows: VehicleRow[], counted: CountedFacets): VehicleSearchResult {
    return {
      items: rows.map((row) => summary(row, search.currency, rateTable)),
      total: counted.total,
      page: search.page,
      pageSize: search.pageSize,
      currency: search.currency,
      finance: app.config.finance,
      facets: counted.facets,
    };
  }

  app.get(
    '/api/vehicles',
    {
      schema: { tags: ['inventory'], summary: 'Search the catalogue: text, filters, sort, pages, facet counts', querystring: VehicleSearchQuerySchema, response: { 200: VehicleSearchResultSchema, ...errorResponses } },
      // Answers keep their own compressed copies; compressing them again per request would cost more than the search.
      compress: false,
      // A URL answered within the cache's lifetime is answered again before its query is parsed: it was valid then.
      onRequest: async (request, reply) => {
        const cached = caches.answers.get(request.url);
        if (cached) return sendSearchAnswer(request, reply, cached);
      },
    },
    async (request, reply) => {
      const answer = await caches.answers.remember(request.url, async () => new PrecompressedJson(JSON.stringify(VehicleSearchResultSchema.parse(await searchVehicles(request.query)))));
      return sendSearchAnswer(request, reply, answer);
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
      reply.header('Cache-Control', CATALOGUE_CACHE_CONTROL);
      const { currency } = request.query;
      const { pricing } = row;
      const shown = (amount: number) => (pricing ? toMajor(convert(fromMajor(amount, pricing.currency as PriceCurrency), currency, rateTable)) : 0);
      return {
        ...summary(row, currency, rateTable),
        description: row.description,
        images: row.images,
        specifications: row.specifications,
        featureDetails: row.features,
        sourceUrl: row.source_url,
        vin: row.vin,
        trim: row.trim,
        pricing,
        displayPricing: pricing ? { min: shown(pricing.min), max: shown(pricing.max), reservationAmount: shown(pricing.reservationAmount), currency } : null,
        finance: app.config.finance,
        createdAt: new Date(row.listed_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },
  );
};
