import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Transaction } from 'kysely';
import type { Database, Db } from '@autobest/db';

/**
 * The session cookie's name. Secure cookies take the `__Host-` prefix: the browser then accepts the cookie only
 * from https, for path / and with no Domain, so a sibling subdomain or a plain-http page cannot set or shadow it.
 * Plain http (development on this machine) cannot carry the prefix.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-autobest_session' : 'autobest_session');

/** How the session cookie is set and cleared: not readable by scripts, never sent from another site. */
export const sessionCookieOptions = (secure: boolean): CookieSerializeOptions => ({ httpOnly: true, sameSite: 'strict', secure, path: '/' });

export interface StaffIdentity {
  id: string;
  email: string;
  displayName: string;
  role: string;
  /** Signs in with a code from an authenticator app too (confirmed enrolment). */
  twoFactorEnrolled: boolean;
}

/** How often a session in use records that it was used: enough to measure idleness in minutes, cheap per request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Only a digest of the token is stored: a leaked sessions table opens no session. */
export const sessionDigest = (token: string) => createHash('sha256').update(token).digest('hex');
const digest = sessionDigest;

/** Enough of a User-Agent to tell one's browsers apart in the list of one's sessions. */
export const USER_AGENT_MAX_LENGTH = 300;

export async function openSession(db: Db | Transaction<Database>, staffUserId: string, ttlHours: number, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + ttlHours * 3_600_000);
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: digest(token),
      staff_user_id: staffUserId,
      expires_at: expiresAt,
      last_seen_at: new Date(now),
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The staff member of a session that has neither expired nor been idle for `idleMinutes`. Using a session slides
 * its idle deadline; the write happens at most once a minute per session, so most requests only read.
 */
export async function findSession(db: Db, token: string, idleMinutes: number): Promise<StaffIdentity | undefined> {
  const now = Date.now();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_user_id')
    .select(['staff_sessions.token_hash', 'staff_sessions.last_seen_at', 'staff_users.id', 'staff_users.email', 'staff_users.display_name', 'staff_users.role', 'staff_users.two_factor_enabled_at'])
    .where('staff_sessions.token_hash', '=', digest(token))
    .where('staff_sessions.expires_at', '>', new Date(now))
    .where('staff_sessions.last_seen_at', '>', new Date(now - idleMinutes * 60_000))
    .where('staff_users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  if (now - row.last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.updateTable('staff_sessions').set({ last_seen_at: new Date(now) }).where('token_hash', '=', row.token_hash).execute();
  }
  return { id: row.id, email: row.email, displayName: row.display_name, role: row.role, twoFactorEnrolled: row.two_factor_enabled_at !== null };
}

export async function closeSession(db: Db | Transaction<Database>, token: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', digest(token)).execute();
}
