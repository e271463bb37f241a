import type { VehicleFacetCombinationsTable, VehiclesTable } from '@autobest/db';

/**
 * The search's facets, one table for both sides of the contract: the vehicles projection keeps counts and
 * combinations of facet values by it, and the search reads them by it.
 */

/** A column of vehicle_facet_combinations (migration 0015), and of vehicles and vehicle_search by the same name. */
export type FacetColumn = Exclude<keyof VehicleFacetCombinationsTable, 'id'>;

/** The vehicles columns that decide what a vehicle counts towards and which single filters it matches. */
export type FacetedVehicle = Pick<VehiclesTable, FacetColumn | 'country'>;

export interface VehicleFacet {
  /** Its name in the search answer's facets, and the name of the search's filter on it. */
  readonly key: string;
  /** Where its values are; a vehicle counts towards every value of an array column. */
  readonly column: FacetColumn;
  /**
   * Present when the projector keeps counts for a search with only this filter: the columns the filter matches,
   * and whether it matches them regardless of case (the kept filter value is then in lower case). Absent: such a
   * search counts its matching rows.
   */
  readonly keptFilter?: { readonly columns: ReadonlyArray<keyof FacetedVehicle>; readonly caseInsensitive: boolean };
}

const exactly = (column: keyof FacetedVehicle) => ({ columns: [column], caseInsensitive: false });

export const VEHICLE_FACETS: readonly VehicleFacet[] = [
  { key: 'make', column: 'brand', keptFilter: { columns: ['brand'], caseInsensitive: true } },
  { key: 'condition', column: 'condition', keptFilter: exactly('condition') },
  { key: 'fuel', column: 'fuel_type', keptFilter: exactly('fuel_type') },
  { key: 'body', column: 'body_type', keptFilter: exactly('body_type') },
  // Searches filter by a range of years, never by one year.
  { key: 'year', column: 'year' },
  { key: 'location', column: 'city', keptFilter: { columns: ['city', 'country'], caseInsensitive: true } },
  { key: 'tab', column: 'tabs', keptFilter: exactly('tabs') },
  { key: 'collection', column: 'collections', keptFilter: exactly('collections') },
];

/** The columns of a combination of facet values, in the table's order. */
export const FACET_COLUMNS: readonly FacetColumn[] = VEHICLE_FACETS.map((facet) => facet.column);
/** What the projection reads of a vehicle to know what it counted towards. */
export const FACETED_VEHICLE_COLUMNS = [...new Set<keyof FacetedVehicle>([...FACET_COLUMNS, ...VEHICLE_FACETS.flatMap((facet) => facet.keptFilter?.columns ?? [])])];

/** A facet value or a kept filter, as the count tables key them. */
export interface FacetValue {
  facet: string;
  value: string;
}

/** Every vehicle counts towards the total. */
export const TOTAL: FacetValue = { facet: 'total', value: 'all' };
/** The kept "filter" of a search with none: the whole catalogue. */
export const WHOLE_CATALOGUE: FacetValue = { facet: '', value: '' };

/** A column's values as facet values: none for null (a grouping set's other columns), each of an array, else the one. */
export function facetValuesIn(value: string | number | readonly string[] | null): string[] {
  if (value === null) return [];
  return Array.isArray(value) ? [...value] : [String(value)];
}

/** The facet values a vehicle counts towards, the total first. */
export function facetValuesOf(vehicle: FacetedVehicle): FacetValue[] {
  return [TOTAL, ...VEHICLE_FACETS.flatMap(({ key, column }) => facetValuesIn(vehicle[column]).map((value) => ({ facet: key, value })))];
}

/** The single kept filters a vehicle matches, in the search's own terms; the whole catalogue first. */
export function keptFiltersOf(vehicle: FacetedVehicle): FacetValue[] {
  return [
    WHOLE_CATALOGUE,
    ...VEHICLE_FACETS.flatMap(({ key, keptFilter }) => {
      if (!keptFilter) return [];
      const values = keptFilter.columns.flatMap((column) => facetValuesIn(vehicle[column]).map((value) => (keptFilter.caseInsensitive ? value.toLowerCase() : value)));
      return [...new Set(values)].map((value) => ({ facet: key, value }));
    }),
  ];
}

/**
 * The kept filter of a search given its filters by name (a price range aside): the whole catalogue when none is
 * given, the filter when it is the only one and kept, else undefined (the search counts its matches).
 */
export function keptFilterOf(filters: Record<string, unknown>): FacetValue | undefined {
  // An empty text filter filters nothing, so it does not count as given either.
  const given = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (given.length === 0) return WHOLE_CATALOGUE;
  const [only] = given;
  if (given.length > 1 || !only) return undefined;
  const [key, value] = only;
  const keptFilter = VEHICLE_FACETS.find((facet) => facet.key === key)?.keptFilter;
  if (!keptFilter) return undefined;
  return { facet: key, value: keptFilter.caseInsensitive ? String(value).toLowerCase() : String(value) };
}
