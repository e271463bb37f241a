import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@autobest/db';

export const SESSION_COOKIE = 'autobest_session';

export interface StaffIdentity {
  id: string;
  email: string;
  displayName: string;
  role: string;
}

/** Only a digest of the token is stored: a leaked sessions table opens no session. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openSession(db: Db, staffUserId: string, ttlHours: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db.insertInto('staff_sessions').values({ token_hash: digest(token), staff_user_id: staffUserId, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string): Promise<StaffIdentity | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_user_id')
    .select(['staff_users.id', 'staff_users.email', 'staff_users.display_name', 'staff_users.role'])
    .where('staff_sessions.token_hash', '=', digest(token))
    .where('staff_sessions.expires_at', '>', new Date())
    .where('staff_users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, displayName: row.display_name, role: row.role } : undefined;
}

export async function closeSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', digest(token)).execute();
}

export async function closeExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('staff_sessions').where('expires_at', '<=', new Date()).execute();
}
