import { z } from 'zod';
import { followUpRecordFields } from '../followUps/contracts';
import { ENQUIRY_KINDS } from './kinds';

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
    receivedAt: z.iso.datetime(),
    ...followUpRecordFields,
  })
  .meta({ id: 'Enquiry' });

export type Enquiry = z.output<typeof EnquirySchema>;

export const EnquiryCreatedSchema = z.object({ id: z.uuid() });
export type EnquiryCreated = z.output<typeof EnquiryCreatedSchema>;
