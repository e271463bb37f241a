import { z } from 'zod';
import type { DomainEvent } from '../platform/events';

export type SubmissionKind = 'sell-car' | 'trade-in';
export const SUBMISSION_STATUSES = ['pending', 'reviewed', 'finalized'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface PersonalInfo {
  fullName: string;
  phoneNumber: string;
  email: string;
}

export interface VehicleInfo {
  make: string;
  model: string;
  year: string;
  odometer: string;
  fuelType: string;
  transmission: string;
  vin: string | null;
  knownIssues: string | null;
  underFinance: boolean;
  askingPrice: string | null;
}

/** A photo as stored: the server chose its name; the owner's file name is kept only as text. */
export interface StoredPhoto {
  slot: string;
  label: string;
  storedName: string;
  contentType: string;
  bytes: number;
  originalName: string;
}

/** Naira in kobo: money is integer minor units with its currency. */
export interface NairaAmount {
  amountMinor: number;
  currency: 'NGN';
}

interface SubmittedData {
  submissionId: string;
  submittedAt: string;
  personalInfo: PersonalInfo;
  vehicleInfo: VehicleInfo;
  photos: StoredPhoto[];
  /** Opens the owner's status page; sent to them in the confirmation email. */
  statusToken: string;
}

export type SellCarSubmitted = DomainEvent<'SellCarSubmitted', SubmittedData>;
export type TradeInSubmitted = DomainEvent<'TradeInSubmitted', SubmittedData>;
export type SubmissionStatusChanged = DomainEvent<
  'SubmissionStatusChanged',
  { submissionId: string; from: SubmissionStatus; to: SubmissionStatus; changedAt: string }
>;
export type SubmissionOfferedValueSet = DomainEvent<'SubmissionOfferedValueSet', { submissionId: string; offeredValue: NairaAmount | null; setAt: string }>;
export type SubmissionEstimatedValueSet = DomainEvent<
  'SubmissionEstimatedValueSet',
  { submissionId: string; estimatedValue: NairaAmount | null; setAt: string }
>;
export type SubmissionNoteAdded = DomainEvent<'SubmissionNoteAdded', { submissionId: string; text: string; addedAt: string }>;
export type SubmissionDeleted = DomainEvent<'SubmissionDeleted', { submissionId: string; deletedAt: string }>;

export type SubmissionEvent =
  | SellCarSubmitted
  | TradeInSubmitted
  | SubmissionStatusChanged
  | SubmissionOfferedValueSet
  | SubmissionEstimatedValueSet
  | SubmissionNoteAdded
  | SubmissionDeleted;

export const SUBMISSION_EVENT_TYPES: ReadonlySet<string> = new Set<SubmissionEvent['type']>([
  'SellCarSubmitted',
  'TradeInSubmitted',
  'SubmissionStatusChanged',
  'SubmissionOfferedValueSet',
  'SubmissionEstimatedValueSet',
  'SubmissionNoteAdded',
  'SubmissionDeleted',
]);

export const SUBMISSION_ID_PREFIX: Record<SubmissionKind, string> = { 'sell-car': 'SC', 'trade-in': 'TI' };
export const submissionStreamId = (kind: SubmissionKind, submissionId: string) => `${kind}-${submissionId}`;
export const submissionKindOfStream = (streamId: string): SubmissionKind | undefined =>
  streamId.startsWith('sell-car-') ? 'sell-car' : streamId.startsWith('trade-in-') ? 'trade-in' : undefined;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `SC-{timestamp}-{6 random chars}` / `TI-{timestamp}-{6 random chars}`, upper case, as the spec's forms make them. */
export function newSubmissionId(kind: SubmissionKind, now: Date, randomBytes: Uint8Array): string {
  const suffix = Array.from(randomBytes.slice(0, 6), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${SUBMISSION_ID_PREFIX[kind]}-${now.getTime()}-${suffix}`;
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
      };
    case 'SubmissionStatusChanged':
      return { ...state, status: event.data.to, lastUpdated: event.data.changedAt };
    case 'SubmissionOfferedValueSet':
      return { ...state, value: event.data.offeredValue, lastUpdated: event.data.setAt };
    case 'SubmissionEstimatedValueSet':
      return { ...state, value: event.data.estimatedValue, lastUpdated: event.data.setAt };
    case 'SubmissionNoteAdded':
      return { ...state, lastUpdated: event.data.addedAt };
    case 'SubmissionDeleted':
      return { ...state, deleted: true };
  }
}

export const foldSubmission = (events: readonly SubmissionEvent[]) => events.reduce(evolveSubmission, initialSubmissionState);

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
            .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Estimated value has at most 2 decimals')
            .nullable(),
  });

export const AddNoteSchema = z.object({
  text: z.string({ error: 'Note text is required' }).trim().min(1, 'Note text is required').max(5000, 'A note is at most 5000 characters'),
});

export type SubmissionCommand =
  | { type: 'Submit'; kind: SubmissionKind; data: SubmittedData }
  | { type: 'ChangeStatus'; status: SubmissionStatus; now: Date }
  | { type: 'SetValue'; value: number | null; now: Date }
  | { type: 'AddNote'; text: string; now: Date }
  | { type: 'Delete'; now: Date };

export class SubmissionNotFound extends Error {
  override readonly name = 'SubmissionNotFound';
}
export class SubmissionAlreadyExists extends Error {
  override readonly name = 'SubmissionAlreadyExists';
}

export const toKobo = (naira: number): NairaAmount => ({ amountMinor: Math.round(naira * 100), currency: 'NGN' });
export const fromKobo = (amount: NairaAmount | null): number | null => (amount ? amount.amountMinor / 100 : null);

/** Business rules of a submission's life: created once, then any status to any other, values, notes, deletion. */
export function decideSubmission(command: SubmissionCommand, state: SubmissionState): SubmissionEvent[] {
  if (command.type === 'Submit') {
    if (state.kind !== null) throw new SubmissionAlreadyExists(command.data.submissionId);
    return [{ type: command.kind === 'sell-car' ? 'SellCarSubmitted' : 'TradeInSubmitted', data: command.data }];
  }
  if (state.kind === null || state.deleted) throw new SubmissionNotFound('Submission not found');
  const { submissionId } = state;
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ChangeStatus':
      if (command.status === state.status) return [];
      return [{ type: 'SubmissionStatusChanged', data: { submissionId, from: state.status, to: command.status, changedAt: at } }];
    case 'SetValue': {
      const value = command.value === null ? null : toKobo(command.value);
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
