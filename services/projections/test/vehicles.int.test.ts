import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { priceBucketOf, reservationRequestStreamId, vehicleStreamId, VehicleSchema, type Vehicle, type VehicleEvent, type VehicleInput } from '@autobest/domain';
import { FACETED_VEHICLE_COLUMNS, facetValuesOf, keptFiltersOf } from '../src/inventory/vehicleFacets';
import { vehiclesProjection } from '../src/inventory/vehiclesProjection';
import { followUpEventsOf, inStream, projectionSpec, staff, whatsappReplyOf } from './projectionSpec';

const vehicle = (input: Partial<VehicleInput> & Pick<VehicleInput, 'id' | 'name' | 'brand' | 'model' | 'price'>): Vehicle =>
  VehicleSchema.parse({
    images: [{ url: `/images/${input.id}.jpg`, alt: input.name, isPrimary: true }],
    specifications: [{ name: 'Engine', value: '2.5L' }],
    category: 'SUV',
    year: 2024,
    ...input,
  });
const rav4 = vehicle({ id: 'rav4-2024', name: 'Toyota RAV4', brand: 'Toyota', model: 'RAV4', price: 45_000, features: [{ name: 'Hybrid drive' }], location: { city: 'Lagos', country: 'Nigeria' } });
// 46,200,000 naira is 30,000 dollars at the fallback rate (1540).
const corolla = vehicle({ id: 'corolla-2023', name: 'Toyota Corolla', brand: 'Toyota', model: 'Corolla', price: 46_200_000, currency: 'NGN', category: 'Sedan', year: 2023, location: { city: 'Abuja', country: 'Nigeria' } });
const rav4InAccra: Vehicle = { ...rav4, name: 'Toyota RAV4 XLE', category: 'Luxury SUV', location: { city: 'Accra', country: 'Ghana' } };

const listed = (listing: Vehicle, listedAt: string): VehicleEvent => ({ type: 'VehicleListed', data: { vehicle: listing, listedAt } });
const updated: VehicleEvent = { type: 'VehicleUpdated', data: { vehicle: rav4InAccra, updatedAt: '2026-11-02T09:00:00.000Z' } };
const repriced: VehicleEvent = { type: 'VehiclePriceChanged', data: { vehicleId: corolla.id, price: 20_000, currency: 'USD', changedAt: '2026-11-02T10:00:00.000Z' } };
const delisted: VehicleEvent = { type: 'VehicleDelisted', data: { vehicleId: corolla.id, reason: 'Sold', delistedAt: '2026-11-03T09:00:00.000Z' } };

const reservationId = 'f0f0f0f0-0000-4000-8000-000000000001';
const legacyReservationId = 'f0f0f0f0-0000-4000-8000-000000000002';
const requested: VehicleEvent = {
  type: 'ReservationRequested',
  data: { vehicleId: rav4.id, reservationId, name: 'Tunde Bakare', phone: '+234 803 555 0107', email: 'tunde@example.ng', language: 'sw', vehicleName: 'Toyota RAV4', vehicleVersion: 1, requestedAt: '2026-11-01T12:00:00.000Z' },
};
const reservationFollowUp = followUpEventsOf('Reservation', { vehicleId: rav4.id, reservationId });
const contacted: VehicleEvent = reservationFollowUp.statusChanged('new', 'contacted', '2026-11-01T13:00:00.000Z');
const noted: VehicleEvent = reservationFollowUp.noteAdded('Deposit on Monday', '2026-11-01T13:05:00.000Z');
// The buyer answered our WhatsApp message.
const buyerReply = whatsappReplyOf('Reservation', { vehicleId: rav4.id, reservationId }, 'I can pay the deposit on Monday', '2026-11-01T13:30:00.000Z');
const buyerReplied: VehicleEvent = buyerReply.replied;
// An earlier version kept requests on the vehicle's stream, without the vehicle's name or email.
const legacyRequested: VehicleEvent = { type: 'ReservationRequested', data: { vehicleId: corolla.id, reservationId: legacyReservationId, name: 'Funmi Ade', phone: '+234 803 555 0108', requestedAt: '2026-11-01T12:30:00.000Z' } };
const legacyFollowUp = followUpEventsOf('Reservation', { vehicleId: corolla.id, reservationId: legacyReservationId });
const legacyContacted: VehicleEvent = legacyFollowUp.statusChanged('new', 'contacted', '2026-11-01T14:00:00.000Z');
const legacyNoted: VehicleEvent = legacyFollowUp.noteAdded('No answer', '2026-11-01T14:05:00.000Z');

