import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, Db, RecordEvents, RecordsInTransaction, StaffUsersTable } from '@autobest/db';
import {
  PASSWORD_LINK_HOURS,
  setPasswordPath,
  STAFF_UNKNOWN_SIGN_IN_STREAM,
  staffStreamId,
  type EventMetadata,
  type StaffAccount,
  type StaffAccountCreated,
  type StaffAccountEvent,
  type StaffAccountStatus,
  type StaffPasswordLinkIssued,
  type StaffRole,
} from '@autobest/domain';
import { createPasswordLinkTokens } from '@autobest/runtime';
import { hashPassword } from './passwords';
import { passwordProblem } from './passwordPolicy';

/*
 * Staff accounts as the console, the first start and the shell command change them: one set of operations, each in
 * one transaction (recordInTransaction: the rows are the accounts, the events their audit trail), so what an admin
 * sees and what `npm run staff` does cannot differ.
 */

type StaffUserRow = Selectable<StaffUsersTable>;

export const accountStatus = (row: Pick<StaffUserRow, 'disabled_at' | 'password_hash'>): StaffAccountStatus =>
  row.disabled_at ? 'disabled' : row.password_hash === null ? 'invited' : 'active';

export const toStaffAccount = (row: StaffUserRow): StaffAccount => ({
  id: row.id,
  name: row.display_name,
  email: row.email,
  role: row.role,
  status: accountStatus(row),
  createdAt: row.created_at.toISOString(),
  lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  twoFactorEnrolled: row.two_factor_enabled_at !== null,
});

