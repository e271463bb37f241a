import { z } from 'zod';
import type { Decider, DomainEvent } from '../platform/events';
import { isOneLine, withinLength } from '../platform/validation';
import type { MessageCode } from '../platform/messages';

/** The spec's phone shape: an optional leading plus, then at least 10 digits, spaces, dashes or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/** The spec's "simple shape" of an email address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
});

export type ContactMessageInput = z.output<typeof ContactMessageInputSchema>;

export type ContactMessageReceived = DomainEvent<
  'ContactMessageReceived',
  ContactMessageInput & { contactMessageId: string; receivedAt: string }
>;

export type ContactMessageEvent = ContactMessageReceived;

/** A contact message event as stored; typed against ContactMessageEvent, so the two cannot drift apart. */
export const ContactMessageEventSchema: z.ZodType<ContactMessageEvent> = z.object({
  type: z.literal('ContactMessageReceived'),
  data: z.object({
    contactMessageId: z.string(),
    receivedAt: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
  }),
});

export const contactMessageStreamId = (contactMessageId: string) => `contact-message-${contactMessageId}`;

export interface ReceiveContactMessage {
  type: 'ReceiveContactMessage';
  contactMessageId: string;
  input: ContactMessageInput;
  now: Date;
}

/** A contact message's state is its past: the one rule is that it is received once. */
export const contactMessageDecider: Decider<readonly ContactMessageEvent[], ContactMessageEvent> = {
  eventSchema: ContactMessageEventSchema,
  initialState: [],
  evolve: (past, event) => [...past, event],
};

/** A contact message is received once; its stream must be new. */
export function decideContactMessage(command: ReceiveContactMessage, past: readonly ContactMessageEvent[]): ContactMessageEvent[] {
  if (past.length > 0) {
    throw new ContactMessageAlreadyReceived(command.contactMessageId);
  }
  return [
    {
      type: 'ContactMessageReceived',
      data: { contactMessageId: command.contactMessageId, receivedAt: command.now.toISOString(), ...command.input },
    },
  ];
}

export class ContactMessageAlreadyReceived extends Error {
  override readonly name = 'ContactMessageAlreadyReceived';
  constructor(readonly contactMessageId: string) {
    super(`Contact message ${contactMessageId} was already received`);
  }
}
