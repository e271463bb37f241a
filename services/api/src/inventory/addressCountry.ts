import { createRequire } from 'node:module';

interface GeoipCountry {
  lookup(address: string): { country: string } | null;
}

let database: GeoipCountry | undefined;

/**
 * The country a client address belongs to, from the offline country database the `geoip-country` package ships
 * (GeoLite2 Country, refreshed with each release of the package: `npm update geoip-country`); no outside service is
 * asked. Null for loopback, private and unknown addresses.
 *
 * The database is read on the first lookup, once per process, so processes that never answer /api/geo do not carry
 * it. Measured on the development machine: 50-200 ms to load (synchronous, once) and about 18 MB more resident
 * memory (16 MB of it the two data files as buffers); a lookup is a binary search, a few microseconds.
 */
export function addressCountry(address: string): string | null {
  database ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  return database.lookup(address)?.country ?? null;
}
