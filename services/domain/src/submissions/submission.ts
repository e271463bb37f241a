import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { fitsMinorUnits, fromMajor } from '../money/money';
import { DEFAULT_SITE_LANGUAGE, languageOf, SITE_LANGUAGES, type SiteLanguage } from '../platform/languages';
import type { FollowUpCommand } from '../followUps/followUp';
import { PersonalInfoSchema, VehicleInfoSchema, type PersonalInfo, type VehicleInfo } from './fields';
import { SUBMISSION_KINDS, type SubmissionKind } from './kinds';
import { SUBMISSION_STATUSES, type SubmissionStatus } from './statuses';
import { whatsappReplyFields } from '../whatsapp';

export * from './statuses';

/** A photo as stored: the server chose its name; the owner's file name is kept only as text. */
const StoredPhotoSchema = z.object({ slot: z.string(), label: z.string(), storedName: z.string(), contentType: z.string(), bytes: z.number(), originalName: z.string() });
export type StoredPhoto = z.infer<typeof StoredPhotoSchema>;

/** What the photo processor made of one photo sent with a request; the owner's file is gone either way. */
const ProcessedPhotoSchema = z.discriminatedUnion('state', [
  z.object({
    slot: z.string(),
    label: z.string(),
    /** Re-encoded by us: orientation applied, no metadata, JPEG, bounded in size by the photo codec (services/projections/src/photos). */
    state: z.literal('ready'),
    storedName: z.string(),
    /** The small copy the console's lists show. */
    thumbnailName: z.string(),
    width: z.number(),
    height: z.number(),
    bytes: z.number(),
  }),
  /** The file did not decode after the request was accepted, or was no longer there to decode. */
  z.object({ slot: z.string(), label: z.string(), state: z.literal('unreadable'), reason: z.enum(['undecodable', 'missing']) }),
]);
export type ProcessedPhoto = z.infer<typeof ProcessedPhotoSchema>;

/** Naira in kobo: money is integer minor units with its currency. */
const NairaAmountSchema = z.object({ amountMinor: z.number(), currency: z.literal('NGN') });
export type NairaAmount = z.infer<typeof NairaAmountSchema>;

const SubmittedDataSchema = z.object({
  submissionId: z.string(),
  submittedAt: z.string(),
  personalInfo: PersonalInfoSchema,
  vehicleInfo: VehicleInfoSchema,
  photos: z.array(StoredPhotoSchema),
  /** The site's language as the owner used it, which every email to them is in; absent in older requests, which were in English. */
  language: z.enum(SITE_LANGUAGES).optional(),
  /**
   * Only on requests made before status tokens were derived from the id (migration 0017): the SHA-256 (hex) of
   * the random token their owner holds, which took the token's place in the event, so old links keep working.
   */
  legacyStatusTokenDigest: z.string().optional(),
  /** The owner asked for updates on WhatsApp (issue 41); absent on requests made before the forms asked: no. */
  whatsappUpdates: z.boolean().optional(),
});
const submissionStatus = z.enum(SUBMISSION_STATUSES);

