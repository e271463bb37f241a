// No React here: src/boot.ts, run before React, builds the inventory page's first search with it.

/** The API query for a page: its own terms, then those of `keys` the address holds. */
export function searchQuery(terms: Record<string, string>, params: URLSearchParams, keys: readonly string[]): string {
  const query = new URLSearchParams(terms);
  for (const key of keys) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return query.toString();
}

const INVENTORY_FILTER_KEYS = ['q', 'tab', 'make', 'model', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'condition', 'fuel', 'body', 'location', 'sort', 'page'] as const;

/** The search 'Search Inventory' runs for the address's filters, sort and page, in `currency`. */
export const inventorySearchQuery = (currency: string, params: URLSearchParams): string => searchQuery({ currency, pageSize: '24' }, params, INVENTORY_FILTER_KEYS);
