import { sql, type Transaction } from 'kysely';
import { parseStoredEvent, type Database, type StoredEvent } from '@autobest/db';
import { FALLBACK_RATES, collectionsOf, convert, fromMajor, isReservationRequestStream, languageOf, priceBucketOf, RESERVATION_EVENT_TYPES, tabsOf, VEHICLE_EVENT_TYPES, VehicleEventSchema, WHATSAPP_REPLY_AUTHOR, type Vehicle } from '@autobest/domain';
import { staffEmailOf, type Projection } from '../projector/projection';
import { applyNote, applyStatusChange, NEW_FOLLOW_UP, type FollowUpVersion } from '../followUps/followUps';
import { FACET_COLUMNS, FACETED_VEHICLE_COLUMNS, facetValuesOf, keptFiltersOf, type FacetedVehicle, type FacetValue } from './vehicleFacets';

/** US cents at the fixed fallback rates: deterministic, so a rebuild gives the same rows. */
const usdCents = (price: number, currency: Vehicle['currency']) => convert(fromMajor(price, currency), 'USD', FALLBACK_RATES).amountMinor;

function vehicleRow(vehicle: Vehicle, at: string, version: number, globalPosition: number) {
  return {
    id: vehicle.id,
    name: vehicle.name,
    subtitle: vehicle.subtitle,
    description: vehicle.description,
    price_minor: fromMajor(vehicle.price, vehicle.currency).amountMinor,
    price_currency: vehicle.currency,
    price_usd_cents: usdCents(vehicle.price, vehicle.currency),
    images: JSON.stringify(vehicle.images),
    specifications: JSON.stringify(vehicle.specifications),
    features: JSON.stringify(vehicle.features),
    features_text: vehicle.features.map((feature) => feature.name).join(' '),
    category: vehicle.category,
    brand: vehicle.brand,
    model: vehicle.model,
    year: vehicle.year,
    rating: vehicle.rating,
    review_count: vehicle.reviewCount,
    in_stock: vehicle.inStock,
    is_new: vehicle.isNew,
    is_featured: vehicle.isFeatured,
    source_url: vehicle.sourceUrl,
    condition: vehicle.condition,
    fuel_type: vehicle.fuelType,
    body_type: vehicle.bodyType,
    transmission: vehicle.transmission,
    odometer_km: vehicle.odometerKm,
    city: vehicle.location.city,
    country: vehicle.location.country,
    tabs: tabsOf(vehicle),
    collections: collectionsOf(vehicle),
    vin: vehicle.vin,
    trim: vehicle.trim,
    import_status: vehicle.importStatus,
    expected_arrival: vehicle.expectedArrival,
    ev_range_km: vehicle.evRangeKm,
    pricing: vehicle.pricing ? JSON.stringify(vehicle.pricing) : null,
    listed_at: at,
    updated_at: at,
    version,
    global_position: globalPosition,
  };
}

/** A table of counts keyed by text columns and the bucket number, as the projector adds to them. */
interface CountTable {
  name: 'vehicle_facet_counts' | 'vehicle_price_facet_counts';
  key: ReadonlyArray<readonly [column: string, type: 'text' | 'smallint']>;
}
const WHOLE_PRICE_RANGE: CountTable = {
  name: 'vehicle_facet_counts',
  key: [['filter_facet', 'text'], ['filter_value', 'text'], ['facet', 'text'], ['value', 'text']],
};
const PER_PRICE_BUCKET: CountTable = {
  name: 'vehicle_price_facet_counts',
  key: [['filter_facet', 'text'], ['filter_value', 'text'], ['price_bucket', 'smallint'], ['facet', 'text'], ['value', 'text']],
};

/**
 * Adds the deltas (keyed by the table's key columns joined with \u0000) in one statement, then drops the
 * counts that fell to zero; only keys that were decreased can have.
 */
async function addCounts(trx: Transaction<Database>, table: CountTable, deltas: ReadonlyMap<string, number>) {
  // In key order, the upsert walks the primary key once instead of jumping about it: a quarter faster at 100,000 vehicles.
  const changes = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (changes.length === 0) return;
  const columns = (keys: string[]) => {
    const values = table.key.map(() => [] as string[]);
    for (const key of keys) key.split('\u0000').forEach((part, index) => values[index]!.push(part));
    return values;
  };
  const unnest = (keys: string[], counts?: number[]) =>
    sql`unnest(${sql.join([...columns(keys).map((values, index) => sql`${values}::${sql.raw(table.key[index]![1])}[]`), ...(counts ? [sql`${counts}::int[]`] : [])])})`;
  const keyColumns = sql.join(table.key.map(([column]) => sql.ref(column)));
  await sql`
    insert into ${sql.table(table.name)} (${keyColumns}, count)
    select * from ${unnest(changes.map(([key]) => key), changes.map(([, delta]) => delta))}
    on conflict (${keyColumns}) do update set count = ${sql.ref(`${table.name}.count`)} + excluded.count`.execute(trx);
  const decreased = changes.filter(([, delta]) => delta < 0).map(([key]) => key);
  if (decreased.length > 0) {
    await sql`delete from ${sql.table(table.name)} where (${keyColumns}) in (select * from ${unnest(decreased)}) and count <= 0`.execute(trx);
  }
}

