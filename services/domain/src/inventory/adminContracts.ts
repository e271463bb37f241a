import { z } from 'zod';
import { VehicleSpecFields } from './contracts';

/** What the console's inventory screens send and receive: the catalogue for staff, imports, QA and data collection. */

export const AdminVehicleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    price: z.number(),
    currency: z.string(),
    images: z.array(z.object({ url: z.string(), alt: z.string(), isPrimary: z.boolean().optional() })),
    specifications: z.array(z.object({ name: z.string(), value: z.string(), category: z.string() })),
    features: z.array(z.object({ name: z.string(), description: z.string(), category: z.string() })),
    category: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    rating: z.number(),
    reviewCount: z.number(),
    inStock: z.boolean(),
    isNew: z.boolean(),
    isFeatured: z.boolean(),
    sourceUrl: z.string(),
    ...VehicleSpecFields,
    vin: z.string(),
    trim: z.string(),
    importStatus: z.string(),
    expectedArrival: z.string().nullable(),
    evRangeKm: z.number().nullable(),
    pricing: z.object({ min: z.number(), max: z.number(), currency: z.string(), reservationAmount: z.number(), note: z.string() }).nullable(),
    listedAt: z.string(),
    updatedAt: z.string(),
    version: z.number(),
  })
  .meta({ id: 'AdminVehicle' });

export type AdminVehicle = z.output<typeof AdminVehicleSchema>;

export const ImportResultSchema = z.object({ total: z.number(), succeeded: z.number(), failed: z.number(), errors: z.array(z.string()) }).meta({ id: 'ImportResult' });
export type ImportResult = z.output<typeof ImportResultSchema>;

export const UploadedImageSchema = z.object({ url: z.string() }).meta({ id: 'UploadedImage' });

export const QaVehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number(),
  imageCount: z.number(),
  issues: z.array(z.object({ kind: z.string(), message: z.string() })),
  health: z.enum(['Complete', 'Needs Review', 'Critical']),
  priority: z.enum(['HIGH', 'MEDIUM']).nullable(),
});
export const QaReportSchema = z
  .object({
    summary: z.object({ total: z.number(), complete: z.number(), needReview: z.number(), critical: z.number(), completionPercent: z.number() }),
    issueCounts: z.record(z.string(), z.number()),
    featureTags: z.array(z.object({ name: z.string(), count: z.number() })),
    vehicles: z.array(QaVehicleSchema).describe('Vehicles with issues, worst first (at most 500)'),
  })
  .meta({ id: 'InventoryQaReport' });

export type QaVehicle = z.output<typeof QaVehicleSchema>;
export type QaReport = z.output<typeof QaReportSchema>;

export const QA_FIXES = ['set-price-to-median', 'mark-out-of-stock', 'delist'] as const;

/** One fix applied to the vehicles staff selected. */
export const QaBulkFixSchema = z.object({
  ids: z.array(z.string().max(100)).min(1, 'Select at least one vehicle').max(1000),
  fix: z.enum(QA_FIXES, { error: `fix must be one of: ${QA_FIXES.join(', ')}` }),
});

export const QaFixResultSchema = z.object({ updated: z.number(), skipped: z.array(z.string()) });
export type QaFixResult = z.output<typeof QaFixResultSchema>;

export const CollectionVariantSchema = z.object({
  variantId: z.string(),
  brand: z.string(),
  model: z.string(),
  variant: z.string(),
  year: z.number(),
  status: z.enum(['Pending', 'WIP', 'Done']),
  issues: z.array(z.string()),
  record: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  version: z.number(),
});
export const CollectionOverviewSchema = z
  .object({ summary: z.object({ total: z.number(), pending: z.number(), wip: z.number(), done: z.number() }), variants: z.array(CollectionVariantSchema) })
  .meta({ id: 'DataCollection' });


export type CollectionVariant = z.output<typeof CollectionVariantSchema>;
export type CollectionOverview = z.output<typeof CollectionOverviewSchema>;

export const PublishedVariantSchema = z.object({ vehicleId: z.string() });
