import { z } from 'zod';
import type { SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from '@autobest/db';
import { CURRENCY_CODES, convert, fromMajor, toMajor, type PriceCurrency } from '@autobest/domain';
import {
  VehicleDetailSchema,
  VehicleSearchQuerySchema,
  VehicleSearchResultSchema,
  type VehicleSearchQuery,
  type VehicleSearchResult,
  type VehicleSort,
} from '@autobest/domain/inventory/contracts';
import { errorResponses, notFound } from '../http/errors';
import { PrecompressedJson } from '../process/precompressed';
import { planFacets, type CountedFacets } from './facetPlan';
import type { CatalogueRates } from './ratesRoutes';
import { CATALOGUE_CACHE_CONTROL, searchCaches, sendSearchAnswer } from './searchCache';
import { applySearch, prefixQuery, usdBoundsOf } from './searchFilters';
import { summary, type VehicleRow } from './vehicleSummary';

const ORDER: Record<VehicleSort, [column: 'listed_at' | 'price_usd_cents' | 'year' | 'rating', direction: 'asc' | 'desc']> = {
  newest: ['listed_at', 'desc'],
  'price-asc': ['price_usd_cents', 'asc'],
  'price-desc': ['price_usd_cents', 'desc'],
  'year-desc': ['year', 'desc'],
  'year-asc': ['year', 'asc'],
  rating: ['rating', 'desc'],
};

/** The page's vehicles, found on the narrow table (or the index), then read whole from vehicles by id, in the page's order. */
async function pageOfVehicles(db: Db, ids: readonly string[]): Promise<VehicleRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await db.selectFrom('vehicles').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  // A vehicle delisted between the two reads is simply left out of this page.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How an answer from memory is put together: the SQL path's answer with no items and no facets, then the items and the
 * facets (written as JSON by the index) put in.
 */
const EMPTY_ITEMS_TOTAL_0 = '{"items":[],"total":0';
const ITEMS_OPEN = '{"items":[';
const CLOSE_BRACE = '}';
const NO_FACETS: CountedFacets['facets'] = { make: [], condition: [], fuel: [], body: [], year: [], location: [], tab: [], collection: [] };
const NO_FACETS_AT_END = `"facets":${JSON.stringify(NO_FACETS)}}`;

const pageIds = async (page: SelectQueryBuilder<Database, 'vehicle_search', { id: string }>) => (await page.execute()).map((row) => row.id);

/** Buyers search the catalogue (with facet counts) and open a vehicle. */
export const searchRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates }> = async (app, { rates }) => {
  const caches = searchCaches(app.config.searchCacheTtlMs);

  async function searchVehicles(search: VehicleSearchQuery): Promise<VehicleSearchResult> {
    const { rates: rateTable } = await rates();
    const bounds = usdBoundsOf(search, rateTable);
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

  /**
   * The JSON of an answer's fields after its total and before its facets (page, page size, currency, finance terms), as
   * answer() writes them.
   */
  function fieldsAfterTotal(search: VehicleSearchQuery, rateTable: Parameters<typeof convert>[2]): string {
    const whole = JSON.stringify(answer(search, rateTable, [], { total: 0, facets: NO_FACETS }));
    if (!whole.startsWith(EMPTY_ITEMS_TOTAL_0) || !whole.endsWith(NO_FACETS_AT_END)) throw new Error('A search answer must begin with its items and total and end with its facets');
    return whole.slice(EMPTY_ITEMS_TOTAL_0.length, whole.length - NO_FACETS_AT_END.length);
  }

  /**
   * The answer from memory (SEARCH_INDEX=memory), touching no PostgreSQL: ids, total and facets from the index, each
   * card's JSON as serialised (and checked against its schema) when the vehicle last changed, the displayed price
   * converted per request. Byte for byte the SQL path's answer, sent from here; false when the index cannot answer (SQL
   * does) or is still loading. (Not the reply: a reply is a thenable, which an await would follow.)
   */
  async function sentFromMemory(search: VehicleSearchQuery, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const catalogue = app.searchIndex?.catalogue;
    if (!catalogue) return false;
    const { index, cards } = catalogue;
    const { rates: rateTable } = await rates();
    const indexed = index.search(search, usdBoundsOf(search, rateTable));
    if (!indexed) return false;
    // The cards were checked against their schema when made; the rest is the SQL path's own answer() (typed, and
    // compared byte for byte with the SQL path's checked answers in searchIndex.int.test.ts).
    const tail = [`],"total":${indexed.total}${fieldsAfterTotal(search, rateTable)}"facets":`, indexed.facetsJson, CLOSE_BRACE];
    // A vehicle without a card (its row gone from vehicles) is left out of the page, as pageOfVehicles leaves it. The
    // bytes are the card store's until its next join: sent (or copied) now, with no await between.
    const joined = cards.join(indexed.slots, search.currency, rateTable, ITEMS_OPEN, tail);
    // Made in microseconds: kept only for a URL asked for a second time within the cache's lifetime, so the long
    // tail of searches asked once does not fill the heap with answers nobody asks for again.
    let answer: PrecompressedJson | Buffer = joined;
    if (caches.askedBefore.seenBefore(request.url)) caches.answers.set(request.url, (answer = new PrecompressedJson(Buffer.from(joined))));
    sendSearchAnswer(request, reply, answer);
    return true;
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
      if (await sentFromMemory(request.query, request, reply)) return reply;
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