/** A facet value or filter as part of a count table's key. */
const keyOf = ({ facet, value }: FacetValue) => `${facet}\u0000${value}`;

class FacetDeltas {
  private readonly wholePriceRange = new Map<string, number>();
  private readonly perPriceBucket = new Map<string, number>();
  add(row: FacetedVehicle & { price_usd_cents: number }, sign: 1 | -1) {
    const facets = facetValuesOf(row).map(keyOf);
    const bucket = priceBucketOf(row.price_usd_cents);
    for (const filter of keptFiltersOf(row).map(keyOf)) {
      for (const facet of facets) {
        const key = `${filter}\u0000${facet}`;
        this.wholePriceRange.set(key, (this.wholePriceRange.get(key) ?? 0) + sign);
        const bucketKey = `${filter}\u0000${bucket}\u0000${facet}`;
        this.perPriceBucket.set(bucketKey, (this.perPriceBucket.get(bucketKey) ?? 0) + sign);
      }
    }
  }
  async apply(trx: Transaction<Database>) {
    await addCounts(trx, WHOLE_PRICE_RANGE, this.wholePriceRange);
    await addCounts(trx, PER_PRICE_BUCKET, this.perPriceBucket);
  }
}

const currentFacets = (trx: Transaction<Database>, id: string) =>
  trx
    .selectFrom('vehicles')
    .select([...FACETED_VEHICLE_COLUMNS, 'price_usd_cents'])
    .where('id', '=', id)
    .executeTakeFirst();

async function upsert(trx: Transaction<Database>, row: ReturnType<typeof vehicleRow>, deltas: FacetDeltas) {
  const before = await currentFacets(trx, row.id);
  if (before) deltas.add(before, -1);
  deltas.add(row, 1);
  const { listed_at: _listedAt, id: _id, ...changes } = row;
  await trx
    .insertInto('vehicles')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(changes))
    .execute();
}

/** New listings arrive in bulk (seeding, imports): one multi-row insert instead of one statement each. */
async function insertListings(trx: Transaction<Database>, rows: Array<ReturnType<typeof vehicleRow>>, deltas: FacetDeltas) {
  for (const row of rows) deltas.add(row, 1);
  for (let start = 0; start < rows.length; start += 500) {
    // A first listing has no row yet; a conflict here would mean an event applied twice, so let it fail.
    await trx.insertInto('vehicles').values(rows.slice(start, start + 500)).execute();
  }
}

/** The vehicles columns a search filters, sorts and counts by (migration 0014's vehicle_search, 0028's range). */
const SEARCH_COLUMN_NAMES = ['id', 'price_usd_cents', 'year', 'listed_at', 'rating', 'brand', 'model', 'condition', 'fuel_type', 'body_type', 'city', 'country', 'tabs', 'collections', 'is_featured', 'search', 'ev_range_km'];
const SEARCH_COLUMNS = sql.raw(SEARCH_COLUMN_NAMES.join(', '));
const SEARCH_UPDATES = sql.raw(
  [...SEARCH_COLUMN_NAMES.filter((column) => column !== 'id'), 'facets_id'].map((column) => `${column} = excluded.${column}`).join(', '),
);
const FACET_VALUES = sql.raw(FACET_COLUMNS.join(', '));
const VEHICLE_FACET_VALUES = sql.raw(FACET_COLUMNS.map((column) => `vehicles.${column}`).join(', '));

/**
 * vehicle_search follows the vehicles rows written in this batch: copied from them, so the two cannot differ,
 * with the id of their combination of facet values (added when new; combinations are never removed).
 */
async function copySearchColumns(trx: Transaction<Database>, ids: ReadonlySet<string>) {
  if (ids.size === 0) return;
  const written = [...ids];
  await sql`delete from vehicle_search where id = any(${written}::text[]) and not exists (select from vehicles where vehicles.id = vehicle_search.id)`.execute(trx);
  await sql`
    insert into vehicle_facet_combinations (${FACET_VALUES}) select distinct ${FACET_VALUES} from vehicles where id = any(${written}::text[])
    on conflict do nothing`.execute(trx);
  await sql`
    insert into vehicle_search (${SEARCH_COLUMNS}, facets_id)
    select ${SEARCH_COLUMNS}, (select id from vehicle_facet_combinations combination where (${FACET_VALUES}) = (${VEHICLE_FACET_VALUES}))
    from vehicles where id = any(${written}::text[])
    on conflict (id) do update set ${SEARCH_UPDATES}`.execute(trx);
}

