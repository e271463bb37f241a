import { z } from 'zod';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from './kinds';

/** An enquiry as staff see it in the console. */
export const EnquirySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ENQUIRY_KINDS),
    fullName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    subject: z.string(),
    message: z.string().nullable(),
    preferredDate: z.string().nullable(),
    details: z.record(z.string(), z.union([z.string(), z.number()])),
    sourcePath: z.string().nullable(),
    status: z.enum(ENQUIRY_STATUSES),
    receivedAt: z.iso.datetime(),
    lastUpdated: z.iso.datetime().nullable(),
    version: z.int().describe('Send it back as expectedVersion with a status change'),
    history: z
      .array(z.object({ from: z.enum(ENQUIRY_STATUSES), to: z.enum(ENQUIRY_STATUSES), at: z.iso.datetime(), by: z.string().nullable() }))
      .describe('Status changes, oldest first, with the staff member who made each'),
  })
  .meta({ id: 'Enquiry' });

export type Enquiry = z.output<typeof EnquirySchema>;

export const EnquiryCreatedSchema = z.object({ id: z.uuid() });
export type EnquiryCreated = z.output<typeof EnquiryCreatedSchema>;