/** The count tables as the slow, obvious way gives them: every vehicle row counted towards each of its filters and facet values. */
async function recountedFacets(db: Db) {
  const vehicles = await db.selectFrom('vehicles').select([...FACETED_VEHICLE_COLUMNS, 'price_usd_cents']).execute();
  const whole = new Map<string, number>();
  const perBucket = new Map<string, number>();
  for (const row of vehicles) {
    for (const filter of keptFiltersOf(row)) {
      for (const facet of facetValuesOf(row)) {
        const key = [filter.facet, filter.value, facet.facet, facet.value];
        whole.set(JSON.stringify(key), (whole.get(JSON.stringify(key)) ?? 0) + 1);
        const bucketKey = JSON.stringify([filter.facet, filter.value, priceBucketOf(row.price_usd_cents), facet.facet, facet.value]);
        perBucket.set(bucketKey, (perBucket.get(bucketKey) ?? 0) + 1);
      }
    }
  }
  const sorted = (counts: Map<string, number>) => [...counts].map(([key, count]) => JSON.stringify([...JSON.parse(key), count])).sort();
  return { whole: sorted(whole), perBucket: sorted(perBucket) };
}

async function keptFacets(db: Db) {
  const whole = await sql<{ row: string }>`select json_build_array(filter_facet, filter_value, facet, value, count)::text as row from vehicle_facet_counts`.execute(db);
  const perBucket = await sql<{ row: string }>`select json_build_array(filter_facet, filter_value, price_bucket, facet, value, count)::text as row from vehicle_price_facet_counts`.execute(db);
  const canonical = (rows: Array<{ row: string }>) => rows.map(({ row }) => JSON.stringify(JSON.parse(row))).sort();
  return { whole: canonical(whole.rows), perBucket: canonical(perBucket.rows) };
}

