import { z } from 'zod';
import type { DomainEvent } from '../platform/events';
import { StaffPasswordLinkIssuedSchema, type StaffPasswordLinkIssued } from './accounts';

/*
 * What happens to a staff account, recorded as events on the person's stream `staff-{id}` (issue 17.4), in the same
 * transaction as the change itself, so the audit trail cannot miss one. A failed sign-in for an email that has no
 * account goes to STAFF_UNKNOWN_SIGN_IN_STREAM. Who did it is the event's metadata actor, as for every event.
 *
 * Nothing here ever holds a password, a token, a TOTP secret or code, or a recovery code: an email someone typed is
 * kept only when it has the shape of one (attemptedEmail), since people type their password in the email box.
 */

export const STAFF_UNKNOWN_SIGN_IN_STREAM = 'staff-sign-in-unknown';

/** How an account came to be. */
export const STAFF_ACCOUNT_ORIGINS = ['invite', 'shell', 'first-start'] as const;
/** How a password was set: a set-password link, the person's own change (current password given), the shell command. */
export const STAFF_PASSWORD_ORIGINS = ['link', 'own', 'shell'] as const;
/** Why a sign-in was refused (recorded for staff; the person signing in always reads the same message). */
export const STAFF_SIGN_IN_FAILURES = ['unknown-account', 'wrong-password', 'wrong-code', 'too-many-attempts', 'disabled'] as const;
/** The second factor a sign-in used, if any. */
export const STAFF_SECOND_FACTORS = ['totp', 'recovery-code'] as const;
/** Who took two-factor sign-in off an account: the person, another admin, the shell command. */
export const STAFF_MFA_RESET_ORIGINS = ['own', 'admin', 'shell'] as const;

export type StaffAccountCreated = DomainEvent<'StaffAccountCreated', { staffUserId: string; email: string; name: string; role: string; via: (typeof STAFF_ACCOUNT_ORIGINS)[number] }>;
export type StaffPasswordSet = DomainEvent<'StaffPasswordSet', { staffUserId: string; via: (typeof STAFF_PASSWORD_ORIGINS)[number] }>;
export type StaffSignedIn = DomainEvent<'StaffSignedIn', { staffUserId: string; secondFactor: (typeof STAFF_SECOND_FACTORS)[number] | null; userAgent: string | null }>;
export type StaffSignInFailed = DomainEvent<
  'StaffSignInFailed',
  { staffUserId: string | null; attemptedEmail: string | null; reason: (typeof STAFF_SIGN_IN_FAILURES)[number]; userAgent: string | null }
>;
/**
 * Browsers that never signed in to the account used up its budget of sign-in attempts: recorded once a window, so
 * the owner is emailed once. `network` is the network of the attempt that went over (a /24, or a /48 for IPv6), to
 * say roughly where from without keeping an address.
 */
export type StaffSignInLimitReached = DomainEvent<
  'StaffSignInLimitReached',
  { staffUserId: string; email: string; name: string; network: string | null; attempts: number; windowMinutes: number }
>;
export type StaffSignedOut = DomainEvent<'StaffSignedOut', { staffUserId: string }>;
export type StaffRoleChanged = DomainEvent<'StaffRoleChanged', { staffUserId: string; from: string; to: string }>;
export type StaffDisabled = DomainEvent<'StaffDisabled', { staffUserId: string; sessionsEnded: number }>;
export type StaffEnabled = DomainEvent<'StaffEnabled', { staffUserId: string }>;
/** The person ended their other sessions from My account. */
export type StaffSessionsEnded = DomainEvent<'StaffSessionsEnded', { staffUserId: string; sessionsEnded: number }>;
export type StaffMfaEnrolled = DomainEvent<'StaffMfaEnrolled', { staffUserId: string }>;
export type StaffRecoveryCodesRenewed = DomainEvent<'StaffRecoveryCodesRenewed', { staffUserId: string }>;
export type StaffRecoveryCodeUsed = DomainEvent<'StaffRecoveryCodeUsed', { staffUserId: string; remaining: number }>;
export type StaffMfaReset = DomainEvent<'StaffMfaReset', { staffUserId: string; via: (typeof STAFF_MFA_RESET_ORIGINS)[number] }>;

