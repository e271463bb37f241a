import { z } from 'zod';
import type { Selectable } from 'kysely';
import type { SubmissionsTable } from '@autobest/db';
import type { SubmissionKindSpec } from './kinds';

export const SubmissionRecordSchema = z
  .object({
    id: z.string(),
    submittedAt: z.string(),
    fullName: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.string(),
    odometer: z.string(),
    fuelType: z.string(),
    transmission: z.string(),
    vin: z.string().nullable(),
    knownIssues: z.string().nullable(),
    underFinance: z.boolean(),
    askingPrice: z.string().nullable(),
    status: z.enum(['pending', 'reviewed', 'finalized']),
    lastUpdated: z.string().nullable(),
    offeredValue: z.number().nullable().optional(),
    estimatedValue: z.number().nullable().optional(),
    notes: z.array(z.object({ text: z.string(), at: z.string(), by: z.string().nullable() })),
    photos: z.array(z.object({ slot: z.string(), label: z.string(), url: z.string(), contentType: z.string(), bytes: z.number() })),
    version: z.number(),
  })
  .meta({ id: 'Submission' });

export type SubmissionRecord = z.infer<typeof SubmissionRecordSchema>;

/** A read-model row as the console sees it; photo URLs point at the authenticated photo route. */
export function toSubmissionRecord(row: Selectable<SubmissionsTable>, spec: SubmissionKindSpec): SubmissionRecord {
  const value = row.value_minor === null ? null : Number(row.value_minor) / 100;
  return {
    id: row.id,
    submittedAt: new Date(row.submitted_at).toISOString(),
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    email: row.email,
    make: row.make,
    model: row.model,
    year: row.year,
    odometer: row.odometer,
    fuelType: row.fuel_type,
    transmission: row.transmission,
    vin: row.vin,
    knownIssues: row.known_issues,
    underFinance: row.under_finance,
    askingPrice: row.asking_price,
    status: row.status,
    lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
    [spec.valueField]: value,
    notes: row.notes,
    photos: row.photos.map((photo) => ({
      slot: photo.slot,
      label: photo.label,
      url: `/api/admin/${spec.resource}/${encodeURIComponent(row.id)}/photos/${photo.slot}`,
      contentType: photo.contentType,
      bytes: photo.bytes,
    })),
    version: row.version,
  };
}
