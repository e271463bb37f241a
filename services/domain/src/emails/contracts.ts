import { z } from 'zod';

/**
 * pending: recorded, not yet accepted by the mail server (retried with back-off); sent; failed: refused for good or out
 * of attempts; withdrawn: never sent, because the request it was about was deleted while it waited.
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'withdrawn'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed', withdrawn: 'Withdrawn' };

/** Why a withdrawn email did not go out, as the outbox shows it. */
export const WITHDRAWN_EMAIL_REASON = 'Not sent: the request was deleted before this email went out';

/** An email of the outbox, as staff read it. Status links in `text` and `html` show `[redacted]` for the token. */
export const OutboxEmailSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable().describe("The mail server's answer to the last failed attempt, or why it could not be reached"),
    nextAttemptAt: z.string().nullable().describe('When a pending email is tried (again)'),
    sentAt: z.string().nullable(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    transport: z.string().nullable().describe("'smtp' or 'log' (no SMTP_URL: recorded only), once sent"),
    messageId: z.string().nullable(),
    relatedId: z.string().nullable(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'OutboxEmail' });

export type OutboxEmail = z.output<typeof OutboxEmailSchema>;
