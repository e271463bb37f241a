import { z } from 'zod';

/** Who is signed in to the console. */
export const StaffIdentitySchema = z
  .object({ id: z.uuid(), email: z.string(), displayName: z.string(), role: z.string() })
  .meta({ id: 'StaffIdentity' });

export type StaffIdentity = z.output<typeof StaffIdentitySchema>;

export const SignInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
