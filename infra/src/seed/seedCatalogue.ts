import { sql } from 'kysely';
import { appendToStream, type Db } from '@autobest/db';
import { decideVehicle, initialVehicleState, vehicleStreamId, VehicleSchema, type EventMetadata, type VehicleInput } from '@autobest/domain';
import { catalogueListings } from './catalogue';

/** How many vehicles the shipped catalogue lists: what `seedCatalogue` reports for an empty store. */
export const SHIPPED_CATALOGUE_SIZE = catalogueListings().length;

const SEED_ACTOR: EventMetadata = { actor: { kind: 'system', name: 'seed' }, correlationId: 'seed-catalogue', causationId: null, requestId: null };

/**
 * Lists the shipped catalogue as events, once: when the store already holds any vehicle, it does nothing, so
 * staff edits and delistings are never overwritten by a restart.
 */
export async function seedCatalogue(db: Db, listings: readonly VehicleInput[] = catalogueListings()): Promise<number> {
  const existing = await sql<{ found: boolean }>`select exists (select 1 from events where stream_id like 'vehicle-%') as found`.execute(db);
  if (existing.rows[0]?.found) return 0;
  const now = new Date();
  for (const input of listings) {
    const vehicle = VehicleSchema.parse(input);
    const events = decideVehicle({ type: 'Save', vehicle, now }, initialVehicleState);
    await appendToStream(db, vehicleStreamId(vehicle.id), 0, events, SEED_ACTOR);
  }
  return listings.length;
}
