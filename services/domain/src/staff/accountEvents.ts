import { z } from 'zod';
import { eventTypesOf } from '../platform/events';

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

const id = z.string();
const ofType = <Type extends string, Shape extends z.ZodRawShape>(type: Type, data: Shape) => z.object({ type: z.literal(type), data: z.object(data) });

/**
 * A set-password link was issued: the notifier emails it. No token in it (the deliverer derives the token when it
 * sends the email); the stream is `staff-{staffUserId}`.
 */
export const StaffPasswordLinkIssuedSchema = ofType('StaffPasswordLinkIssued', {
  staffUserId: id,
  linkId: z.string(),
  email: z.string(),
  name: z.string(),
  purpose: z.enum(['invite', 'reset']),
  expiresAt: z.string(),
});

/** A staff account event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const StaffAccountEventSchema = z.discriminatedUnion('type', [
  ofType('StaffAccountCreated', { staffUserId: id, email: z.string(), name: z.string(), role: z.string(), via: z.enum(STAFF_ACCOUNT_ORIGINS) }),
  StaffPasswordLinkIssuedSchema,
  ofType('StaffPasswordSet', { staffUserId: id, via: z.enum(STAFF_PASSWORD_ORIGINS) }),
  ofType('StaffSignedIn', { staffUserId: id, secondFactor: z.enum(STAFF_SECOND_FACTORS).nullable(), userAgent: z.string().nullable() }),
  ofType('StaffSignInFailed', { staffUserId: id.nullable(), attemptedEmail: z.string().nullable(), reason: z.enum(STAFF_SIGN_IN_FAILURES), userAgent: z.string().nullable() }),
  /**
   * Browsers that never signed in to the account used up its budget of sign-in attempts: recorded once a window, so
   * the owner is emailed once. `network` is the network of the attempt that went over (a /24, or a /48 for IPv6), to
   * say roughly where from without keeping an address.
   */
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
  /** The person ended their other sessions from My account. */
  ofType('StaffSessionsEnded', { staffUserId: id, sessionsEnded: z.number() }),
  ofType('StaffMfaEnrolled', { staffUserId: id }),
  ofType('StaffRecoveryCodesRenewed', { staffUserId: id }),
  ofType('StaffRecoveryCodeUsed', { staffUserId: id, remaining: z.number() }),
  ofType('StaffMfaReset', { staffUserId: id, via: z.enum(STAFF_MFA_RESET_ORIGINS) }),
]);
export type StaffAccountEvent = z.infer<typeof StaffAccountEventSchema>;
type StaffAccountEventOf<Type extends StaffAccountEvent['type']> = Extract<StaffAccountEvent, { type: Type }>;
export type StaffAccountCreated = StaffAccountEventOf<'StaffAccountCreated'>;
export type StaffPasswordLinkIssued = StaffAccountEventOf<'StaffPasswordLinkIssued'>;
export type StaffPasswordSet = StaffAccountEventOf<'StaffPasswordSet'>;
export type StaffSignedIn = StaffAccountEventOf<'StaffSignedIn'>;
export type StaffSignInFailed = StaffAccountEventOf<'StaffSignInFailed'>;
export type StaffSignInLimitReached = StaffAccountEventOf<'StaffSignInLimitReached'>;
export type StaffSignedOut = StaffAccountEventOf<'StaffSignedOut'>;
export type StaffRoleChanged = StaffAccountEventOf<'StaffRoleChanged'>;
export type StaffDisabled = StaffAccountEventOf<'StaffDisabled'>;
export type StaffEnabled = StaffAccountEventOf<'StaffEnabled'>;
export type StaffSessionsEnded = StaffAccountEventOf<'StaffSessionsEnded'>;
export type StaffMfaEnrolled = StaffAccountEventOf<'StaffMfaEnrolled'>;
export type StaffRecoveryCodesRenewed = StaffAccountEventOf<'StaffRecoveryCodesRenewed'>;
export type StaffRecoveryCodeUsed = StaffAccountEventOf<'StaffRecoveryCodeUsed'>;
export type StaffMfaReset = StaffAccountEventOf<'StaffMfaReset'>;

export const STAFF_ACCOUNT_EVENT_TYPES = eventTypesOf(StaffAccountEventSchema);

/** `^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$`, each character read one way (as EMAIL_PATTERN): linear in the email's length. */
const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
/** What a failed sign-in keeps of the email typed: the email if it looks like one (lowercased), nothing otherwise. */
export const attemptedEmail = (typed: string): string | null => {
  const email = typed.trim().toLowerCase();
  return email.length <= 254 && EMAIL_SHAPE.test(email) ? email : null;
};
