import { z } from 'zod';
import { STAFF_PERMISSIONS } from './roles';

/** Who is signed in to the console, and what their role lets them do (the console hides the rest). */
export const StaffIdentitySchema = z
  .object({ id: z.uuid(), email: z.string(), displayName: z.string(), role: z.string(), permissions: z.array(z.enum(STAFF_PERMISSIONS)) })
  .meta({ id: 'StaffIdentity' });

export type StaffIdentity = z.output<typeof StaffIdentitySchema>;

export const SignInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
