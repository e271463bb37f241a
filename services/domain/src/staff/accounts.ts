import { z } from 'zod';
import { STAFF_ROLES } from './roles';

/**
 * Staff accounts (issue 17): the console's `staff` resource, the set-password link, one's own password and sessions.
 * Browser-safe: the console uses the same shapes and rules.
 */

/** NIST SP 800-63B: at least 12 characters (we ask more than its 8), room for long passphrases, no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/** A new password as every form takes it; the server also refuses common and breached ones (the list it ships). */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 24;

export const STAFF_ACCOUNT_STATUSES = ['active', 'invited', 'disabled'] as const;
export type StaffAccountStatus = (typeof STAFF_ACCOUNT_STATUSES)[number];

const roleSchema = z.enum(STAFF_ROLES, { error: `Role must be one of: ${STAFF_ROLES.join(', ')}` });

export const StaffAccountSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    /** As stored: a role from before roles existed shows as it is (and may do nothing). */
    role: z.string(),
    status: z.enum(STAFF_ACCOUNT_STATUSES),
    createdAt: z.iso.datetime(),
    lastSignInAt: z.iso.datetime().nullable(),
    /** Signs in with a code from an authenticator app as well as the password. */
    twoFactorEnrolled: z.boolean(),
  })
  .meta({ id: 'StaffAccount' });
export type StaffAccount = z.output<typeof StaffAccountSchema>;

/** What an admin answers after inviting someone or sending a new link: the link too, to pass on when email is slow. */
export const StaffAccountWithLinkSchema = StaffAccountSchema.extend({ setPasswordUrl: z.string() }).meta({ id: 'StaffAccountWithLink' });

export const InviteStaffSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
  role: roleSchema,
});

/** The console's edit sends the whole record; only the role changes here. */
export const ChangeStaffRoleSchema = z.object({ role: roleSchema });

export const SetPasswordSchema = z.object({
  linkId: z.uuid('This link is not valid'),
  token: z.string().min(1, 'This link is not valid').max(200, 'This link is not valid'),
  password: NewPasswordSchema,
});

export const ChangeOwnPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: NewPasswordSchema,
});

export const OwnSessionSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    userAgent: z.string().nullable(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'OwnSession' });
export type OwnSession = z.output<typeof OwnSessionSchema>;

export const staffStreamId = (staffUserId: string) => `staff-${staffUserId}`;

/** Where a set-password link opens: the console's own page, outside its signed-in part. */
export const setPasswordPath = (linkId: string) => `/admin/set-password/${linkId}`;