/** Why an account change was refused: the route answers with its status and message, the shell command prints it. */
export class StaffAccountRefused extends Error {
  override readonly name = 'StaffAccountRefused';
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    /** The field the message is about, when it is about one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A password a person chose, held to the rules (passwordPolicy.ts), then hashed. */
export async function acceptablePasswordHash(password: string, field: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new StaffAccountRefused(400, problem, field);
  return hashPassword(password);
}

/** A password made for someone (the first admin, the shell command): 128 random bits, far from any common one. */
export const generatedPassword = () => randomBytes(16).toString('base64url');

const byEmail = (trx: Transaction<Database> | Db, email: string) =>
  trx
    .selectFrom('staff_users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export async function findStaffByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  return byEmail(db, email);
}

/** One admin change at a time, so two admins demoting each other cannot leave the team with none. */
const lockAdmins = (trx: Transaction<Database>) => sql`select pg_advisory_xact_lock(hashtext('autobest:staff-admins'))`.execute(trx);

export interface NewStaffAccount {
  email: string;
  name: string;
  role: StaffRole;
  /** Hashed already (acceptablePasswordHash); none for an invitation. */
  passwordHash: string | null;
}

/** A new account and its StaffAccountCreated, in the caller's transaction; `via` and `metadata` say who made it and how. */
export async function createStaffAccount(
  trx: Transaction<Database>,
  record: RecordEvents,
  account: NewStaffAccount,
  origin: { via: StaffAccountCreated['data']['via']; metadata: EventMetadata },
): Promise<StaffUserRow> {
  if (await byEmail(trx, account.email)) throw new StaffAccountRefused(409, `There is already a staff account for ${account.email}`, 'email');
  const row = await trx
    .insertInto('staff_users')
    .values({ id: randomUUID(), email: account.email.toLowerCase(), display_name: account.name, password_hash: account.passwordHash, role: account.role, disabled_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const event: StaffAccountCreated = { type: 'StaffAccountCreated', data: { staffUserId: row.id, email: row.email, name: row.display_name, role: row.role, via: origin.via } };
  await recordStaffEvent(record, row.id, event, origin.metadata);
  return row;
}

export interface IssuedPasswordLink {
  linkId: string;
  /** The working link, with its token: for the admin who asked or the shell command, never stored. */
  url: string;
  expiresAt: Date;
}

/**
 * A new set-password link for a person, replacing any earlier one (which stops working), and the event that makes the
 * notifier email it. The token is derived from the link's id (passwordLinks.ts), so nothing here stores it.
 */
export async function issuePasswordLink(
  trx: Transaction<Database>,
  record: RecordEvents,
  user: StaffUserRow,
  purpose: 'invite' | 'reset',
  context: { publicUrl: string; secret: string; metadata: EventMetadata },
): Promise<IssuedPasswordLink> {
  const linkId = randomUUID();
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000);
  await trx
    .insertInto('staff_password_links')
    .values({ id: linkId, staff_user_id: user.id, purpose, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('staff_user_id').doUpdateSet({ id: linkId, purpose, expires_at: expiresAt, created_at: new Date() }))
    .execute();
  const event: StaffPasswordLinkIssued = {
    type: 'StaffPasswordLinkIssued',
    data: { staffUserId: user.id, linkId, email: user.email, name: user.display_name, purpose, expiresAt: expiresAt.toISOString() },
  };
  await recordStaffEvent(record, user.id, event, context.metadata);
  const token = createPasswordLinkTokens(context.secret).issue(linkId);
  return { linkId, url: `${context.publicUrl.replace(/\/$/, '')}${setPasswordPath(linkId)}?token=${token}`, expiresAt };
}

/**
 * Records something that happened to a staff account (accountEvents.ts), in the caller's recordInTransaction so the
 * change and its record commit together. `staffUserId` null: a sign-in failure for an email with no account.
 */
export async function recordStaffEvent(record: RecordEvents, staffUserId: string | null, event: StaffAccountEvent, metadata: EventMetadata): Promise<void> {
  await record(staffUserId === null ? STAFF_UNKNOWN_SIGN_IN_STREAM : staffStreamId(staffUserId), [event], metadata);
}

/** Ends every session of a person at once (disabled, password changed elsewhere, reset), or all but one; how many ended. */
export async function endSessions(trx: Transaction<Database> | Db, staffUserId: string, except?: { tokenHash: string }): Promise<number> {
  let query = trx.deleteFrom('staff_sessions').where('staff_user_id', '=', staffUserId);
  if (except) query = query.where('token_hash', '<>', except.tokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function refuseLosingLastAdmin(trx: Transaction<Database>, user: StaffUserRow): Promise<void> {
  if (user.role !== 'admin' || accountStatus(user) !== 'active') return;
  const others = await trx
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('password_hash', 'is not', null)
    .where('id', '<>', user.id)
    .executeTakeFirstOrThrow();
  if (Number(others.count) === 0) {
    throw new StaffAccountRefused(409, `${user.email} is the last active admin: make someone else an admin first, so the team is not locked out of staff accounts`);
  }
}

async function lockedUser(trx: Transaction<Database>, id: string): Promise<StaffUserRow> {
  await lockAdmins(trx);
  const user = await trx.selectFrom('staff_users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!user) throw new StaffAccountRefused(404, 'Staff account was not found');
  return user;
}

export async function changeRole(store: RecordsInTransaction, id: string, role: StaffRole, metadata: EventMetadata): Promise<StaffUserRow> {
  return store.recordInTransaction(async (trx, record) => {
    const user = await lockedUser(trx, id);
    if (user.role === role) return user;
    if (role !== 'admin') await refuseLosingLastAdmin(trx, user);
    await recordStaffEvent(record, id, { type: 'StaffRoleChanged', data: { staffUserId: id, from: user.role, to: role } }, metadata);
    return trx.updateTable('staff_users').set({ role }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  });
}

/** Disabled: no sign-in, and every session ends in the same transaction, so the person's next request is refused. */
export async function disableStaff(store: RecordsInTransaction, id: string, metadata: EventMetadata): Promise<StaffUserRow> {
  return store.recordInTransaction(async (trx, record) => {
    const user = await lockedUser(trx, id);
    if (user.disabled_at) return user;
    await refuseLosingLastAdmin(trx, user);
    const sessionsEnded = await endSessions(trx, id);
    await trx.deleteFrom('staff_password_links').where('staff_user_id', '=', id).execute();
    await recordStaffEvent(record, id, { type: 'StaffDisabled', data: { staffUserId: id, sessionsEnded } }, metadata);
    return trx.updateTable('staff_users').set({ disabled_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  });
}

export async function enableStaff(store: RecordsInTransaction, id: string, metadata: EventMetadata): Promise<StaffUserRow> {
  return store.recordInTransaction(async (trx, record) => {
    const user = await lockedUser(trx, id);
    if (!user.disabled_at) return user;
    await recordStaffEvent(record, id, { type: 'StaffEnabled', data: { staffUserId: id } }, metadata);
    return trx.updateTable('staff_users').set({ disabled_at: null }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  });
}

const linkNotUsable = () => new StaffAccountRefused(400, 'This link has expired or was already used. Ask an admin for a new one.', 'token');

/**
 * A set-password link used: the password is checked, the link deleted (it works once), and every session of the
 * person ends (whoever knew the old password is out). Unknown, used, superseded and expired links get one answer.
 */
export async function usePasswordLink(
  store: RecordsInTransaction,
  secret: string,
  { linkId, token, password }: { linkId: string; token: string; password: string },
  /** The request's metadata for an actor (eventMetadata), told who once the link names them. */
  metadataFor: (actor: EventMetadata['actor']) => EventMetadata,
): Promise<StaffUserRow> {
  if (!createPasswordLinkTokens(secret).verify(linkId, token)) throw linkNotUsable();
  const passwordHash = await acceptablePasswordHash(password, 'password');
  return store.recordInTransaction(async (trx, record) => {
    const link = await trx
      .deleteFrom('staff_password_links')
      .where('id', '=', linkId)
      .where('expires_at', '>', new Date())
      .returning('staff_user_id')
      .executeTakeFirst();
    if (!link) throw linkNotUsable();
    await endSessions(trx, link.staff_user_id);
    const user = await trx
      .updateTable('staff_users')
      .set({ password_hash: passwordHash })
      .where('id', '=', link.staff_user_id)
      .where('disabled_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!user) throw linkNotUsable();
    // Whoever held the link is the person it was made for: the password they chose is their own act.
    const metadata = metadataFor({ kind: 'staff', staffUserId: user.id, email: user.email });
    await recordStaffEvent(record, user.id, { type: 'StaffPasswordSet', data: { staffUserId: user.id, via: 'link' } }, metadata);
    return user;
  });
}
