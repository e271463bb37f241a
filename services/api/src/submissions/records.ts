import type { Selectable } from 'kysely';
import type { SubmissionsTable } from '@autobest/db';
import { toMajor, type SubmissionKindInfo, type SubmissionRecord } from '@autobest/domain';

/** The offered or estimated value in naira (the read model keeps kobo), or null when none is set. */
export const submissionValue = (row: Pick<Selectable<SubmissionsTable>, 'value_minor'>): number | null =>
  row.value_minor === null ? null : toMajor({ amountMinor: Number(row.value_minor), currency: 'NGN' });

/**
 * A read-model row as the console sees it; photo URLs point at the authenticated photo route, and exist only
 * for photos we re-encoded (staff never get the file an owner sent).
 */
export function toSubmissionRecord(row: Selectable<SubmissionsTable>, spec: SubmissionKindInfo): SubmissionRecord {
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
    language: row.language,
    status: row.status,
    lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
    [spec.valueField]: submissionValue(row),
    notes: row.notes,
    photos: row.photos.map((photo) => {
      const url = `/api/admin/${spec.resource}/${encodeURIComponent(row.id)}/photos/${encodeURIComponent(photo.slot)}`;
      const ready = photo.state === 'ready';
      return { slot: photo.slot, label: photo.label, state: photo.state, url: ready ? url : null, thumbnailUrl: ready ? `${url}/thumbnail` : null };
    }),
    version: row.version,
  };
}
