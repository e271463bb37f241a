import { z } from 'zod';

/** An email the notifier sent, as staff read it. */
export const SentEmailSchema = z
  .object({
    id: z.string(),
    sentAt: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    transport: z.string(),
    relatedId: z.string().nullable(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'SentEmail' });

export type SentEmail = z.output<typeof SentEmailSchema>;
