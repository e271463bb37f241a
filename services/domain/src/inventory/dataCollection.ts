import { z } from 'zod';
import type { Decider } from '../platform/events';
import { DATA_COLLECTION_CATALOGUE } from './catalogue';

/** Prices are collected from this site (spec 001: 'Price source must be from {host}'). */
export const PRICE_SOURCE_HOST = 'auto-in-china.com';
export const COLLECTION_IMAGE_VIEWS = [
  { key: 'front', label: 'Front' },
  { key: 'sideLeft', label: 'Left side' },
  { key: 'sideRight', label: 'Right side' },
  { key: 'rear', label: 'Rear' },
  { key: 'dashboard', label: 'Dashboard' },
] as const;

/** `brand-model-variant-year`, lower case, spaces turned into hyphens. */
export const variantIdOf = (brand: string, model: string, variant: string, year: number) => `${brand}-${model}-${variant}-${year}`.toLowerCase().replace(/\s+/g, '-');

export interface CatalogueVariant {
  variantId: string;
  brand: string;
  model: string;
  variant: string;
  year: number;
}

export function catalogueVariants(): CatalogueVariant[] {
  return DATA_COLLECTION_CATALOGUE.flatMap((entry) =>
    entry.variants.flatMap((variant) => entry.years.map((year) => ({ variantId: variantIdOf(entry.brand, entry.model, variant, year), brand: entry.brand, model: entry.model, variant, year }))),
  );
}

const optionalNumber = z.number().nullable().default(null);
const optionalText = z.string().trim().max(500).default('');

/** A collected record: every field spec 001 lists. Saved while incomplete (WIP); the checks say what is missing. */
export const CollectedRecordSchema = z.object({
  fobPriceUSD: optionalNumber,
  priceSource: optionalText,
  engineType: optionalText,
  displacement: optionalText,
  power: optionalText,
  maxTorque: optionalNumber,
  transmission: optionalText,
  drivetrain: optionalText,
  fuelType: optionalText,
  fuelConsumption: optionalText,
  evRange: optionalText,
  mpg: optionalText,
  length: optionalNumber,
  width: optionalNumber,
  height: optionalNumber,
  wheelbase: optionalNumber,
  curbWeight: optionalNumber,
  seatingCapacity: optionalNumber,
  infotainmentSystem: optionalText,
  adasFeatures: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  keyFeatures: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  images: z
    .object({ front: optionalText, sideLeft: optionalText, sideRight: optionalText, rear: optionalText, dashboard: optionalText })
    .default({ front: '', sideLeft: '', sideRight: '', rear: '', dashboard: '' }),
  dataVerified: z.boolean().default(false),
  imagesVerified: z.boolean().default(false),
  qaComments: optionalText,
});

export type CollectedRecord = z.output<typeof CollectedRecordSchema>;
export type CollectionStatus = 'Pending' | 'WIP' | 'Done';

const positive = (value: number | null) => value !== null && Number.isFinite(value) && value > 0;

/** The spec's checks on a collected record: pricing, specs, dimensions, five HTTPS images. */
export function collectionChecks(record: CollectedRecord): string[] {
  const problems: string[] = [];
  if (!positive(record.fobPriceUSD)) problems.push('Missing or invalid FOB price');
  if (!record.priceSource.toLowerCase().includes(PRICE_SOURCE_HOST)) problems.push(`Price source must be from ${PRICE_SOURCE_HOST}`);
  if (!record.engineType) problems.push('Missing engine type');
  if (!positive(record.maxTorque)) problems.push('Max torque must be greater than 0');
  if (!record.transmission) problems.push('Missing transmission');
  if (!record.fuelType) problems.push('Missing fuel type');
  for (const [key, label] of [['length', 'Length'], ['width', 'Width'], ['height', 'Height'], ['wheelbase', 'Wheelbase'], ['curbWeight', 'Curb weight']] as const) {
    if (!positive(record[key])) problems.push(`${label} must be positive`);
  }
  for (const view of COLLECTION_IMAGE_VIEWS) {
    const url = record.images[view.key];
    if (!url) problems.push(`${view.label} image is required`);
    else if (!/^https:\/\/\S+$/.test(url)) problems.push(`${view.label} image must be an HTTPS address`);
  }
  return problems;
}

/** Pending: no record; WIP: data and images not both verified; Done: both verified. */
export function collectionStatus(record: CollectedRecord | null): CollectionStatus {
  if (!record) return 'Pending';
  return record.dataVerified && record.imagesVerified ? 'Done' : 'WIP';
}

/** A variant's collection stream as stored (one event: a save): the one declaration, which the type and the projection's types come from. */
export const VehicleDataCollectedSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('VehicleDataCollected'), data: z.object({ variantId: z.string(), record: CollectedRecordSchema, savedAt: z.string() }) }),
]);
export type VehicleDataCollected = z.infer<typeof VehicleDataCollectedSchema>;
export const collectionStreamId = (variantId: string) => `collected-${variantId}`;

/** The record a variant's stream holds now (null before the first save). */
export interface CollectionState {
  variantId: string | null;
  record: CollectedRecord | null;
}

export const collectionDecider: Decider<CollectionState, VehicleDataCollected> = {
  eventSchema: VehicleDataCollectedSchema,
  initialState: { variantId: null, record: null },
  evolve: (_state, event) => ({ variantId: event.data.variantId, record: event.data.record }),
};

/** Every save is kept, complete or not: the checks say what is still missing. */
export const decideCollection = (command: { type: 'CollectVehicleData'; variantId: string; record: CollectedRecord; now: Date }): VehicleDataCollected[] => [
  { type: 'VehicleDataCollected', data: { variantId: command.variantId, record: command.record, savedAt: command.now.toISOString() } },
];
