import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '@autobest/db';

/** The optional `Idempotency-Key` header of a public POST: a retry with the same key adds nothing. */
export const IdempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8-100 letters, digits, _ or -')
    .optional(),
});

export type IdempotencyClaim = { state: 'claimed' } | { state: 'in-progress' } | { state: 'completed'; response: Record<string, unknown> };

/**
 * Claims a client's Idempotency-Key for this scope, or tells what became of the earlier request with it.
 * With `expiresAfterHours`, an older claim of the key is forgotten and the key starts afresh.
 */
export async function claimIdempotencyKey(db: Db, scope: string, key: string, options: { expiresAfterHours?: number } = {}): Promise<IdempotencyClaim> {
  if (options.expiresAfterHours !== undefined) {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${options.expiresAfterHours})`)
      .execute();
  }
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, response: null })
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { state: 'claimed' };
  const existing = await db.selectFrom('idempotency_keys').select('response').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  return existing?.response ? { state: 'completed', response: existing.response } : { state: 'in-progress' };
}

export async function completeIdempotencyKey(db: Db, scope: string, key: string, response: Record<string, unknown>): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response: JSON.stringify(response) }).where('scope', '=', scope).where('key', '=', key).execute();
}

/** A failed request frees its key, so the owner can fix the form and retry with the same key. */
export async function releaseIdempotencyKey(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('response', 'is', null).execute();
}
