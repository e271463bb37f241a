import { createDb, migrateToLatest, appendToNewStreams } from '@autobest/db';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl, VehicleSchema, vehicleStreamId, type EventMetadata, type VehicleInput } from '@autobest/domain';
import { catalogueListings, SEED_CITY_COUNTRIES } from './catalogue';

const CITIES = Object.entries(SEED_CITY_COUNTRIES);

/** A deterministic pseudo-random sequence, so two runs build the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** N realistic listings derived from the shipped catalogue: other trims, years, prices, mileages and cities. */
export function largeCatalogue(count: number): VehicleInput[] {
  const base = catalogueListings();
  const next = random(42);
  const listings: VehicleInput[] = [];
  for (let index = 0; index < count; index++) {
    const template = base[Math.floor(next() * base.length)]!;
    const year = 2020 + Math.floor(next() * 6);
    const used = next() < 0.45;
    const [city, country] = CITIES[Math.floor(next() * CITIES.length)]!;
    const price = Math.max(1000, Math.round(((template.price as number) * (0.75 + next() * 0.5)) / 50) * 50);
    listings.push({
      ...template,
      id: `gen-${index.toString(36)}-${template.id}`.slice(0, 100),
      subtitle: `${used ? 'Used' : 'New'} · ${year} · ${city}`,
      year,
      price,
      currency: template.currency === 'NGN' ? 'NGN' : 'USD',
      isFeatured: false,
      isNew: !used,
      condition: used ? (next() < 0.3 ? 'certified' : 'used') : 'new',
      odometerKm: used ? Math.round(5_000 + next() * 150_000) : 0,
      rating: Math.round((3.5 + next() * 1.5) * 10) / 10,
      reviewCount: Math.floor(next() * 400),
      location: { city, country },
      // A generated car is another car: it has no VIN of its own, and the template's quoted range was for its price.
      vin: '',
      pricing: null,
    });
  }
  return listings;
}

const SEED_ACTOR: EventMetadata = { actor: { kind: 'system', name: 'seed-large' }, correlationId: 'seed-large', causationId: null, requestId: null };

/** Lists `count` generated vehicles as events, in batches of 1,000 streams per statement. */
export async function seedLargeCatalogue(db: ReturnType<typeof createDb>, count: number, onProgress?: (done: number) => void): Promise<void> {
  const listings = largeCatalogue(count);
  const listedAt = new Date().toISOString();
  for (let start = 0; start < listings.length; start += 1000) {
    const streams = listings.slice(start, start + 1000).map((input) => {
      const vehicle = VehicleSchema.parse(input);
      return { streamId: vehicleStreamId(vehicle.id), events: [{ type: 'VehicleListed', data: { vehicle, listedAt } }] };
    });
    await appendToNewStreams(db, streams, SEED_ACTOR);
    onProgress?.(Math.min(start + 1000, listings.length));
  }
}

/** `npm run seed:large -- 100000`: a large realistic catalogue for benchmarks; the workers project it. */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) throw new Error('Give a count between 1 and 5,000,000, e.g. npm run seed:large -- 100000');
  const config = loadRuntimeConfig(process.env);
  const db = createDb({ connectionString: requireDatabaseUrl(config), maxConnections: 2 });
  try {
    await migrateToLatest(db);
    await seedLargeCatalogue(db, count, (done) => process.stdout.write(`\rlisted ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`));
    console.info('\nDone: the workers are projecting the new listings.');
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
