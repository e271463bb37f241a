import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailKey, phoneKey } from '@autobest/domain';
import type { Attempt, Limit } from './limits';

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
  // Batches, counted before the body is read; what they may store is ANALYTICS_LIMITS'.
  analytics: { perAddress: { max: 300, windowMs: MINUTE } },
  // Tara: a visitor opens a few conversations and writes a few dozen messages an hour; each conversation is also
  // limited on its own (CHAT_MESSAGES_PER_CONVERSATION in the assistant's routes). A hand-off emails staff.
  'chat-start': { perAddress: { max: 30, windowMs: HOUR } },
  'chat-message': { perAddress: { max: 300, windowMs: HOUR } },
  'chat-handoff': { perAddress: { max: 10, windowMs: HOUR }, perEmail: { max: 5, windowMs: DAY }, perPhone: { max: 5, windowMs: DAY } },
  /**
   * Meta's webhooks (issue 41): delivery statuses and replies arrive in bursts from a few of Meta's addresses, signed,
   * so the limit only stops a flood of forgeries from costing us more than a signature check each.
   */
  'whatsapp-webhook': { perAddress: { max: 1200, windowMs: MINUTE } },
  /**
   * Photos sent one by one, resumably (submissions/resumablePhotos.ts): starting one counts here, six a form, a few
   * replaced, a few forms from one shared address; every byte of them is also bounded by 5 MB an upload, and an upload
   * expires in a day. Resuming (HEAD, PATCH) and giving one up (DELETE) count apart, since a phone on a poor network
   * may resume each photo many times.
   */
  'photo-upload': { perAddress: { max: 60, windowMs: HOUR } },
  'photo-upload-resume': { perAddress: { max: 1200, windowMs: HOUR } },
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

/** One attempt of a public write against its limit per client address. */
const addressAttempt = (app: FastifyInstance, write: PublicWrite, request: FastifyRequest): Attempt => ({
  name: `address-${write}`,
  key: digest(request.clientNetwork),
  limit: scaled(app, PUBLIC_WRITE_LIMITS[write].perAddress),
});

/**
 * The route hook (`onRequest: sharedAddressLimit(app, 'sell-car')`) that limits a public write per client address with
 * ONE count for every route given it: a write offered by two routes (a sell-car request as multipart or naming its
 * uploads; tus' HEAD, PATCH and DELETE) must not get the limit once per route. @fastify/rate-limit keeps a count per
 * route whatever its `groupId`, so this counts with `app.limits`, under the write's name, as the plugin does: before
 * the body is read, refused ones too, allowed while Redis does not answer.
 */
export function sharedAddressLimit(app: FastifyInstance, write: PublicWrite) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await app.limits.consumeAll(reply, [addressAttempt(app, write, request)]);
  };
}

/**
 * What one analytics row costs beyond its text: the id, two timestamps, the tuple header and its entries in the three
 * indexes. Measured: 100,000 page views whose text (session id, event, properties) is 65 bytes take 263 bytes each.
 */
const ANALYTICS_ROW_BYTES = 200;

/**
 * What analytics may store, per client network and per session (the storefront's id for a tab; a client picks its
 * own, so only the limits per address hold against a client that makes up a new one for each batch). An event is
 * counted as `ANALYTICS_ROW_BYTES` plus its text: session id (at most 64), event name (at most 27) and properties (at
 * most ANALYTICS_PROPERTIES_MAX_BYTES, 1024), so at most 1,315 bytes. One address therefore stores at most
 * 300 × 1,315 B ≈ 0.4 MB a minute (it was 300 batches of 64 KB, about 19 MB) and 4 MB a day, whichever comes first.
 * A visit is far below: page views and clicks of about 250 bytes each, a few a minute, a few dozen a visit, so 4 MB
 * is some 450 visits a day from one address, and one tab's 250 KB some 1,000 events.
 */
export const ANALYTICS_LIMITS = {
  eventsPerAddress: { max: 300, windowMs: MINUTE },
  bytesPerAddress: { max: 4_000_000, windowMs: DAY },
  eventsPerSession: { max: 120, windowMs: MINUTE },
  bytesPerSession: { max: 250_000, windowMs: DAY },
} as const satisfies Record<string, Limit>;

/** The bytes `ANALYTICS_LIMITS` counts for one stored event. */
export const analyticsRowBytes = (row: { session_id: string; event: string; properties: string }) =>
  ANALYTICS_ROW_BYTES + Buffer.byteLength(row.session_id) + Buffer.byteLength(row.event) + Buffer.byteLength(row.properties);

