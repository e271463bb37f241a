import { FUEL_TYPES, INVENTORY_TAB_IDS, VEHICLE_CONDITIONS } from '@autobest/domain';
import { VEHICLE_SORTS } from '@autobest/domain/inventory/contracts';
import { catalogueListings } from '../src/seed/catalogue';
import { getOnNewConnection } from '../src/processes';

/** The long tail of catalogue searches (issue 19), shared by the search benchmarks. */

/** What a browser sends; without it every answer is 22 KB of JSON instead of about 3 KB. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Everyday searches of the storefront, one per shape (a tab, a make, a price range, words, a page), asked again and again. */
export const EVERYDAY_SEARCHES = [
  '/api/vehicles',
  '/api/vehicles?tab=crossovers-suvs',
  '/api/vehicles?tab=electrified&sort=price-asc',
  '/api/vehicles?q=toyota%20corolla',
  '/api/vehicles?q=tiggo&tab=crossovers-suvs&sort=price-desc',
  '/api/vehicles?make=BYD&yearMin=2023&sort=year-desc',
  '/api/vehicles?priceMin=20000000&priceMax=40000000&currency=NGN',
  '/api/vehicles?priceMin=2000000&priceMax=4000000&currency=KES&condition=used',
  '/api/vehicles?location=Lagos&body=suv&page=2',
  '/api/vehicles?q=sunroof&fuel=petrol&sort=rating',
  '/api/vehicles?make=Toyota&model=Hilux&condition=used&location=Accra',
  '/api/vehicles?tab=trucks&page=3',
  '/api/vehicles?q=hybrid&yearMin=2024&priceMax=30000000&currency=NGN',
  '/api/vehicles?make=Chery&sort=price-asc&page=5',
];

/** The given paths one after another, from the first again after the last: a few URLs asked again and again. */
export function inTurn(paths: readonly string[]): () => string {
  let index = 0;
  return () => paths[index++ % paths.length]!;
}

/**
 * The long tail's URLs, drawn before the load starts so that drawing them (about 10 µs each on a slow machine) is not
 * measured as the API's time; drawn on from the same sequence, still never repeating, if the API answers them all.
 */
export function drawnAhead(draw: () => string, count = 150_000): () => string {
  const drawn = Array.from({ length: count }, draw);
  let index = 0;
  return () => (index < drawn.length ? drawn[index++]! : draw());
}

/**
 * The long tail (issue 19): everyday searches a buyer makes, drawn at random (a word or two typed as prefixes, a
 * make, a tab, a naira range typed by hand, years, condition, fuel, a city, a sort, a page), never the same URL
 * twice in a run, so the answer cache never serves one.
 */
export function longTail(seed: number): () => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const listings = catalogueListings();
  const words = [...new Set(listings.flatMap((listing) => `${listing.name} ${listing.category}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []))];
  const makes = [...new Set(listings.map((listing) => listing.brand))];
  const cities = ['Lagos', 'Abuja', 'Port Harcourt', 'Kano', 'Ibadan', 'Accra', 'Nairobi', 'Johannesburg', 'Nigeria', 'Kenya'];
  const seen = new Set<string>();
  return () => {
    for (;;) {
      const query = new URLSearchParams();
      if (next() < 0.4) query.set('q', Array.from({ length: 1 + Math.floor(next() * 2) }, () => { const word = pick(words); return word.slice(0, Math.max(3, Math.ceil(next() * word.length))); }).join(' '));
      if (next() < 0.35) query.set('make', pick(makes));
      if (next() < 0.25) query.set('tab', pick(INVENTORY_TAB_IDS));
      if (next() < 0.5) {
        // Naira typed by hand: round-ish thousands, different almost every time.
        const low = Math.round(next() * 60_000) * 1_000;
        if (next() < 0.7) query.set('priceMin', String(low));
        query.set('priceMax', String(low + Math.round(1 + next() * 80_000) * 1_000));
      }
      if (next() < 0.25) query.set('yearMin', String(2020 + Math.floor(next() * 6)));
      if (next() < 0.15) query.set('condition', pick(VEHICLE_CONDITIONS));
      if (next() < 0.15) query.set('fuel', pick(FUEL_TYPES));
      if (next() < 0.25) query.set('location', pick(cities));
      if (next() < 0.5) query.set('sort', pick(VEHICLE_SORTS));
      if (next() < 0.3) query.set('page', String(2 + Math.floor(next() * 4)));
      const path = `/api/vehicles?${query.toString()}`;
      if (!seen.has(path)) {
        seen.add(path);
        return path;
      }
    }
  };
}

/**
 * Waits until /api/health says the search index holds the catalogue, in every API process: each health check goes on
 * a new connection, which the API's primary hands to its processes in turn, and eight in a row must say so. With
 * SEARCH_INDEX=sql there is no index to wait for.
 */
export async function searchIndexReady(base: string) {
  for (let inARow = 0; inARow < 8; ) {
    const health = JSON.parse((await getOnNewConnection(`${base}/api/health`)).body) as { checks: { searchIndex: { mode: 'sql' | 'memory'; ready: boolean } } };
    if (health.checks.searchIndex.ready || health.checks.searchIndex.mode === 'sql') inARow++;
    else {
      inARow = 0;
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}
