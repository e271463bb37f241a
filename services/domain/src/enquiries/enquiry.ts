import { z } from 'zod';
import { ContactMessages, EMAIL_PATTERN, PHONE_PATTERN } from '../contact/contactMessage';
import type { DomainEvent } from '../platform/events';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, type EnquiryStatus } from './kinds';

export * from './kinds';

export const MAX_ENQUIRY_DETAILS = 20;

export const EnquiryMessages = {
  kindInvalid: `Enquiry kind must be one of: ${ENQUIRY_KINDS.join(', ')}`,
  fullNameRequired: 'Full name is required',
  phoneRequired: ContactMessages.phoneRequired,
  phoneInvalid: ContactMessages.phoneInvalid,
  emailInvalid: ContactMessages.emailInvalid,
  subjectRequired: 'Please say what your enquiry is about',
  dateInvalid: 'Please choose a valid date',
  detailsTooMany: `At most ${MAX_ENQUIRY_DETAILS} details`,
  detailNameInvalid: 'Detail names must be 1 to 40 characters',
  detailValueTooLong: 'Detail values must be at most 200 characters',
  detailValueInvalid: 'Detail values must be text or numbers',
  statusInvalid: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`,
  tooLong: ContactMessages.tooLong,
} as const;

const requiredText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, EnquiryMessages.tooLong(label, max));

/** A form's blank input means "not given", so an empty string leaves the field out. */
const optionalText = (label: string, max: number, rule?: { test: (value: string) => boolean; message: string }) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, EnquiryMessages.tooLong(label, max))
    .refine((value) => value === '' || !rule || rule.test(value), rule?.message)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

const EnquiryDetailsSchema = z
  .record(
    z.string(),
    z.union([z.string().trim().max(200, EnquiryMessages.detailValueTooLong), z.number()], { error: EnquiryMessages.detailValueInvalid }),
  )
  .superRefine((details, context) => {
    const names = Object.keys(details);
    if (names.length > MAX_ENQUIRY_DETAILS) context.addIssue({ code: 'custom', message: EnquiryMessages.detailsTooMany });
    else if (names.some((name) => name.length === 0 || name.length > 40)) context.addIssue({ code: 'custom', message: EnquiryMessages.detailNameInvalid });
  });

export const EnquiryInputSchema = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: EnquiryMessages.kindInvalid }),
  fullName: requiredText(EnquiryMessages.fullNameRequired, 'Full name', 100),
  phone: requiredText(EnquiryMessages.phoneRequired, 'Phone number', 30).regex(PHONE_PATTERN, EnquiryMessages.phoneInvalid),
  email: optionalText('Email', 254, { test: (value) => EMAIL_PATTERN.test(value), message: EnquiryMessages.emailInvalid }),
  subject: requiredText(EnquiryMessages.subjectRequired, 'Subject', 200),
  message: optionalText('Message', 2000),
  preferredDate: optionalText('Preferred date', 10, { test: isCalendarDate, message: EnquiryMessages.dateInvalid }),
  details: EnquiryDetailsSchema.optional(),
  sourcePath: optionalText('Source path', 200),
});

export type EnquiryInput = z.input<typeof EnquiryInputSchema>;
/** The input as validated: trimmed, blank optional fields left out. */
export type ValidEnquiry = z.output<typeof EnquiryInputSchema>;

export type EnquiryReceived = DomainEvent<'EnquiryReceived', ValidEnquiry & { enquiryId: string; receivedAt: string }>;
export type EnquiryStatusChanged = DomainEvent<
  'EnquiryStatusChanged',
  { enquiryId: string; from: EnquiryStatus; to: EnquiryStatus; changedAt: string }
>;
export type EnquiryEvent = EnquiryReceived | EnquiryStatusChanged;

export const ENQUIRY_EVENT_TYPES: ReadonlySet<string> = new Set<EnquiryEvent['type']>(['EnquiryReceived', 'EnquiryStatusChanged']);

export const enquiryStreamId = (enquiryId: string) => `enquiry-${enquiryId}`;

export interface EnquiryState {
  /** Null until the enquiry was received. */
  enquiryId: string | null;
  status: EnquiryStatus;
}

export const initialEnquiryState: EnquiryState = { enquiryId: null, status: 'new' };

export function evolveEnquiry(state: EnquiryState, event: EnquiryEvent): EnquiryState {
  switch (event.type) {
    case 'EnquiryReceived':
      return { enquiryId: event.data.enquiryId, status: 'new' };
    case 'EnquiryStatusChanged':
      return { ...state, status: event.data.to };
  }
}

export const foldEnquiry = (events: readonly EnquiryEvent[]) => events.reduce(evolveEnquiry, initialEnquiryState);

export const ChangeEnquiryStatusSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: EnquiryMessages.statusInvalid }),
});

export type EnquiryCommand =
  | { type: 'ReceiveEnquiry'; enquiryId: string; input: ValidEnquiry; now: Date }
  | { type: 'ChangeEnquiryStatus'; status: EnquiryStatus; now: Date };

export class EnquiryAlreadyReceived extends Error {
  override readonly name = 'EnquiryAlreadyReceived';
  constructor(readonly enquiryId: string) {
    super(`Enquiry ${enquiryId} was already received`);
  }
}

export class EnquiryNotFound extends Error {
  override readonly name = 'EnquiryNotFound';
}

/** An enquiry is received once into a new stream; staff then move it between any two statuses. */
export function decideEnquiry(command: EnquiryCommand, state: EnquiryState): EnquiryEvent[] {
  if (command.type === 'ReceiveEnquiry') {
    if (state.enquiryId !== null) throw new EnquiryAlreadyReceived(command.enquiryId);
    return [{ type: 'EnquiryReceived', data: { enquiryId: command.enquiryId, receivedAt: command.now.toISOString(), ...command.input } }];
  }
  if (state.enquiryId === null) throw new EnquiryNotFound('Enquiry not found');
  if (command.status === state.status) return [];
  return [
    {
      type: 'EnquiryStatusChanged',
      data: { enquiryId: state.enquiryId, from: state.status, to: command.status, changedAt: command.now.toISOString() },
    },
  ];
}
