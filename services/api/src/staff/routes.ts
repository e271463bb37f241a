import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, errorResponses } from '../platform/errors';
import { verifyPassword } from './passwords';
import { closeSession, openSession, SESSION_COOKIE } from './sessions';

const StaffIdentitySchema = z
  .object({ id: z.uuid(), email: z.string(), displayName: z.string(), role: z.string() })
  .meta({ id: 'StaffIdentity' });

const SignInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});

/** One answer for unknown email and wrong password alike: no hint which part was wrong. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');

export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/session',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['staff'],
        summary: 'Sign in; sets the HttpOnly session cookie',
        body: SignInSchema,
        response: { 200: StaffIdentitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await app.db
        .selectFrom('staff_users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', request.body.email.toLowerCase()))
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      const valid = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !valid) throw invalidCredentials();

      const session = await openSession(app.db, user.id, app.config.sessionTtlHours);
      reply.setCookie(SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.cookieSecure,
        path: '/',
        expires: session.expiresAt,
      });
      request.log.info({ staffUserId: user.id }, 'staff signed in');
      return { id: user.id, email: user.email, displayName: user.display_name, role: user.role };
    },
  );

  app.get(
    '/api/admin/session',
    {
      schema: {
        tags: ['staff'],
        summary: 'Who is signed in',
        response: { 200: StaffIdentitySchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.staff) throw new HttpError(401, 'unauthorized', 'Sign in required');
      return request.staff;
    },
  );

  app.delete(
    '/api/admin/session',
    {
      schema: {
        tags: ['staff'],
        summary: 'Sign out',
        response: { 204: z.null().describe('Signed out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await closeSession(app.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: app.config.cookieSecure });
      return reply.code(204).send(null);
    },
  );
};
