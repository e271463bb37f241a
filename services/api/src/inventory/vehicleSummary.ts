import type { Selectable } from 'kysely';
import type { VehiclesTable } from '@autobest/db';
import { convert, IMPORT_STATUSES, toMajor, type ImportStatus, type PriceCurrency } from '@autobest/domain';
import type { VehicleSummary } from '@autobest/domain/inventory/contracts';

export type VehicleRow = Selectable<VehiclesTable>;
export type Rates = Parameters<typeof convert>[2];

/** The price a vehicle is listed at, in minor units of its own currency. */
export const listedPrice = (row: { price_minor: number | string; price_currency: string }) => ({ amountMinor: Number(row.price_minor), currency: row.price_currency as PriceCurrency });

/** A listed price shown in `currency` at `rates`. */
export const displayPrice = (listed: ReturnType<typeof listedPrice>, currency: PriceCurrency, rates: Rates) => ({ amount: toMajor(convert(listed, currency, rates)), currency });

/** The image a card shows: the one marked primary, else the first; null for a vehicle without images. */
export function cardImage(images: ReadonlyArray<{ url: string; alt: string; isPrimary?: boolean | undefined }>): { url: string; alt: string } | null {
  const primary = images.find((image) => image.isPrimary) ?? images[0];
  return primary ? { url: primary.url, alt: primary.alt } : null;
}

/** What a search card and the staff record both show of a vehicle row, under the contract's names. */
export const vehicleFacts = (row: VehicleRow) => ({
  id: row.id,
  name: row.name,
  subtitle: row.subtitle,
  brand: row.brand,
  model: row.model,
  year: row.year,
  category: row.category,
  rating: Number(row.rating),
  reviewCount: row.review_count,
  condition: row.condition,
  fuelType: row.fuel_type,
  bodyType: row.body_type,
  transmission: row.transmission,
  odometerKm: row.odometer_km,
  location: { city: row.city, country: row.country },
  inStock: row.in_stock,
  isNew: row.is_new,
  isFeatured: row.is_featured,
  expectedArrival: row.expected_arrival,
  evRangeKm: row.ev_range_km,
});

/** A search result card, its price shown as `shown`. */
export function summaryShowing(row: VehicleRow, shown: VehicleSummary['displayPrice']): VehicleSummary {
  const listed = listedPrice(row);
  return {
    ...vehicleFacts(row),
    price: { amount: toMajor(listed), currency: listed.currency },
    image: cardImage(row.images),
    // The column holds what the decider accepted; anything else would be a row written by other code.
    importStatus: (IMPORT_STATUSES as readonly string[]).includes(row.import_status) ? (row.import_status as ImportStatus) : 'in-stock',
    features: row.features.map((feature) => feature.name),
    specifications: row.specifications.map((spec) => ({ name: spec.name, value: spec.value })),
    // Last, as VehicleSummarySchema has it.
    displayPrice: shown,
  };
}

/** A search result card, its price converted into `currency`. */
export const summary = (row: VehicleRow, currency: PriceCurrency, rates: Rates): VehicleSummary => summaryShowing(row, displayPrice(listedPrice(row), currency, rates));
