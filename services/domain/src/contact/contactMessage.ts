import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { isOneLine, withinLength } from '../platform/validation';
import type { MessageCode } from '../platform/messages';
import { SITE_LANGUAGES } from '../platform/languages';
import { decideFollowUp, FOLLOW_UP_STATUSES, type FollowUpCommand, type FollowUpStatus } from '../followUps/followUp';

/** The spec's phone shape: an optional leading plus, then at least 10 digits, spaces, dashes or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/**
 * The spec's "simple shape" of an email address, `^[^\s@]+@[^\s@]+\.[^\s@]+$`: some text, an "@", and a domain with a
 * dot that is neither its first nor its last character. Written so that each character can be read only one way (the
 * domain up to its first dot after the first character, then the rest), because the spec's own spelling tries every dot
 * of the domain against every other and took 5 s to refuse `a@` followed by 60,000 dots.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** The language the visitor used on the site, which the storefront sends with what they ask for. */
export const SiteLanguageSchema = z.enum(SITE_LANGUAGES, { error: 'languageInvalid' });

/** One line, unless `freeText` (the message), which keeps its line breaks. */
const requiredText = (required: MessageCode, label: string, max: number, { freeText = false } = {}) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(...withinLength(label, max))
    .refine((value) => freeText || isOneLine(value), 'oneLine');

export const ContactMessageInputSchema = z.object({
  firstName: requiredText('firstNameRequired', 'First name', 100),
  lastName: requiredText('lastNameRequired', 'Last name', 100),
  email: requiredText('emailRequired', 'Email', 254).regex(EMAIL_PATTERN, 'emailInvalid'),
  phone: requiredText('phoneRequired', 'Phone number', 30).regex(PHONE_PATTERN, 'phoneInvalid'),
  message: requiredText('messageRequired', 'Message', 5000, { freeText: true }),
  language: SiteLanguageSchema.optional(),
});

export type ContactMessageInput = z.output<typeof ContactMessageInputSchema>;

const followUpStatus = z.enum(FOLLOW_UP_STATUSES);

/** A contact message event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const ContactMessageEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ContactMessageReceived'),
    data: z.object({
      contactMessageId: z.string(),
      receivedAt: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      message: z.string(),
      /** Absent in messages sent before the site sent it: they were in English. */
      language: z.enum(SITE_LANGUAGES).optional(),
    } satisfies Record<keyof ContactMessageInput | 'contactMessageId' | 'receivedAt', z.ZodType>),
  }),
  z.object({
    type: z.literal('ContactMessageStatusChanged'),
    data: z.object({ contactMessageId: z.string(), from: followUpStatus, to: followUpStatus, changedAt: z.string() }),
  }),
  z.object({ type: z.literal('ContactMessageNoteAdded'), data: z.object({ contactMessageId: z.string(), text: z.string(), addedAt: z.string() }) }),
]);
export type ContactMessageEvent = z.infer<typeof ContactMessageEventSchema>;
export type ContactMessageReceived = Extract<ContactMessageEvent, { type: 'ContactMessageReceived' }>;
export type ContactMessageStatusChanged = Extract<ContactMessageEvent, { type: 'ContactMessageStatusChanged' }>;
export type ContactMessageNoteAdded = Extract<ContactMessageEvent, { type: 'ContactMessageNoteAdded' }>;

export const CONTACT_MESSAGE_EVENT_TYPES = eventTypesOf(ContactMessageEventSchema);

export const contactMessageStreamId = (contactMessageId: string) => `contact-message-${contactMessageId}`;

export interface ContactMessageState {
  /** Null until the message was received. */
  contactMessageId: string | null;
  status: FollowUpStatus;
}

export const initialContactMessageState: ContactMessageState = { contactMessageId: null, status: 'new' };

export function evolveContactMessage(state: ContactMessageState, event: ContactMessageEvent): ContactMessageState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { contactMessageId: event.data.contactMessageId, status: 'new' };
    case 'ContactMessageStatusChanged':
      return { ...state, status: event.data.to };
    case 'ContactMessageNoteAdded':
      return state;
  }
}

export const foldContactMessage = (events: readonly ContactMessageEvent[]) => events.reduce(evolveContactMessage, initialContactMessageState);

export const contactMessageDecider: Decider<ContactMessageState, ContactMessageEvent> = {
  eventSchema: ContactMessageEventSchema,
  initialState: initialContactMessageState,
  evolve: evolveContactMessage,
};

export type ContactMessageCommand = { type: 'ReceiveContactMessage'; contactMessageId: string; input: ContactMessageInput; now: Date } | FollowUpCommand;

/** A contact message is received once into a new stream; staff then follow it up (decideFollowUp). */
export function decideContactMessage(command: ContactMessageCommand, state: ContactMessageState): ContactMessageEvent[] {
  if (command.type === 'ReceiveContactMessage') {
    if (state.contactMessageId !== null) throw new AlreadyExists('contact-message', command.contactMessageId);
    return [{ type: 'ContactMessageReceived', data: { contactMessageId: command.contactMessageId, receivedAt: command.now.toISOString(), ...command.input } }];
  }
  if (state.contactMessageId === null) throw new NotFound('contact-message');
  const { contactMessageId } = state;
  const change = decideFollowUp(command, state.status);
  if (!change) return [];
  return change.type === 'StatusChanged'
    ? [{ type: 'ContactMessageStatusChanged', data: { contactMessageId, from: change.from, to: change.to, changedAt: change.at } }]
    : [{ type: 'ContactMessageNoteAdded', data: { contactMessageId, text: change.text, addedAt: change.at } }];
}


