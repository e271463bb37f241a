import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { COLLECTION_IDS, INVENTORY_TAB_IDS, planPriceRange } from '@autobest/domain';
import type { VehicleSearchQuery, VehicleSearchResult } from '@autobest/domain/inventory/contracts';
import { FACET_COLUMNS, facetValuesIn, keptFilterOf, TOTAL, VEHICLE_FACETS, type FacetValue } from '@autobest/projections';
import { applySearch, type UsdBounds, type VehicleQuery } from './searchFilters';

/** Counts per facet value: facet is one of VEHICLE_FACETS, or the total. */
export interface FacetCount extends FacetValue {
  count: number;
}

/** A search's total and facets, shared by every sort and page of it. */
export interface CountedFacets {
  total: number;
  facets: VehicleSearchResult['facets'];
}

/** The answer's total and facets from counts, adding up counts of the same value (kept buckets and slices). */
export function facetsOf(counts: readonly FacetCount[]): CountedFacets {
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
    total: summed.get(TOTAL.facet)?.get(TOTAL.value) ?? 0,
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

/** grouping() of the total's row: every facet column is grouped away (one bit each). */
const EVERY_FACET_GROUPED = 2 ** FACET_COLUMNS.length - 1;

/** The matching rows' combinations of facet values, each row weighing 1, or -1 for a price slice taken away from kept counts. */
const facetSource = (filtered: VehicleQuery, weight: 1 | -1 = 1) => filtered.select([sql<number>`${sql.lit(weight)}::int`.as('weight'), 'facets_id']);

/**
 * The total (the empty grouping set) and every facet of the matching rows (of each source, weighed): their
 * weights are added up per combination of facet values, a few hundred at most, which are then spread over
 * the facets. Tabs and collections are grouped by the whole array, and each group counts towards every tab in it.
 */
async function countFacets(db: Db, sources: [ReturnType<typeof facetSource>, ...Array<ReturnType<typeof facetSource>>]): Promise<FacetCount[]> {
  const [first, ...rest] = sources;
  const matches = rest.reduce((all, source) => all.unionAll(source), first);
  const perCombination = db.selectFrom(matches.as('matches')).select(['facets_id', sql<number>`sum(weight)`.as('weight')]).groupBy('facets_id');
  const rows = await db
    .selectFrom(perCombination.as('counted'))
    .innerJoin('vehicle_facet_combinations', 'vehicle_facet_combinations.id', 'counted.facets_id')
    .select([
      // Null in the rows of the other grouping sets.
      ...FACET_COLUMNS.map((column) => sql<string | number | string[] | null>`${sql.ref(column)}`.as(column)),
      sql<number>`grouping(${sql.join(FACET_COLUMNS.map((column) => sql.ref(column)))})`.as('grouping'),
      sql<number>`sum(weight)`.as('count'),
    ])
    .groupBy(sql`grouping sets (${sql.join([...FACET_COLUMNS.map((column) => sql`(${sql.ref(column)})`), sql`()`])})`)
    .execute();
  return rows.flatMap((row): FacetCount[] => {
    const count = Number(row.count);
    if (Number(row.grouping) === EVERY_FACET_GROUPED) return [{ ...TOTAL, count }];
    return VEHICLE_FACETS.flatMap(({ key, column }) => facetValuesIn(row[column]).map((value) => ({ facet: key, value, count })));
  });
}

/** Counts the projector keeps for the whole catalogue or one filter, over every price. */
async function keptFacetCounts(db: Db, filter: FacetValue): Promise<FacetCount[]> {
  return db.selectFrom('vehicle_facet_counts').select(['facet', 'value', 'count']).where('filter_facet', '=', filter.facet).where('filter_value', '=', filter.value).execute();
}

/**
 * Kept counts of a price range's whole buckets, plus or minus the rows of its two edge slices counted
 * through the price index: exactly what counting every match would give.
 */
async function priceRangeFacetCounts(db: Db, filter: FacetValue, search: VehicleSearchQuery, bounds: UsdBounds): Promise<FacetCount[]> {
  const plan = planPriceRange(bounds);
  const [slices, ...moreSlices] = plan.slices.map((slice) => facetSource(applySearch(db.selectFrom('vehicle_search'), search, { min: slice.from, max: slice.to }), slice.sign));
  const [kept, sliced] = await Promise.all([
    plan.firstBucket <= plan.lastBucket
      ? db
          .selectFrom('vehicle_price_facet_counts')
          .select(['facet', 'value', sql<number>`sum(count)`.as('count')])
          .where('filter_facet', '=', filter.facet)
          .where('filter_value', '=', filter.value)
          .where('price_bucket', '>=', plan.firstBucket)
          .where('price_bucket', '<=', plan.lastBucket)
          .groupBy(['facet', 'value'])
          .execute()
      : [],
    slices ? countFacets(db, [slices, ...moreSlices]) : [],
  ]);
  return [...kept, ...sliced];
}

/**
 * A search's total and facets, by the cheapest plan that gives exact counts: the projector's kept counts when it
 * keeps them for the search's filters (over every price, or over a price range's buckets and edge slices), else
 * counted over every match. `filters` are the search's by name, its price range aside (as `bounds`); `filtered`
 * is the search's query.
 */
export async function planFacets(db: Db, search: VehicleSearchQuery, filters: Record<string, unknown>, bounds: UsdBounds, filtered: VehicleQuery): Promise<CountedFacets> {
  const kept = keptFilterOf(filters);
  if (!kept) return facetsOf(await countFacets(db, [facetSource(filtered)]));
  if (bounds.min === undefined && bounds.max === undefined) return facetsOf(await keptFacetCounts(db, kept));
  return facetsOf(await priceRangeFacetCounts(db, kept, search, bounds));
}
