import { z } from 'zod';
import { SITE_LANGUAGES } from '../platform/languages';
import { PersonalInfoSchema, VehicleInfoSchema } from './fields';
import { SUBMISSION_STATUSES } from './submission';

/** What the API answers about sell-car and trade-in requests: to staff, and to the owner on the status page. */

export const SubmissionRecordSchema = z
  .object({
    id: z.string(),
    submittedAt: z.string(),
    ...PersonalInfoSchema.shape,
    ...VehicleInfoSchema.shape,
    language: z.enum(SITE_LANGUAGES).describe('The site language the owner used; their emails are in it'),
    status: z.enum(SUBMISSION_STATUSES),
    lastUpdated: z.string().nullable(),
    offeredValue: z.number().nullable().optional(),
    estimatedValue: z.number().nullable().optional(),
    notes: z.array(z.object({ text: z.string(), at: z.string(), by: z.string().nullable() })),
    photos: z.array(
      z.object({
        slot: z.string(),
        label: z.string(),
        state: z.enum(['processing', 'ready', 'unreadable']).describe('processing until our re-encoded copy exists; unreadable when the file did not decode'),
        url: z.string().nullable().describe('The re-encoded photo, once ready'),
        thumbnailUrl: z.string().nullable().describe('Its small copy for lists, once ready'),
      }),
    ),
    version: z.number(),
  })
  .meta({ id: 'Submission' });

export type SubmissionRecord = z.output<typeof SubmissionRecordSchema>;

/** The four count cards of a submissions list. */
export const SubmissionStatsSchema = z.object({ total: z.number(), pending: z.number(), reviewed: z.number(), finalized: z.number() });

/** One stored event of a request, with who and when. */
export const SubmissionHistoryEntrySchema = z.object({
  id: z.string(),
  position: z.number(),
  type: z.string(),
  at: z.string(),
  by: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SubmissionHistoryEntry = z.output<typeof SubmissionHistoryEntrySchema>;

/** Where a photo is sent on its own, resumably, over the tus protocol (1.0.0), before the request that uses it. */
export const PHOTO_UPLOADS_PATH = '/api/photo-uploads';
/** The id of a photo uploaded on its own (tus' default naming: 16 random bytes in hex); nothing else names a file. */
export const PHOTO_UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * A sell-car or trade-in request whose photos were uploaded first: the form's text fields as the multipart request
 * sends them, and the id of a finished upload for each photo slot. Unknown slots and ids are refused by the route,
 * naming the slot.
 */
export const SubmissionWithUploadsSchema = z
  .object({
    fields: z.record(z.string().max(40), z.string().max(10_000)).refine((fields) => Object.keys(fields).length <= 40, 'At most 40 fields'),
    photos: z.record(z.string().max(40), z.string().max(64)).refine((photos) => Object.keys(photos).length <= 12, 'At most 12 photos'),
  })
  .meta({ id: 'SubmissionWithUploads' });
export type SubmissionWithUploads = z.output<typeof SubmissionWithUploadsSchema>;

export const SubmissionCreatedSchema = z.object({ id: z.string(), statusUrl: z.string() }).meta({ id: 'SubmissionCreated' });
export type SubmissionCreated = z.output<typeof SubmissionCreatedSchema>;

/** The owner's view of a request, opened with the token from the email. */
export const SubmissionStatusAnswerSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUBMISSION_STATUSES),
    submittedAt: z.string(),
    lastUpdated: z.string().nullable(),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.string() }),
    offeredValue: z.number().nullable().optional(),
    estimatedValue: z.number().nullable().optional(),
    unreadablePhotos: z.array(z.string()).describe('Labels of photos that turned out not to decode after the request was accepted'),
    whatsappUpdates: z.boolean().describe('The owner asked for WhatsApp updates on the form and their phone has not stopped them since (the page offers to stop them)'),
  })
  .meta({ id: 'SubmissionStatus' });

export const WhatsAppStopAnswerSchema = z.object({ whatsappUpdates: z.literal(false) }).meta({ id: 'WhatsAppStopAnswer' });

export type SubmissionStatusAnswer = z.output<typeof SubmissionStatusAnswerSchema>;
