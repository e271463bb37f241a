import type { DomainEvent } from '../platform/events';

/**
 * What staff do to an email of the outbox, recorded on the email's stream `email-{id}` for the activity trail
 * (issue 17.4). The outbox row stays the email's state; the event only says who sent a failed one again, and when.
 */
export type EmailRetryRequested = DomainEvent<'EmailRetryRequested', { emailId: string; attemptsBefore: number }>;

export const emailStreamId = (emailId: string) => `email-${emailId}`;