/**
 * Counts a valid analytics batch against what its client network and its session may store, the four limits in one
 * round trip to Redis; over any, a 429 with Retry-After is thrown, and the caller must store none of the batch. While Redis cannot count, batches are refused
 * (503), unlike the forms': a lost page view costs nothing, and storing uncounted ones would reopen the disk to a flood.
 * Redis holds two counters a day per session id a client makes up; the bytes a day per address bound how many
 * (4 MB / 219 B, about 18,000 keys, some 3.5 MB of Redis an address a day).
 */
export async function consumeAnalytics(app: FastifyInstance, reply: FastifyReply, clientNetwork: string, sessionId: string, batch: { events: number; bytes: number }): Promise<void> {
  const address = digest(clientNetwork);
  const session = digest(sessionId);
  await app.limits.consumeAll(
    reply,
    [
      { name: 'analytics-events-address', key: address, limit: scaled(app, ANALYTICS_LIMITS.eventsPerAddress), cost: batch.events },
      { name: 'analytics-bytes-address', key: address, limit: scaled(app, ANALYTICS_LIMITS.bytesPerAddress), cost: batch.bytes },
      { name: 'analytics-events-session', key: session, limit: scaled(app, ANALYTICS_LIMITS.eventsPerSession), cost: batch.events },
      { name: 'analytics-bytes-session', key: session, limit: scaled(app, ANALYTICS_LIMITS.bytesPerSession), cost: batch.bytes },
    ],
    'refuse',
  );
}

/** The writes limited per email and phone as well as per address. */
type ContactWrite = { [Write in PublicWrite]: (typeof PUBLIC_WRITE_LIMITS)[Write] extends { perEmail: Limit } ? Write : never }[PublicWrite];

/** Whom a public write reaches: the email and phone its body gives (absent or empty ones are not counted). */
interface Contact {
  email?: string | null | undefined;
  phone?: string | null | undefined;
}

/** The requests whose contact `perAddressAndContact` has counted already, so `consumePerContact` does not count it twice. */
const contactCounted = new WeakSet<FastifyRequest>();

function contactAttempts(app: FastifyInstance, write: PublicWrite, contact: Contact): Attempt[] {
  const limits: PublicWriteLimit = PUBLIC_WRITE_LIMITS[write];
  const attempts: Attempt[] = [];
  if (limits.perEmail && contact.email) attempts.push({ name: `${write}-email`, key: digest(emailKey(contact.email)), limit: scaled(app, limits.perEmail) });
  if (limits.perPhone && contact.phone) attempts.push({ name: `${write}-phone`, key: digest(phoneKey(contact.phone)), limit: scaled(app, limits.perPhone) });
  return attempts;
}

/**
 * The route options (`...perAddressAndContact(app, 'enquiry')`) of a public JSON write limited per client address and
 * per the `email` and `phone` its body gives, counted in ONE round trip to Redis instead of two (issue 37; measured,
 * the API's CPU per command did not show it through bench:events' spread, but each request waits one Redis round trip
 * fewer). The address comes first, so a request over it is refused before its contact is counted. Every request counts
 * against its address, refused ones too: the route takes `attachValidation`, and one whose fields are invalid is
 * counted, then answered its 400 as any other. One that carries an Idempotency-Key counts only its address here; its
 * contact is counted by `consumePerContact` in `createOnce`'s create, so that a retry of an answered request costs its
 * contact nothing. The trade-off: the address is counted once the body is read (at most the body limit), not before; a
 * body that is not JSON at all is refused without a count.
 */
export function perAddressAndContact(app: FastifyInstance, write: ContactWrite) {
  return {
    attachValidation: true,
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const attempts = [addressAttempt(app, write, request)];
      const { validationError } = request;
      if (!validationError && request.headers['idempotency-key'] === undefined) {
        attempts.push(...contactAttempts(app, write, request.body as Contact));
        contactCounted.add(request);
      }
      await app.limits.consumeAll(reply, attempts);
      if (validationError) throw validationError;
    },
  } as const;
}

/**
 * Counts a valid request against its email's and phone's limits (those the table gives it), both in one round trip to
 * Redis, unless `perAddressAndContact` has counted them already; over either, a 429 with Retry-After is thrown, and the
 * caller must keep nothing of the request.
 */
export async function consumePerContact(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, write: PublicWrite, contact: Contact): Promise<void> {
  if (contactCounted.has(request)) return;
  const attempts = contactAttempts(app, write, contact);
  if (attempts.length > 0) await app.limits.consumeAll(reply, attempts);
}
