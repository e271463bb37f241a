import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '@autobest/db';
import { convert, fromMajor } from '@autobest/domain';
import type { VehicleSearchQuery } from '@autobest/domain/inventory/contracts';

/** A search runs on vehicle_search, the narrow copy of what it filters, sorts and counts by. */
export type VehicleQuery = SelectQueryBuilder<Database, 'vehicle_search', object>;

/** A price range in USD cents, either end open. */
export interface UsdBounds {
  min?: number;
  max?: number;
}

/** An amount in `currency` in USD cents at `rates`. */
const toUsdCents = (amount: number, currency: VehicleSearchQuery['currency'], rates: Parameters<typeof convert>[2]) => convert(fromMajor(amount, currency), 'USD', rates).amountMinor;

/**
 * A search's price range (in its currency) in USD cents at the catalogue's rates. (No closure made per call: run under
 * tsx, each is given its name by a property write, measurable at thousands of searches a second.)
 */
export function usdBoundsOf(search: VehicleSearchQuery, rates: Parameters<typeof convert>[2]): UsdBounds {
  return {
    ...(search.priceMin !== undefined ? { min: toUsdCents(search.priceMin, search.currency, rates) } : {}),
    ...(search.priceMax !== undefined ? { max: toUsdCents(search.priceMax, search.currency, rates) } : {}),
  };
}

/** The words of a search's text, in lower case, at most eight: each matches as a prefix of a vehicle's word. */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
}

/** Words of a search, each matched as a prefix: "toy cor" finds Toyota Corolla. */
export function prefixQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The search's filters, its price range given in USD cents. */
export function applySearch(query: VehicleQuery, search: VehicleSearchQuery, usdBounds: UsdBounds): VehicleQuery {
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
  if (search.rangeMin !== undefined) filtered = filtered.where('ev_range_km', '>=', search.rangeMin);
  if (search.featured !== undefined) filtered = filtered.where('is_featured', '=', search.featured);
  return filtered;
}
