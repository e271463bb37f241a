// No zod here: the console imports these without the schemas.

/**
 * Where staff stand with a request a person sent (an enquiry, a contact message, a reservation request): nobody has
 * answered yet, someone has been in touch, or it is done.
 */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

/**
 * A move staff may make: any status to another, except back to new. New means nobody has answered the person yet (the
 * QA checks count on it); a closed request is reopened as contacted.
 */
export const isAllowedFollowUpMove = (from: FollowUpStatus, to: FollowUpStatus) => from !== to && to !== 'new';

/** How long a new request may wait for its first answer: the contact page promises one within 24 hours. */
export const FOLLOW_UP_ANSWER_HOURS = 24;
