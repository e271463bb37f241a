import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '@autobest/db';
import { ErrorResponseSchema, HttpError } from './errors';

/** The optional `Idempotency-Key` header of a public POST: a retry with the same key adds nothing. */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8-100 letters, digits, _ or -')
    .optional(),
});

/** The answer to a key sent again with another request, for a route's `response` schema. */
export const IdempotencyKeyReusedResponse = { 422: ErrorResponseSchema } as const;

/** How long a key answers retries; after that the same key starts a new request. */
const IDEMPOTENCY_KEY_HOURS = 24;

/** What a key is bound to: the method, the matched route and the request's content (itself a digest for uploads). */
export function idempotentRequestDigest(request: FastifyRequest, content: string): string {
  return createHash('sha256').update(`${request.method} ${request.routeOptions.url}\n${content}`).digest('hex');
}

export type IdempotencyClaim = { state: 'claimed' } | { state: 'completed'; response: Record<string, unknown> };

/**
 * Claims a client's Idempotency-Key for the request with this digest, or hands back the answer the same
 * request got before. The same key with another request is refused (422) and learns nothing of the first one;
 * a request still running with it is 409. A key older than IDEMPOTENCY_KEY_HOURS is claimed afresh, and the
 * claim sweeps every other expired key, so the table holds a day of keys.
 */
export async function claimIdempotencyKey(db: Db, scope: string, key: string, requestDigest: string): Promise<IdempotencyClaim> {
  const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;
  const claimed = await sql<{ key: string }>`
    with swept as (
      delete from idempotency_keys where created_at < ${expired} and not (scope = ${scope} and key = ${key})
    )
    insert into idempotency_keys (scope, key, request_digest, response) values (${scope}, ${key}, ${requestDigest}, null)
    on conflict (scope, key) do update set request_digest = excluded.request_digest, response = null, created_at = now()
      where idempotency_keys.created_at < ${expired}
    returning key`.execute(db);
  if (claimed.rows.length > 0) return { state: 'claimed' };

  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['request_digest', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (existing && existing.request_digest !== requestDigest) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Send this request with a new key.');
  }
  if (existing?.response) return { state: 'completed', response: existing.response };
  // Running, or released by a failure in the instant since the insert: either way, the retry comes back later.
  throw new HttpError(409, 'request_in_progress', 'This request is still being processed. Try again in a moment.');
}

export async function completeIdempotencyKey(db: Db, scope: string, key: string, response: Record<string, unknown>): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response: JSON.stringify(response) }).where('scope', '=', scope).where('key', '=', key).execute();
}

/** A failed request frees its key, so the owner can fix the form and retry with the same key. */
export async function releaseIdempotencyKey(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('response', 'is', null).execute();
}
