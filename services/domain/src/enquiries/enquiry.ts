import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN, SiteLanguageSchema } from '../contact/contactMessage';
import { SITE_LANGUAGES } from '../platform/languages';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { isOneLine, withinLength } from '../platform/validation';
import { coded, type MessageCode } from '../platform/messages';
import { decideFollowUp, FOLLOW_UP_STATUSES, type FollowUpCommand, type FollowUpStatus } from '../followUps/followUp';
import { ENQUIRY_KINDS, PUBLIC_ENQUIRY_KINDS, type EnquiryKind } from './kinds';

export * from './kinds';

export const MAX_ENQUIRY_DETAILS = 20;

const requiredText = (required: MessageCode, label: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(...withinLength(label, max))
    .refine(isOneLine, 'oneLine');

/**
 * A form's blank input means "not given", so an empty string leaves the field out. One line, unless `freeText` (the
 * message), which keeps its line breaks.
 */
const optionalText = (label: string, max: number, { rule, freeText = false }: { rule?: { test: (value: string) => boolean; message: MessageCode }; freeText?: boolean } = {}) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .refine(...withinLength(label, max))
    .refine((value) => freeText || isOneLine(value), 'oneLine')
    .refine((value) => value === '' || !rule || rule.test(value), rule?.message)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

const EnquiryDetailsSchema = z
  .record(
    z.string(),
    z.union([z.string().trim().max(200, 'detailValueTooLong'), z.number()], { error: 'detailValueInvalid' }),
  )
  .superRefine((details, context) => {
    const names = Object.keys(details);
    if (names.length > MAX_ENQUIRY_DETAILS) context.addIssue({ code: 'custom', ...coded('detailsTooMany', { max: MAX_ENQUIRY_DETAILS }) });
    else if (names.some((name) => name.length === 0 || name.length > 40)) context.addIssue({ code: 'custom', message: 'detailNameInvalid' });
  });

export const EnquiryInputSchema = z.object({
  kind: z.enum(PUBLIC_ENQUIRY_KINDS, { error: 'enquiryKindInvalid' }),
  fullName: requiredText('fullNameRequired', 'Full name', 100),
  phone: requiredText('phoneRequired', 'Phone number', 30).regex(PHONE_PATTERN, 'phoneInvalid'),
  email: optionalText('Email', 254, { rule: { test: (value) => EMAIL_PATTERN.test(value), message: 'emailInvalid' } }),
  subject: requiredText('subjectRequired', 'Subject', 200),
  message: optionalText('Message', 2000, { freeText: true }),
  preferredDate: optionalText('Preferred date', 10, { rule: { test: isCalendarDate, message: 'dateInvalid' } }),
  details: EnquiryDetailsSchema.optional(),
  sourcePath: optionalText('Source path', 200),
  language: SiteLanguageSchema.optional(),
});

export type EnquiryInput = z.input<typeof EnquiryInputSchema>;
/** The input as validated: trimmed, blank optional fields left out. */
export type ValidEnquiry = z.output<typeof EnquiryInputSchema>;
/** An enquiry as received: a visitor's form, or one the server composed (a landed-cost quote). */
export type ReceivedEnquiry = Omit<ValidEnquiry, 'kind'> & { kind: EnquiryKind };

const followUpStatus = z.enum(FOLLOW_UP_STATUSES);

/** An enquiry event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const EnquiryEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('EnquiryReceived'),
    data: z.object({
      enquiryId: z.string(),
      receivedAt: z.string(),
      kind: z.enum(ENQUIRY_KINDS),
      fullName: z.string(),
      phone: z.string(),
      email: z.string().optional(),
      subject: z.string(),
      message: z.string().optional(),
      preferredDate: z.string().optional(),
      details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      sourcePath: z.string().optional(),
      /** The site's language as the visitor used it; absent in enquiries sent before the site sent it, which were in English. */
      language: z.enum(SITE_LANGUAGES).optional(),
    } satisfies Record<keyof ReceivedEnquiry | 'enquiryId' | 'receivedAt', z.ZodType>),
  }),
  z.object({ type: z.literal('EnquiryStatusChanged'), data: z.object({ enquiryId: z.string(), from: followUpStatus, to: followUpStatus, changedAt: z.string() }) }),
  z.object({ type: z.literal('EnquiryNoteAdded'), data: z.object({ enquiryId: z.string(), text: z.string(), addedAt: z.string() }) }),
]);
export type EnquiryEvent = z.infer<typeof EnquiryEventSchema>;
export type EnquiryReceived = Extract<EnquiryEvent, { type: 'EnquiryReceived' }>;
export type EnquiryStatusChanged = Extract<EnquiryEvent, { type: 'EnquiryStatusChanged' }>;
export type EnquiryNoteAdded = Extract<EnquiryEvent, { type: 'EnquiryNoteAdded' }>;

export const ENQUIRY_EVENT_TYPES = eventTypesOf(EnquiryEventSchema);

export const enquiryStreamId = (enquiryId: string) => `enquiry-${enquiryId}`;

export interface EnquiryState {
  /** Null until the enquiry was received. */
  enquiryId: string | null;
  status: FollowUpStatus;
}

export const initialEnquiryState: EnquiryState = { enquiryId: null, status: 'new' };

export function evolveEnquiry(state: EnquiryState, event: EnquiryEvent): EnquiryState {
  switch (event.type) {
    case 'EnquiryReceived':
      return { enquiryId: event.data.enquiryId, status: 'new' };
    case 'EnquiryStatusChanged':
      return { ...state, status: event.data.to };
    case 'EnquiryNoteAdded':
      return state;
  }
}

export const foldEnquiry = (events: readonly EnquiryEvent[]) => events.reduce(evolveEnquiry, initialEnquiryState);

export const enquiryDecider: Decider<EnquiryState, EnquiryEvent> = { eventSchema: EnquiryEventSchema, initialState: initialEnquiryState, evolve: evolveEnquiry };

export type EnquiryCommand = { type: 'ReceiveEnquiry'; enquiryId: string; input: ReceivedEnquiry; now: Date } | FollowUpCommand;



/** An enquiry is received once into a new stream; staff then follow it up (decideFollowUp). */
export function decideEnquiry(command: EnquiryCommand, state: EnquiryState): EnquiryEvent[] {
  if (command.type === 'ReceiveEnquiry') {
    if (state.enquiryId !== null) throw new AlreadyExists('enquiry', command.enquiryId);
    return [{ type: 'EnquiryReceived', data: { enquiryId: command.enquiryId, receivedAt: command.now.toISOString(), ...command.input } }];
  }
  if (state.enquiryId === null) throw new NotFound('enquiry');
  const { enquiryId } = state;
  const change = decideFollowUp(command, state.status);
  if (!change) return [];
  return change.type === 'StatusChanged'
    ? [{ type: 'EnquiryStatusChanged', data: { enquiryId, from: change.from, to: change.to, changedAt: change.at } }]
    : [{ type: 'EnquiryNoteAdded', data: { enquiryId, text: change.text, addedAt: change.at } }];
}
