import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SiteLanguage } from '@autobest/domain';

/** A template message as it leaves: to E.164 digits, the approved template's name and language, its body parameters. */
export interface OutgoingWhatsApp {
  to: string;
  templateName: string;
  language: SiteLanguage;
  parameters: string[];
}

export interface WhatsAppSender {
  /** 'log' only logs the message (the outbox keeps it); 'cloud-api' really sends it. */
  readonly transport: 'log' | 'cloud-api';
  /** Resolves with the id the API gave the message (messages[0].id); rejects with a WhatsAppApiError or a network error. */
  send(message: OutgoingWhatsApp): Promise<{ messageId: string }>;
}

/** The Cloud API's error answer: `{"error":{"message","type","code","error_subcode","fbtrace_id"}}` with its HTTP status. */
export class WhatsAppApiError extends Error {
  override readonly name = 'WhatsAppApiError';
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** The longest one send may take: its answer is awaited no longer. */
export const WHATSAPP_SEND_TIMEOUT_MS = 15_000;

export interface CloudApiSettings {
  apiUrl: string;
  token: string | undefined;
  phoneNumberId: string | undefined;
}

const errorOf = (status: number, body: unknown): WhatsAppApiError => {
  const error = (body as { error?: { message?: unknown; code?: unknown; error_subcode?: unknown } } | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const text = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  return new WhatsAppApiError(status, code, `${status}${code !== null ? ` (${code})` : ''}: ${text}`.slice(0, 1_000));
};

/**
 * The WhatsApp Business Cloud API: `POST {base}/{phone-number-id}/messages` with the Bearer token and a template
 * message. Without a token and a phone number id, messages are logged and recorded as sent (transport 'log').
 */
export function createWhatsAppSender({ apiUrl, token, phoneNumberId }: CloudApiSettings, logger: Logger): WhatsAppSender {
  if (!token || !phoneNumberId) {
    return {
      transport: 'log',
      async send(message) {
        logger.info({ to: message.to, template: message.templateName, language: message.language }, 'WhatsApp message recorded (no WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID set)');
        return { messageId: `log-${randomUUID()}` };
      },
    };
  }
  const url = `${apiUrl}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    transport: 'cloud-api',
    async send({ to, templateName, language, parameters }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: {
            name: templateName,
            language: { code: language },
            components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
          },
        }),
        signal: AbortSignal.timeout(WHATSAPP_SEND_TIMEOUT_MS),
      });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) throw errorOf(response.status, body);
      const messageId = (body as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
      if (typeof messageId !== 'string') throw new WhatsAppApiError(response.status, null, `${response.status}: the answer names no message id`);
      return { messageId };
    },
  };
}

/**
 * Error codes that concern this one recipient or message, so trying it again cannot help: 131026 undeliverable (not
 * on WhatsApp, old app, terms not accepted), 100 invalid parameter (a malformed number), 131030 not in the test
 * number's allowed list, 131008/131009 a missing or bad parameter, 131021 sender and recipient the same number,
 * 131051 unsupported message type. Everything else (429, 5xx, throughput limits, and our configuration: an expired
 * token, a template not yet approved) is retried with back-off, so fixing the configuration lets every message through.
 */
const RECIPIENT_ERROR_CODES = new Set([100, 131008, 131009, 131021, 131026, 131030, 131051]);

export const isRecipientError = (error: unknown): error is WhatsAppApiError =>
  error instanceof WhatsAppApiError && error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 429 && error.code !== null && RECIPIENT_ERROR_CODES.has(error.code);
