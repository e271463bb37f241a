import { z } from 'zod';
import { followUpRecordFields } from '../followUps/contracts';
import { SITE_LANGUAGES } from '../platform/languages';

/** A message from the contact page, as staff list and follow it up. */
export const ContactMessageSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    language: z.enum(SITE_LANGUAGES).describe('The language the visitor used on the site; their acknowledgement was in it'),
    receivedAt: z.iso.datetime(),
    ...followUpRecordFields,
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.output<typeof ContactMessageSchema>;

export const ContactMessageCreatedSchema = z.object({ id: z.uuid() });
export type ContactMessageCreated = z.output<typeof ContactMessageCreatedSchema>;
