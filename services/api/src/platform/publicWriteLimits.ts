import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emailKey, phoneKey } from '@autobest/domain';
import type { Limit } from './limits';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface PublicWriteLimit {
  /** Per client address, every request counted (also refused ones) before its body is read. */
  perAddress: Limit;
  /** Per mailbox given in the request (normalised), counted once the fields are valid. */
  perEmail?: Limit;
  /** Per phone given in the request (normalised), counted once the fields are valid. */
  perPhone?: Limit;
}

/**
 * Every public write's limits, in one place. A real person stays far below them: a family sends two cars, fixes a
 * typo and sends again; a buyer enquires about a handful of cars and reserves a few. One address may be many people
 * (mobile carriers share addresses), so the limits per address are looser than those per email or phone, which are
 * what stop one mailbox being sent confirmation after confirmation. Analytics batches come every few seconds from
 * every open page. `PUBLIC_WRITE_LIMIT_SCALE` multiplies every count.
 */
export const PUBLIC_WRITE_LIMITS = {
  'sell-car': { perAddress: { max: 6, windowMs: HOUR }, perEmail: { max: 4, windowMs: DAY }, perPhone: { max: 4, windowMs: DAY } },
  'trade-in': { perAddress: { max: 6, windowMs: HOUR }, perEmail: { max: 4, windowMs: DAY }, perPhone: { max: 4, windowMs: DAY } },
  'contact-message': { perAddress: { max: 10, windowMs: HOUR }, perEmail: { max: 5, windowMs: DAY }, perPhone: { max: 5, windowMs: DAY } },
  enquiry: { perAddress: { max: 20, windowMs: HOUR }, perEmail: { max: 10, windowMs: DAY }, perPhone: { max: 10, windowMs: DAY } },
  reservation: { perAddress: { max: 20, windowMs: HOUR }, perEmail: { max: 10, windowMs: DAY }, perPhone: { max: 10, windowMs: DAY } },
  analytics: { perAddress: { max: 300, windowMs: MINUTE } },
  // Tara: a visitor opens a few conversations and writes a few dozen messages an hour; each conversation is also
  // limited on its own (CHAT_MESSAGES_PER_CONVERSATION in the assistant's routes). A hand-off emails staff.
  'chat-start': { perAddress: { max: 30, windowMs: HOUR } },
  'chat-message': { perAddress: { max: 300, windowMs: HOUR } },
  'chat-handoff': { perAddress: { max: 10, windowMs: HOUR }, perEmail: { max: 5, windowMs: DAY }, perPhone: { max: 5, windowMs: DAY } },
  /** A staff member choosing a password with an emailed link: a few tries (the token itself cannot be guessed). */
  'set-password': { perAddress: { max: 10, windowMs: 15 * MINUTE } },
} as const satisfies Record<string, PublicWriteLimit>;

export type PublicWrite = keyof typeof PUBLIC_WRITE_LIMITS;

const scaled = (app: FastifyInstance, limit: Limit): Limit => ({
  max: Math.max(1, Math.round(limit.max * app.config.publicWriteLimitScale)),
  windowMs: limit.windowMs,
});

/** The route option (`config: perAddressLimit(app, 'enquiry')`) that limits a public write per client address. */
export function perAddressLimit(app: FastifyInstance, write: PublicWrite) {
  const { max, windowMs } = scaled(app, PUBLIC_WRITE_LIMITS[write].perAddress);
  return { rateLimit: { max, timeWindow: windowMs } };
}

/** Redis keys hold a digest, not the address or number itself. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Counts a valid request against its email's and phone's limits (those the table gives it); over either, a 429 with
 * Retry-After is thrown, and the caller must keep nothing of the request.
 */
export async function consumePerContact(
  app: FastifyInstance,
  reply: FastifyReply,
  write: PublicWrite,
  contact: { email?: string | null | undefined; phone?: string | null | undefined },
): Promise<void> {
  const limits: PublicWriteLimit = PUBLIC_WRITE_LIMITS[write];
  if (limits.perEmail && contact.email) await app.limits.consume(reply, `${write}-email`, digest(emailKey(contact.email)), scaled(app, limits.perEmail));
  if (limits.perPhone && contact.phone) await app.limits.consume(reply, `${write}-phone`, digest(phoneKey(contact.phone)), scaled(app, limits.perPhone));
}