/** A submission event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const SubmissionEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SellCarSubmitted'), data: SubmittedDataSchema }),
  z.object({ type: z.literal('TradeInSubmitted'), data: SubmittedDataSchema }),
  z.object({ type: z.literal('SubmissionStatusChanged'), data: z.object({ submissionId: z.string(), from: submissionStatus, to: submissionStatus, changedAt: z.string() }) }),
  z.object({ type: z.literal('SubmissionOfferedValueSet'), data: z.object({ submissionId: z.string(), offeredValue: NairaAmountSchema.nullable(), setAt: z.string() }) }),
  z.object({ type: z.literal('SubmissionEstimatedValueSet'), data: z.object({ submissionId: z.string(), estimatedValue: NairaAmountSchema.nullable(), setAt: z.string() }) }),
  z.object({ type: z.literal('SubmissionNoteAdded'), data: z.object({ submissionId: z.string(), text: z.string(), addedAt: z.string() }) }),
  /** The owner answered one of our WhatsApp messages: a note in the request's history, and staff are told. */
  z.object({ type: z.literal('SubmissionWhatsAppReplyReceived'), data: z.object({ submissionId: z.string(), ...whatsappReplyFields }) }),
  z.object({ type: z.literal('SubmissionDeleted'), data: z.object({ submissionId: z.string(), deletedAt: z.string() }) }),
  z.object({ type: z.literal('SubmissionPhotosProcessed'), data: z.object({ submissionId: z.string(), photos: z.array(ProcessedPhotoSchema), processedAt: z.string() }) }),
  /** The files of a deleted request (processed photos, thumbnails, any original left) were removed from disk. */
  z.object({ type: z.literal('SubmissionPhotosErased'), data: z.object({ submissionId: z.string(), erasedAt: z.string() }) }),
]);
export type SubmissionEvent = z.infer<typeof SubmissionEventSchema>;
export type SellCarSubmitted = Extract<SubmissionEvent, { type: 'SellCarSubmitted' }>;
export type TradeInSubmitted = Extract<SubmissionEvent, { type: 'TradeInSubmitted' }>;
export type SubmissionStatusChanged = Extract<SubmissionEvent, { type: 'SubmissionStatusChanged' }>;
export type SubmissionOfferedValueSet = Extract<SubmissionEvent, { type: 'SubmissionOfferedValueSet' }>;
export type SubmissionEstimatedValueSet = Extract<SubmissionEvent, { type: 'SubmissionEstimatedValueSet' }>;
export type SubmissionNoteAdded = Extract<SubmissionEvent, { type: 'SubmissionNoteAdded' }>;
export type SubmissionDeleted = Extract<SubmissionEvent, { type: 'SubmissionDeleted' }>;
export type SubmissionPhotosProcessed = Extract<SubmissionEvent, { type: 'SubmissionPhotosProcessed' }>;
export type SubmissionPhotosErased = Extract<SubmissionEvent, { type: 'SubmissionPhotosErased' }>;

export const SUBMISSION_EVENT_TYPES = eventTypesOf(SubmissionEventSchema);

export const submissionStreamId = (kind: SubmissionKind, submissionId: string) => `${kind}-${submissionId}`;
export const submissionKindOfStream = (streamId: string): SubmissionKind | undefined =>
  streamId.startsWith('sell-car-') ? 'sell-car' : streamId.startsWith('trade-in-') ? 'trade-in' : undefined;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `SC-{timestamp}-{6 random chars}` / `TI-{timestamp}-{6 random chars}`, upper case, as the spec's forms make them. */
