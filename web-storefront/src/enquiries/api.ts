import type { EnquiryInput } from '@autobest/domain/enquiries';
import { postJson } from '../api/client';

export type SendEnquiryResult = { ok: true; id: string } | { ok: false; status: number; message: string; fields?: Record<string, string> };

/**
 * Sends a deal, rental, lease, service-booking or insurance-quote enquiry. Use one idempotency key (8-100 letters,
 * digits, _ or -; `crypto.randomUUID()` fits) for every retry of one send: the API answers a retry of the same
 * enquiry with the first id instead of recording it twice. Never throws: a network failure is `status: 0`, and a
 * 400 carries the form's message per field in `fields`.
 */
export async function sendEnquiry(input: EnquiryInput, idempotencyKey: string): Promise<SendEnquiryResult> {
  const result = await postJson<{ id: string }>('/api/enquiries', input, { headers: { 'Idempotency-Key': idempotencyKey } });
  if (result.ok) return { ok: true, id: result.data.id };
  const { message, fields } = result.error;
  return fields ? { ok: false, status: result.status, message, fields } : { ok: false, status: result.status, message };
}
