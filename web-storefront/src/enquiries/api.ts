import type { EnquiryInput } from '@autobest/domain/enquiries';
import type { EnquiryCreated } from '@autobest/domain/enquiries/contracts';
import { postJson } from '../api/client';
import { currentLanguage } from '../i18n';
import { fieldMessagesOf, type FieldMessages } from '../api/domainMessages';

export type SendEnquiryResult =
  | { ok: true; id: string }
  | { ok: false; status: number; message: string; fields?: FieldMessages; retryAfterSeconds?: number | undefined };

/**
 * Sends a deal, rental, lease, service-booking or insurance-quote enquiry, with the site's language (the visitor's
 * confirmation is written in it). Use one idempotency key (8-100 letters,
 * digits, _ or -; `crypto.randomUUID()` fits) for every retry of one send: the API answers a retry of the same
 * enquiry with the first id instead of recording it twice. Never throws: a network failure is `status: 0`, a
 * 400 carries the form's message per field (code, values, English) in `fields`, and a 429 says when to try again in `retryAfterSeconds`.
 */
export async function sendEnquiry(input: EnquiryInput, idempotencyKey: string): Promise<SendEnquiryResult> {
  const result = await postJson<EnquiryCreated>('/api/enquiries', { ...input, language: input.language ?? currentLanguage() }, { headers: { 'Idempotency-Key': idempotencyKey } });
  if (result.ok) return { ok: true, id: result.data.id };
  const { message, fields } = result.error;
  const { status, retryAfterSeconds } = result;
  return fields ? { ok: false, status, message, fields: fieldMessagesOf(result.error), retryAfterSeconds } : { ok: false, status, message, retryAfterSeconds };
}
