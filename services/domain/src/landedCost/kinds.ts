// No zod here: the console and the storefront import these without the schemas.

/** The amounts every calculation starts from, which a tariff line's base may name. */
export const BASE_TERMS = ['fob', 'freight', 'insurance', 'cif'] as const;

/** Nigeria's duty depends on what the vehicle carries: people (HS 8703) or goods (HS 8704). */
export const VEHICLE_CLASSES = ['passenger', 'goods'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

/** Freight is priced by the room a vehicle takes in a ship: a small car, an SUV, a pickup or van. */
export const VEHICLE_SIZES = ['small', 'medium', 'large'] as const;
export type VehicleSize = (typeof VEHICLE_SIZES)[number];

/** The destination countries with a seeded tariff: their currency, the port their cars arrive at, the city a quote assumes. */
export const QUOTE_COUNTRIES = [
  { code: 'NG', name: 'Nigeria', currency: 'NGN', port: 'Lagos (Apapa)', defaultCity: 'Lagos' },
  { code: 'GH', name: 'Ghana', currency: 'GHS', port: 'Tema', defaultCity: 'Accra' },
  { code: 'KE', name: 'Kenya', currency: 'KES', port: 'Mombasa', defaultCity: 'Nairobi' },
] as const;
export type QuoteCountry = (typeof QUOTE_COUNTRIES)[number]['code'];
export const QUOTE_COUNTRY_CODES = QUOTE_COUNTRIES.map((country) => country.code) as unknown as readonly [QuoteCountry, ...QuoteCountry[]];

/** Where the cars are shipped from: most come from China through Shanghai; a vehicle record names no port yet. */
export const DEFAULT_ORIGIN_PORT = 'Shanghai';

const GOODS_BODIES: ReadonlySet<string> = new Set(['pickup', 'truck', 'van']);
const SMALL_BODIES: ReadonlySet<string> = new Set(['sedan', 'hatchback', 'coupe']);
const LARGE_BODIES: ReadonlySet<string> = new Set(['pickup', 'truck', 'van', 'minivan']);

/** Assumption: the body type decides the customs class (pickups, trucks and vans carry goods; the rest people). */
export const vehicleClassOf = (bodyType: string): VehicleClass => (GOODS_BODIES.has(bodyType) ? 'goods' : 'passenger');

/** Assumption: the body type decides the freight size (sedans, hatchbacks, coupés small; pickups, trucks, vans, minivans large; SUVs and crossovers medium). */
export const vehicleSizeOf = (bodyType: string): VehicleSize => (SMALL_BODIES.has(bodyType) ? 'small' : LARGE_BODIES.has(bodyType) ? 'large' : 'medium');

/**
 * The engine's displacement in cc from how a record writes it: "1498 cc", "1.5L", "1.5T", "2.8L Diesel",
 * "1.5L Plug-in Hybrid". Null when it names none ("Electric motor") or is not believable.
 */
export function engineCcOf(text: string | null | undefined): number | null {
  if (!text) return null;
  const cc = /(\d{3,5})\s*cc/i.exec(text);
  if (cc) return Number(cc[1]);
  const litres = /(\d{1,2}(?:\.\d)?)\s*(?:l|t)\b/i.exec(text);
  if (litres) {
    const value = Math.round(Number(litres[1]) * 1000);
    return value >= 500 && value <= 10_000 ? value : null;
  }
  return null;
}
