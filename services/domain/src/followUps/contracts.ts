import { z } from 'zod';
import { FOLLOW_UP_STATUSES } from './statuses';

export const FollowUpStatusChangeSchema = z.object({
  from: z.enum(FOLLOW_UP_STATUSES),
  to: z.enum(FOLLOW_UP_STATUSES),
  at: z.iso.datetime(),
  by: z.string().nullable().describe("The staff member's name (their email once the account is gone)"),
});
export type FollowUpStatusChange = z.output<typeof FollowUpStatusChangeSchema>;

export const FollowUpNoteSchema = z.object({ text: z.string(), at: z.iso.datetime(), by: z.string().nullable().describe("The staff member's name (their email once the account is gone)") });
export type FollowUpNote = z.output<typeof FollowUpNoteSchema>;

/** What every followed-up record adds to its own fields, as staff see it in the console. */
export const followUpRecordFields = {
  status: z.enum(FOLLOW_UP_STATUSES),
  lastUpdated: z.iso.datetime().nullable(),
  version: z.int().describe('Send it back as expectedVersion with a status change or a note'),
  history: z.array(FollowUpStatusChangeSchema).describe('Status changes, oldest first, with the staff member who made each'),
  notes: z.array(FollowUpNoteSchema).describe('Staff notes, oldest first'),
};

/** The follow-up part of a record, which the console's shared follow-up screens read. */
export type FollowUpFields = z.output<z.ZodObject<typeof followUpRecordFields>>;

/** The count cards above a followed-up list. */
export const FollowUpCountsSchema = z
  .object({ total: z.int(), new: z.int(), contacted: z.int(), closed: z.int() })
  .meta({ id: 'FollowUpCounts' });
export type FollowUpCounts = z.output<typeof FollowUpCountsSchema>;