export function newSubmissionId(kind: SubmissionKind, now: Date, randomBytes: Uint8Array): string {
  const suffix = Array.from(randomBytes.slice(0, 6), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${SUBMISSION_KINDS[kind].idPrefix}-${now.getTime()}-${suffix}`;
}

export const SUBMISSION_ID_PATTERN = /^(SC|TI)-\d{10,16}-[A-Z0-9]{6}$/;

// State and evolve

export interface SubmissionState {
  submissionId: string;
  kind: SubmissionKind | null;
  deleted: boolean;
  status: SubmissionStatus;
  value: NairaAmount | null;
  submittedAt: string | null;
  lastUpdated: string | null;
  personalInfo: PersonalInfo | null;
  vehicleInfo: VehicleInfo | null;
  /** What we write to the owner in. */
  language: SiteLanguage;
  /** Where the photo files stand: sent and waiting to be re-encoded, re-encoded, or removed after deletion. */
  photos: 'received' | 'processed' | 'erased';
}

export const initialSubmissionState: SubmissionState = {
  submissionId: '',
  kind: null,
  deleted: false,
  status: 'pending',
  value: null,
  submittedAt: null,
  lastUpdated: null,
  personalInfo: null,
  vehicleInfo: null,
  language: DEFAULT_SITE_LANGUAGE,
  photos: 'received',
};

export function evolveSubmission(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  switch (event.type) {
    case 'SellCarSubmitted':
    case 'TradeInSubmitted':
      return {
        ...state,
        submissionId: event.data.submissionId,
        kind: event.type === 'SellCarSubmitted' ? 'sell-car' : 'trade-in',
        status: 'pending',
        submittedAt: event.data.submittedAt,
        personalInfo: event.data.personalInfo,
        vehicleInfo: event.data.vehicleInfo,
        language: languageOf(event.data),
      };
    case 'SubmissionStatusChanged':
      return { ...state, status: event.data.to, lastUpdated: event.data.changedAt };
    case 'SubmissionOfferedValueSet':
      return { ...state, value: event.data.offeredValue, lastUpdated: event.data.setAt };
    case 'SubmissionEstimatedValueSet':
      return { ...state, value: event.data.estimatedValue, lastUpdated: event.data.setAt };
    case 'SubmissionNoteAdded':
      return { ...state, lastUpdated: event.data.addedAt };
    case 'SubmissionWhatsAppReplyReceived':
      return { ...state, lastUpdated: event.data.receivedAt };
    case 'SubmissionDeleted':
      return { ...state, deleted: true };
    case 'SubmissionPhotosProcessed':
      return { ...state, photos: 'processed' };
    case 'SubmissionPhotosErased':
      return { ...state, photos: 'erased' };
  }
}

export const foldSubmission = (events: readonly SubmissionEvent[]) => events.reduce(evolveSubmission, initialSubmissionState);

export const submissionDecider: Decider<SubmissionState, SubmissionEvent> = {
  eventSchema: SubmissionEventSchema,
  initialState: initialSubmissionState,
  evolve: evolveSubmission,
};

// Commands and decide

export const ChangeStatusSchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { error: 'Status must be one of: pending, reviewed, finalized' }),
});

/** Sell-car offers are whole naira; trade-in estimates may have kobo. Null clears the value. */
export const offerSchema = (kind: SubmissionKind) =>
  z.object({
    value:
      kind === 'sell-car'
        ? z.int({ error: 'Offered value must be a whole number of naira' }).min(0, 'Offered value cannot be negative').max(1e12).nullable()
        : z
            .number({ error: 'Estimated value must be a number' })
            .min(0, 'Estimated value cannot be negative')
            .max(1e12)
            .refine((value) => fitsMinorUnits(value, 'NGN'), 'Estimated value has at most 2 decimals')
            .nullable(),
  });

export type SubmissionCommand =
  | { type: 'Submit'; kind: SubmissionKind; data: SellCarSubmitted['data'] }
  | FollowUpCommand<SubmissionStatus>
  | { type: 'SetValue'; value: number | null; now: Date }
  | { type: 'Delete'; now: Date }
  | { type: 'RecordProcessedPhotos'; photos: ProcessedPhoto[]; now: Date }
  | { type: 'RecordPhotosErased'; now: Date };


/**
 * Business rules of a submission's life: created once, then any status to any other, values, notes, deletion;
 * its photos re-encoded once, and erased once after deletion.
 */
export function decideSubmission(command: SubmissionCommand, state: SubmissionState): SubmissionEvent[] {
  if (command.type === 'Submit') {
    if (state.kind !== null) throw new AlreadyExists('submission', command.data.submissionId);
    return [{ type: SUBMISSION_KINDS[command.kind].submittedEvent, data: command.data }];
  }
  if (state.kind === null) throw new NotFound('submission');
  const { submissionId } = state;
  const at = command.now.toISOString();
  // The photo processor's records: each happens once, and photos of a deleted request are erased, never processed.
  if (command.type === 'RecordProcessedPhotos') {
    if (state.deleted || state.photos !== 'received') return [];
    return [{ type: 'SubmissionPhotosProcessed', data: { submissionId, photos: command.photos, processedAt: at } }];
  }
  if (command.type === 'RecordPhotosErased') {
    if (!state.deleted || state.photos === 'erased') return [];
    return [{ type: 'SubmissionPhotosErased', data: { submissionId, erasedAt: at } }];
  }
  if (state.deleted) throw new NotFound('submission', state.submissionId);
  switch (command.type) {
    case 'ChangeStatus':
      if (command.status === state.status) return [];
      return [{ type: 'SubmissionStatusChanged', data: { submissionId, from: state.status, to: command.status, changedAt: at } }];
    case 'SetValue': {
      const value = command.value === null ? null : fromMajor(command.value, 'NGN');
      if (value?.amountMinor === state.value?.amountMinor) return [];
      return state.kind === 'sell-car'
        ? [{ type: 'SubmissionOfferedValueSet', data: { submissionId, offeredValue: value, setAt: at } }]
        : [{ type: 'SubmissionEstimatedValueSet', data: { submissionId, estimatedValue: value, setAt: at } }];
    }
    case 'AddNote':
      return [{ type: 'SubmissionNoteAdded', data: { submissionId, text: command.text, addedAt: at } }];
    case 'Delete':
      return [{ type: 'SubmissionDeleted', data: { submissionId, deletedAt: at } }];
  }
}
