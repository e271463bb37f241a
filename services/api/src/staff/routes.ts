import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionsOf, SignInSchema, StaffIdentitySchema, type StaffIdentity as SessionAnswer } from '@autobest/domain';
import { HttpError, errorResponses } from '../platform/errors';
import type { Limit } from '../platform/limits';
import { requireStaff } from '../plugins/auth';
import { verifyPassword } from './passwords';
import { closeSession, openSession, sessionCookieName, sessionCookieOptions, type StaffIdentity } from './sessions';

/** Who is signed in, with what their role lets them do, so the console shows only that. */
const sessionAnswer = (staff: StaffIdentity): SessionAnswer => ({ ...staff, permissions: permissionsOf(staff.role) });

/** One answer for unknown email and wrong password alike: no hint which part was wrong. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

/**
 * Sign-in attempts a person needs, and no more: from one address (an office shares one) and against one account
 * (a password guessed from many addresses). Both are counted in Redis, so every API process shares them. While Redis
 * cannot count, sign-in is refused (503): the count per account runs on every attempt and fails closed, since guesses
 * without a limit would make stopping Redis an attack. Staff already signed in keep working (sessions are in PostgreSQL).
 */
const SIGN_IN_PER_ADDRESS = { max: 10, timeWindow: '15 minutes' };
const SIGN_IN_PER_ACCOUNT: Limit = { max: 5, windowMs: 15 * 60_000 };

export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/session',
    {
      config: { publicStaffRoute: true, rateLimit: SIGN_IN_PER_ADDRESS },
      schema: {
        tags: ['staff'],
        summary: 'Sign in; sets the HttpOnly session cookie',
        body: SignInSchema,
        response: { 200: StaffIdentitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // Counted before the password is checked, for any email: past the limit even the right password is refused,
      // and an unknown email is answered exactly like a known one.
      await app.limits.consume(reply, 'sign-in-account', email, SIGN_IN_PER_ACCOUNT, 'refuse');
      const user = await app.db
        .selectFrom('staff_users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      // An invited person who has not chosen a password yet has none to match (a decoy is checked instead).
      const valid = await verifyPassword(user?.password_hash ?? undefined, request.body.password);
      if (!user || !valid) throw invalidCredentials();
      await app.limits.reset('sign-in-account', email);

      // Always a new session id: one the browser already held (perhaps planted by someone else) ends here.
      const cookieName = sessionCookieName(app.config.cookieSecure);
      const previous = request.cookies[cookieName];
      if (previous) await closeSession(app.db, previous);
      const session = await openSession(app.db, user.id, app.config.sessionTtlHours, request.headers['user-agent']);
      await app.db.updateTable('staff_users').set({ last_sign_in_at: new Date() }).where('id', '=', user.id).execute();
      reply.setCookie(cookieName, session.token, { ...sessionCookieOptions(app.config.cookieSecure), expires: session.expiresAt });
      request.log.info({ staffUserId: user.id }, 'staff signed in');
      return sessionAnswer({ id: user.id, email: user.email, displayName: user.display_name, role: user.role });
    },
  );

  app.get(
    '/api/admin/session',
    {
      config: { staffPermission: 'self' },
      schema: {
        tags: ['staff'],
        summary: 'Who is signed in, their role and its permissions',
        response: { 200: StaffIdentitySchema, ...errorResponses },
      },
    },
    async (request) => sessionAnswer(requireStaff(request)),
  );

  app.delete(
    '/api/admin/session',
    {
      config: { staffPermission: 'self' },
      schema: {
        tags: ['staff'],
        summary: 'Sign out',
        response: { 204: z.null().describe('Signed out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const cookieName = sessionCookieName(app.config.cookieSecure);
      const token = request.cookies[cookieName];
      if (token) await closeSession(app.db, token);
      reply.clearCookie(cookieName, sessionCookieOptions(app.config.cookieSecure));
      return reply.code(204).send(null);
    },
  );
};