/**
 * A reservation request's version after this event: its stream's position where it has a stream of its own; one more
 * than before where an earlier version kept it on its vehicle's stream, whose positions count the vehicle's events too.
 */
const reservationVersion = (stored: StoredEvent): FollowUpVersion => (isReservationRequestStream(stored.streamId) ? { atPosition: stored.streamPosition } : 'next');

/**
 * The catalogue buyers search, and the reservation requests staff follow up: both forms of the requests' events, in
 * streams of their own and (from earlier versions) on their vehicle's stream, are the same events.
 */
export const vehiclesProjection: Projection = {
  name: 'vehicles',
  tables: ['vehicles', 'vehicle_search', 'vehicle_facet_combinations', 'reservation_requests', 'vehicle_facet_counts', 'vehicle_price_facet_counts'],
  handles: VEHICLE_EVENT_TYPES,
  async apply(trx, events) {
    const deltas = new FacetDeltas();
    const written = new Set<string>();
    let listings: Array<ReturnType<typeof vehicleRow>> = [];
    const flushListings = async () => {
      if (listings.length > 0) await insertListings(trx, listings, deltas);
      listings = [];
    };
    for (const stored of events) {
      const event = parseStoredEvent(VehicleEventSchema, stored);
      // Every vehicle this batch lists, changes or delists: vehicle_search follows them once the batch is applied.
      if (!RESERVATION_EVENT_TYPES.has(event.type)) written.add(event.type === 'VehicleListed' || event.type === 'VehicleUpdated' ? event.data.vehicle.id : event.data.vehicleId);
      if (event.type === 'VehicleListed' && stored.streamPosition === 1) {
        listings.push(vehicleRow(event.data.vehicle, event.data.listedAt, stored.streamPosition, stored.globalPosition));
        continue;
      }
      await flushListings();
      switch (event.type) {
        case 'VehicleListed':
          await upsert(trx, vehicleRow(event.data.vehicle, event.data.listedAt, stored.streamPosition, stored.globalPosition), deltas);
          break;
        case 'VehicleUpdated':
          await upsert(trx, vehicleRow(event.data.vehicle, event.data.updatedAt, stored.streamPosition, stored.globalPosition), deltas);
          break;
        case 'VehiclePriceChanged': {
          // The vehicle moves to another price bucket: its counts go with it.
          const before = await currentFacets(trx, event.data.vehicleId);
          const priceUsdCents = usdCents(event.data.price, event.data.currency);
          if (before) {
            deltas.add(before, -1);
            deltas.add({ ...before, price_usd_cents: priceUsdCents }, 1);
          }
          await trx
            .updateTable('vehicles')
            .set({
              price_minor: fromMajor(event.data.price, event.data.currency).amountMinor,
              price_currency: event.data.currency,
              price_usd_cents: priceUsdCents,
              updated_at: event.data.changedAt,
              version: stored.streamPosition,
            })
            .where('id', '=', event.data.vehicleId)
            .execute();
          break;
        }
        case 'VehicleDelisted': {
          const before = await currentFacets(trx, event.data.vehicleId);
          if (before) deltas.add(before, -1);
          await trx.deleteFrom('vehicles').where('id', '=', event.data.vehicleId).execute();
          break;
        }
        case 'ReservationRequested': {
          const { data } = event;
          // Older requests did not record the vehicle's name; the vehicle's row has it (this batch's listings are written).
          const vehicleName = data.vehicleName ?? (await trx.selectFrom('vehicles').select('name').where('id', '=', data.vehicleId).executeTakeFirst())?.name;
          await trx
            .insertInto('reservation_requests')
            .values({
              id: data.reservationId,
              vehicle_id: data.vehicleId,
              vehicle_name: vehicleName ?? data.vehicleId,
              name: data.name,
              phone: data.phone,
              email: data.email ?? null,
              language: languageOf(data),
              requested_at: data.requestedAt,
              ...NEW_FOLLOW_UP,
              version: 1,
            })
            .execute();
          break;
        }
        case 'ReservationStatusChanged': {
          const { reservationId, from, to, changedAt } = event.data;
          await applyStatusChange(trx, 'reservation_requests', reservationId, { from, to, at: changedAt, by: staffEmailOf(stored) }, reservationVersion(stored));
          break;
        }
        case 'ReservationNoteAdded':
          await applyNote(trx, 'reservation_requests', event.data.reservationId, { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }, reservationVersion(stored));
          break;
        case 'ReservationWhatsAppReplyReceived':
          await applyNote(trx, 'reservation_requests', event.data.reservationId, { text: event.data.text, at: event.data.receivedAt, by: WHATSAPP_REPLY_AUTHOR }, reservationVersion(stored));
          break;
      }
    }
    await flushListings();
    await copySearchColumns(trx, written);
    await deltas.apply(trx);
  },
};
