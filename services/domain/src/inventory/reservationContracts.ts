import { z } from 'zod';
import { followUpRecordFields } from '../followUps/contracts';
import { SITE_LANGUAGES } from '../platform/languages';

/** A buyer's 'Reserve Now' request, as staff list and follow it up. */
export const ReservationRequestSchema = z
  .object({
    id: z.uuid(),
    vehicleId: z.string(),
    vehicleName: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    language: z.enum(SITE_LANGUAGES).describe('The language the buyer used on the site; their acknowledgement was in it'),
    requestedAt: z.iso.datetime(),
    ...followUpRecordFields,
  })
  .meta({ id: 'ReservationRequest' });

export type ReservationRequest = z.output<typeof ReservationRequestSchema>;

export const ReservationCreatedSchema = z.object({ id: z.uuid().describe("The buyer's open request for this vehicle: a repeat answers the first one's id") });
export type ReservationCreated = z.output<typeof ReservationCreatedSchema>;
