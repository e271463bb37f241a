import { z } from 'zod';
import { STAFF_PERMISSIONS } from './roles';
import { TwoFactorCodeSchema } from './twoFactor';

/** Who is signed in to the console, and what their role lets them do (the console hides the rest). */
export const StaffIdentitySchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    displayName: z.string(),
    role: z.string(),
    permissions: z.array(z.enum(STAFF_PERMISSIONS)),
    /** Required and not enrolled: the console shows only the enrolment until it is done (the API refuses the rest). */
    twoFactor: z.object({ enrolled: z.boolean(), required: z.boolean() }),
  })
  .meta({ id: 'StaffIdentity' });

export type StaffIdentity = z.output<typeof StaffIdentitySchema>;

export const SignInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  /** The second step for an enrolled person: a code from the authenticator app, or a recovery code. */
  code: TwoFactorCodeSchema.optional(),
});
