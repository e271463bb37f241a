import { z } from 'zod';

/**
 * The console's home (issue 39): what waits for staff, each part present only when the caller's role may read what it
 * counts, so a role never learns even how many of what it may not open.
 */
export const ConsoleHomeSchema = z
  .object({
    requests: z
      .object({
        sellCarPending: z.number().int().describe('Sell-car requests not yet reviewed (status pending)'),
        tradeInPending: z.number().int().describe('Trade-in requests not yet reviewed (status pending)'),
        reservationsWaiting: z.number().int().describe('Reservation requests still new that arrived before waitingSince'),
        enquiriesWaiting: z.number().int().describe('Enquiries still new that arrived before waitingSince'),
        waitingSince: z.iso.datetime().describe("The cut-off the waiting counts use (24 hours before the answer); the lists' dateTo filter keeps the same rows"),
      })
      .optional(),
    emails: z.object({ failed: z.number().int().describe('Emails refused for good or out of attempts (Retry in Emails)') }).optional(),
    news: z.object({ failingFeeds: z.number().int().describe('Enabled feeds whose last read failed') }).optional(),
    queues: z
      .object({
        failedJobs: z.array(z.object({ queue: z.string(), failed: z.number().int() })).describe('BullMQ failed jobs, per queue'),
      })
      .optional(),
    rates: z
      .object({
        state: z.enum(['current', 'stale', 'reference']).describe('reference: no rate service configured, prices use the reference rates as expected'),
        source: z.string(),
        fetchedAt: z.iso.datetime().nullable(),
      })
      .optional(),
  })
  .meta({ id: 'ConsoleHome' });
export type ConsoleHome = z.output<typeof ConsoleHomeSchema>;
