import { z } from 'zod';
import type { DomainEvent } from '../platform/events';

/**
 * A WhatsApp message of the outbox (issue 41). pending: recorded, not yet accepted by the Cloud API (retried with
 * back-off); sent, delivered, read: as the API and its webhooks said; failed: refused for this recipient, out of
 * attempts, or reported failed by a webhook (with its error code); withdrawn: never sent, because its request was
 * deleted or its owner replied STOP while it waited.
 */
export const WHATSAPP_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'withdrawn'] as const;
export type WhatsAppMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

/**
 * The message templates we send; each one's approved name in the WhatsApp Business account is configuration.
 * confirmation and status: a sell-car or trade-in request's; reservation-confirmation: a reservation request's;
 * lead-confirmation: a hand-off from Tara's; follow-up-status: a status change of either of those two.
 */
export const WHATSAPP_TEMPLATES = ['confirmation', 'status', 'reservation-confirmation', 'lead-confirmation', 'follow-up-status'] as const;
export type WhatsAppTemplate = (typeof WHATSAPP_TEMPLATES)[number];

/** The first message about a request: its status updates wait until it is no longer pending. */
export const WHATSAPP_CONFIRMATION_TEMPLATES: readonly WhatsAppTemplate[] = ['confirmation', 'reservation-confirmation', 'lead-confirmation'];

/** Why a withdrawn message did not go out, as the outbox shows it. */
export const WHATSAPP_WITHDRAWN_DELETED = 'Not sent: the request was deleted before this message went out';
export const WHATSAPP_WITHDRAWN_STOPPED = 'Not sent: the recipient stopped WhatsApp updates (replied STOP or used the status page)';

/**
 * The number as the Cloud API wants it: E.164 digits, no plus. Local Nigerian numbers (0803 555 0142) take the
 * country code in place of their leading 0, as most numbers people type on our forms are; `+` or `00` numbers keep
 * theirs, without the trunk 0 people often keep after it (`+44 (0)20 ...`, `+234 (0)803 ...`, `+234 0803 ...`), which
 * the number dialled from abroad does not have. Null when what is left cannot be a phone number (E.164 has 8 to 15
 * digits with its country code).
 */
export function whatsappNumber(phone: string): string | null {
  const trimmed = phone.trim().replace(/\(\s*0\s*\)/g, '');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0') && digits.length === 11) {
    digits = `234${digits.slice(1)}`;
  }
  // A Nigerian number whose trunk 0 stayed after the country code.
  if (/^2340\d{10}$/.test(digits)) digits = `234${digits.slice(4)}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A reply that ends the updates: STOP, in any case, alone on its line (with spaces or a full stop). */
export const isStopReply = (text: string) => /^\s*stop[\s.!]*$/i.test(text);

/** Who wrote a customer's WhatsApp reply, as a request's notes show it beside staff's. */
export const WHATSAPP_REPLY_AUTHOR = 'Customer on WhatsApp';

/**
 * The fields of a customer's text reply on WhatsApp, as the request or lead it is about records it (each stream's own
 * event adds its id): the message id the webhook named it by, the phone in E.164 digits, what they wrote (theirs: shown
 * as a note, quoted and defanged in emails, never trusted) and when WhatsApp says they sent it.
 */
export const whatsappReplyFields = {
  waMessageId: z.string(),
  phone: z.string(),
  text: z.string(),
  receivedAt: z.string(),
};

/** What one delivery status of a webhook says about a message we sent. */
const WebhookStatusSchema = z.looseObject({
  id: z.string().max(200),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z.array(z.looseObject({ code: z.number().int(), title: z.string().max(500).optional(), message: z.string().max(1000).optional() })).max(10).optional(),
});

/** A message a person sent to our number; only text matters here (STOP, or a reply for their request's history). */
const WebhookIncomingMessageSchema = z.looseObject({
  from: z.string().max(40),
  id: z.string().max(200),
  timestamp: z.string().max(20).optional(),
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
});

/**
 * The body Meta posts to the webhook (Cloud API, `messages` field): each change's value carries delivery statuses of
 * what we sent and the messages people sent us. Other fields are kept as they come and not read.
 */
export const WhatsAppWebhookSchema = z.looseObject({
  object: z.string().max(100),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(100).optional(),
        changes: z
          .array(
            z.looseObject({
              field: z.string().max(100),
              value: z.looseObject({
                statuses: z.array(WebhookStatusSchema).max(1000).optional(),
                messages: z.array(WebhookIncomingMessageSchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsAppWebhook = z.output<typeof WhatsAppWebhookSchema>;

/** GET /api/whatsapp/webhook: Meta's verification handshake. */
export const WhatsAppVerificationQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

export const WHATSAPP_STATUS_LABELS: Record<WhatsAppMessageStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  withdrawn: 'Withdrawn',
};

/** A WhatsApp message of the outbox, as staff read it. A status link among the parameters shows `[redacted]` for its token. */
export const OutboxWhatsAppMessageSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    status: z.enum(WHATSAPP_MESSAGE_STATUSES),
    /** When it reached its status: sent, delivered, read or failed; null while pending or once withdrawn. */
    statusAt: z.string().nullable(),
    to: z.string().describe('E.164 digits'),
    template: z.enum(WHATSAPP_TEMPLATES),
    language: z.string(),
    parameters: z.array(z.string()),
    relatedId: z.string().nullable().describe('The request the message is about'),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable().describe('When a pending message is tried (again)'),
    transport: z.string().nullable().describe("'cloud-api' or 'log' (no WhatsApp settings: recorded only), once sent"),
    waMessageId: z.string().nullable().describe('The id the Cloud API gave the message; its webhooks name it by this'),
    lastError: z.string().nullable().describe("The API's answer to the last failed attempt, or the failure a webhook reported"),
    errorCode: z.number().int().nullable(),
  })
  .meta({ id: 'OutboxWhatsAppMessage' });

export type OutboxWhatsAppMessage = z.output<typeof OutboxWhatsAppMessageSchema>;

/**
 * Staff sent a failed WhatsApp message again, recorded on the message's stream `whatsapp-message-{id}` for the
 * activity trail, as EmailRetryRequested is for emails. The outbox row stays the message's state.
 */
export type WhatsAppRetryRequested = DomainEvent<'WhatsAppRetryRequested', { messageId: string; attemptsBefore: number }>;

export const whatsappMessageStreamId = (messageId: string) => `whatsapp-message-${messageId}`;
