import { z } from 'zod';

/** A message from the contact page, as staff list it. */
export const ContactMessageSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.output<typeof ContactMessageSchema>;

export const ContactMessageCreatedSchema = z.object({ id: z.uuid() });
export type ContactMessageCreated = z.output<typeof ContactMessageCreatedSchema>;
