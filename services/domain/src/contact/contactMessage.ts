import { z } from 'zod';
import type { DomainEvent } from '../platform/events';

export const ContactMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  messageRequired: 'Message is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** The spec's phone shape: an optional leading plus, then at least 10 digits, spaces, dashes or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;
/** The spec's "simple shape" of an email address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (required: string, label: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, ContactMessages.tooLong(label, max));

export const ContactMessageInputSchema = z.object({
  firstName: requiredText(ContactMessages.firstNameRequired, 'First name', 100),
  lastName: requiredText(ContactMessages.lastNameRequired, 'Last name', 100),
  email: requiredText(ContactMessages.emailRequired, 'Email', 254).regex(EMAIL_PATTERN, ContactMessages.emailInvalid),
  phone: requiredText(ContactMessages.phoneRequired, 'Phone number', 30).regex(PHONE_PATTERN, ContactMessages.phoneInvalid),
  message: requiredText(ContactMessages.messageRequired, 'Message', 5000),
});

export type ContactMessageInput = z.output<typeof ContactMessageInputSchema>;

export type ContactMessageReceived = DomainEvent<
  'ContactMessageReceived',
  ContactMessageInput & { contactMessageId: string; receivedAt: string }
>;

export type ContactMessageEvent = ContactMessageReceived;

export const contactMessageStreamId = (contactMessageId: string) => `contact-message-${contactMessageId}`;

export interface ReceiveContactMessage {
  type: 'ReceiveContactMessage';
  contactMessageId: string;
  input: ContactMessageInput;
  now: Date;
}

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