export type StaffAccountEvent =
  | StaffAccountCreated
  | StaffPasswordLinkIssued
  | StaffPasswordSet
  | StaffSignedIn
  | StaffSignInFailed
  | StaffSignInLimitReached
  | StaffSignedOut
  | StaffRoleChanged
  | StaffDisabled
  | StaffEnabled
  | StaffSessionsEnded
  | StaffMfaEnrolled
  | StaffRecoveryCodesRenewed
  | StaffRecoveryCodeUsed
  | StaffMfaReset;

const id = z.string();
const ofType = <Type extends string, Shape extends z.ZodRawShape>(type: Type, data: Shape) => z.object({ type: z.literal(type), data: z.object(data) });

export const StaffAccountEventSchema: z.ZodType<StaffAccountEvent> = z.union([
  ofType('StaffAccountCreated', { staffUserId: id, email: z.string(), name: z.string(), role: z.string(), via: z.enum(STAFF_ACCOUNT_ORIGINS) }),
  StaffPasswordLinkIssuedSchema,
  ofType('StaffPasswordSet', { staffUserId: id, via: z.enum(STAFF_PASSWORD_ORIGINS) }),
  ofType('StaffSignedIn', { staffUserId: id, secondFactor: z.enum(STAFF_SECOND_FACTORS).nullable(), userAgent: z.string().nullable() }),
  ofType('StaffSignInFailed', { staffUserId: id.nullable(), attemptedEmail: z.string().nullable(), reason: z.enum(STAFF_SIGN_IN_FAILURES), userAgent: z.string().nullable() }),
  ofType('StaffSignInLimitReached', {
    staffUserId: id,
    email: z.string(),
    name: z.string(),
    network: z.string().nullable(),
    attempts: z.number(),
    windowMinutes: z.number(),
  }),
  ofType('StaffSignedOut', { staffUserId: id }),
  ofType('StaffRoleChanged', { staffUserId: id, from: z.string(), to: z.string() }),
  ofType('StaffDisabled', { staffUserId: id, sessionsEnded: z.number() }),
  ofType('StaffEnabled', { staffUserId: id }),
  ofType('StaffSessionsEnded', { staffUserId: id, sessionsEnded: z.number() }),
  ofType('StaffMfaEnrolled', { staffUserId: id }),
  ofType('StaffRecoveryCodesRenewed', { staffUserId: id }),
  ofType('StaffRecoveryCodeUsed', { staffUserId: id, remaining: z.number() }),
  ofType('StaffMfaReset', { staffUserId: id, via: z.enum(STAFF_MFA_RESET_ORIGINS) }),
]);

export const STAFF_ACCOUNT_EVENT_TYPES = [
  'StaffAccountCreated',
  'StaffPasswordLinkIssued',
  'StaffPasswordSet',
  'StaffSignedIn',
  'StaffSignInFailed',
  'StaffSignInLimitReached',
  'StaffSignedOut',
  'StaffRoleChanged',
  'StaffDisabled',
  'StaffEnabled',
  'StaffSessionsEnded',
  'StaffMfaEnrolled',
  'StaffRecoveryCodesRenewed',
  'StaffRecoveryCodeUsed',
  'StaffMfaReset',
] as const satisfies ReadonlyArray<StaffAccountEvent['type']>;

/** `^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$`, each character read one way (as EMAIL_PATTERN): linear in the email's length. */
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
/** What a failed sign-in keeps of the email typed: the email if it looks like one (lowercased), nothing otherwise. */
export const attemptedEmail = (typed: string): string | null => {
  const email = typed.trim().toLowerCase();
  return email.length <= 254 && EMAIL_SHAPE.test(email) ? email : null;
};