describe('vehicles projection', () => {
  const { given, db } = projectionSpec(vehiclesProjection);
  const searchRow = (listing: Vehicle, priceUsdCents: number, tabs: string[], collections: string[]) => ({
    id: listing.id,
    price_usd_cents: priceUsdCents,
    year: listing.year,
    brand: listing.brand,
    model: listing.model,
    city: listing.location.city,
    country: listing.location.country,
    tabs,
    collections,
  });

  it('lists new vehicles with their prices in minor units and in US cents, their tabs and collections, a search row and their facet counts', async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff), inStream(vehicleStreamId(corolla.id), [listed(corolla, '2026-11-01T09:30:00.000Z')], staff))
      .then({
        vehicles: [
          {
            id: 'rav4-2024',
            name: 'Toyota RAV4',
            subtitle: '',
            description: '',
            price_minor: 4_500_000,
            price_currency: 'USD',
            price_usd_cents: 4_500_000,
            images: [{ url: '/images/rav4-2024.jpg', alt: 'Toyota RAV4', isPrimary: true }],
            specifications: [{ name: 'Engine', value: '2.5L', category: 'General' }],
            features: [{ name: 'Hybrid drive', description: '', category: 'General' }],
            features_text: 'Hybrid drive',
            category: 'SUV',
            brand: 'Toyota',
            model: 'RAV4',
            year: 2024,
            condition: 'new',
            fuel_type: 'petrol',
            city: 'Lagos',
            country: 'Nigeria',
            tabs: ['crossovers-suvs', 'electrified'],
            collections: ['suv', 'hybrid'],
            vin: '',
            import_status: 'in-stock',
            expected_arrival: null,
            pricing: null,
            listed_at: '2026-11-01T09:00:00.000Z',
            updated_at: '2026-11-01T09:00:00.000Z',
            version: 1,
            global_position: 1,
          },
          {
            id: 'corolla-2023',
            price_minor: 4_620_000_000,
            price_currency: 'NGN',
            price_usd_cents: 3_000_000,
            category: 'Sedan',
            city: 'Abuja',
            tabs: ['cars-minivan'],
            collections: ['sedan'],
            listed_at: '2026-11-01T09:30:00.000Z',
            version: 1,
            global_position: 2,
          },
        ],
        vehicle_search: [searchRow(corolla, 3_000_000, ['cars-minivan'], ['sedan']), searchRow(rav4, 4_500_000, ['crossovers-suvs', 'electrified'], ['suv', 'hybrid'])],
        vehicle_facet_combinations: [
          { brand: 'Toyota', condition: 'new', fuel_type: 'petrol', body_type: 'suv', year: 2023, city: 'Abuja', tabs: ['cars-minivan'], collections: ['sedan'] },
          { brand: 'Toyota', condition: 'new', fuel_type: 'petrol', body_type: 'suv', year: 2024, city: 'Lagos', tabs: ['crossovers-suvs', 'electrified'], collections: ['suv', 'hybrid'] },
        ],
      });
    const kept = await keptFacets(db());
    expect(kept.whole).toContain(JSON.stringify(['', '', 'make', 'Toyota', 2]));
    expect(kept).toEqual(await recountedFacets(db()));
  });

  it('follows an update, a price change and a delisting in the vehicle, its search row and its counts, and drops counts that fall to zero', async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff), inStream(vehicleStreamId(corolla.id), [listed(corolla, '2026-11-01T09:30:00.000Z')], staff))
      .when(inStream(vehicleStreamId(rav4.id), [updated], staff), inStream(vehicleStreamId(corolla.id), [repriced], staff))
      .then({
        vehicles: [
          // A price change keeps the listing's global position: only the price, its time and the version move.
          { id: 'corolla-2023', price_minor: 2_000_000, price_currency: 'USD', price_usd_cents: 2_000_000, updated_at: '2026-11-02T10:00:00.000Z', version: 2, global_position: 2 },
          {
            id: 'rav4-2024',
            name: 'Toyota RAV4 XLE',
            category: 'Luxury SUV',
            city: 'Accra',
            country: 'Ghana',
            collections: ['suv', 'hybrid', 'luxury'],
            listed_at: '2026-11-01T09:00:00.000Z',
            updated_at: '2026-11-02T09:00:00.000Z',
            version: 2,
            global_position: 3,
          },
        ],
        vehicle_search: [
          { id: 'corolla-2023', price_usd_cents: 2_000_000, city: 'Abuja' },
          { id: 'rav4-2024', price_usd_cents: 4_500_000, city: 'Accra', country: 'Ghana', collections: ['suv', 'hybrid', 'luxury'] },
        ],
        // Combinations are never removed: the Lagos one stays.
        vehicle_facet_combinations: [{ city: 'Abuja' }, { city: 'Accra' }, { city: 'Lagos' }],
      });
    const kept = await keptFacets(db());
    expect(kept.whole).not.toContain(JSON.stringify(['', '', 'location', 'Lagos', 1]));
    expect(kept).toEqual(await recountedFacets(db()));

    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff), inStream(vehicleStreamId(corolla.id), [listed(corolla, '2026-11-01T09:30:00.000Z')], staff))
      .when(inStream(vehicleStreamId(corolla.id), [repriced], staff))
      .when(inStream(vehicleStreamId(corolla.id), [delisted], staff))
      .then({ vehicles: [{ id: 'rav4-2024' }], vehicle_search: [{ id: 'rav4-2024' }] });
    expect(await keptFacets(db())).toEqual(await recountedFacets(db()));
    expect((await keptFacets(db())).whole).not.toContain(JSON.stringify(['', '', 'make', 'Toyota', 2]));
  });

  it('applies an update in the batch of its listing after the listing', async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z'), updated], staff))
      .then({ vehicles: [{ id: 'rav4-2024', city: 'Accra', listed_at: '2026-11-01T09:00:00.000Z', version: 2 }], vehicle_search: [{ id: 'rav4-2024', city: 'Accra' }] });
    expect(await keptFacets(db())).toEqual(await recountedFacets(db()));
  });

  it("lists reservation requests from their own streams and from their vehicle's (an earlier version's), with each follow-up and the request's own version", async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff), inStream(vehicleStreamId(corolla.id), [listed(corolla, '2026-11-01T09:30:00.000Z')], staff))
      .when(inStream(reservationRequestStreamId(reservationId), [requested]), inStream(vehicleStreamId(corolla.id), [legacyRequested]))
      .when(inStream(reservationRequestStreamId(reservationId), [contacted, noted], staff), inStream(vehicleStreamId(corolla.id), [legacyContacted, legacyNoted], staff))
      .then({
        reservation_requests: [
          {
            id: reservationId,
            vehicle_id: 'rav4-2024',
            vehicle_name: 'Toyota RAV4',
            name: 'Tunde Bakare',
            phone: '+234 803 555 0107',
            email: 'tunde@example.ng',
            language: 'sw',
            requested_at: '2026-11-01T12:00:00.000Z',
            status: 'contacted',
            status_history: [{ from: 'new', to: 'contacted', at: '2026-11-01T13:00:00.000Z', by: 'ops@autobest.test' }],
            notes: [{ text: 'Deposit on Monday', at: '2026-11-01T13:05:00.000Z', by: 'ops@autobest.test' }],
            last_updated: '2026-11-01T13:05:00.000Z',
            version: 3,
          },
          {
            id: legacyReservationId,
            vehicle_id: 'corolla-2023',
            // The vehicle's name from its row, where the request did not record it.
            vehicle_name: 'Toyota Corolla',
            email: null,
            language: 'en',
            status: 'contacted',
            notes: [{ text: 'No answer', at: '2026-11-01T14:05:00.000Z', by: 'ops@autobest.test' }],
            // Its own version, not the vehicle stream's position (4).
            version: 3,
          },
        ],
        // The requests change nothing of the vehicles.
        vehicles: [
          { id: 'rav4-2024', version: 1 },
          { id: 'corolla-2023', version: 1 },
        ],
      });
  });

  it("keeps the buyer's WhatsApp reply as a reservation request's note after staff's, signed as the customer's", async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff))
      .when(inStream(reservationRequestStreamId(reservationId), [requested]))
      .when(inStream(reservationRequestStreamId(reservationId), [contacted, noted], staff))
      .when(inStream(reservationRequestStreamId(reservationId), [buyerReplied]))
      .then({
        reservation_requests: [
          {
            id: reservationId,
            status: 'contacted',
            notes: [{ text: 'Deposit on Monday', at: '2026-11-01T13:05:00.000Z', by: 'ops@autobest.test' }, buyerReply.note],
            last_updated: '2026-11-01T13:30:00.000Z',
            version: 4,
          },
        ],
        vehicles: [{ id: 'rav4-2024', version: 1 }],
      });
  });

  it('rebuilds the rows it kept live: vehicles, search rows, combinations, counts and reservation requests', async () => {
    await given(inStream(vehicleStreamId(rav4.id), [listed(rav4, '2026-11-01T09:00:00.000Z')], staff), inStream(vehicleStreamId(corolla.id), [listed(corolla, '2026-11-01T09:30:00.000Z')], staff))
      .when(inStream(reservationRequestStreamId(reservationId), [requested]), inStream(vehicleStreamId(corolla.id), [legacyRequested]), inStream(vehicleStreamId(rav4.id), [updated], staff))
      .when(inStream(vehicleStreamId(corolla.id), [repriced, legacyContacted], staff), inStream(reservationRequestStreamId(reservationId), [contacted, noted], staff))
      .when(
        inStream(vehicleStreamId('hilux-2022'), [listed(vehicle({ id: 'hilux-2022', name: 'Toyota Hilux', brand: 'Toyota', model: 'Hilux', price: 38_000, category: 'Pickup Truck', year: 2022 }), '2026-11-02T11:00:00.000Z')], staff),
        inStream(vehicleStreamId(corolla.id), [delisted], staff),
        inStream(reservationRequestStreamId(reservationId), [buyerReplied]),
      )
      .thenRebuildGivesTheSameRows();
  });
});
