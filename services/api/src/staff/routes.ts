import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attemptedEmail,
  permissionsOf,
  SignInSchema,
  StaffIdentitySchema,
  type StaffIdentity as SessionAnswer,
  type StaffSignedIn,
  type StaffSignedOut,
  type StaffSignInFailed,
} from '@autobest/domain';
import { ProjectorDoorbell } from '@autobest/projections';
import { HttpError, errorResponses } from '../platform/errors';
import type { Limit } from '../platform/limits';
import { requireStaff } from '../plugins/auth';
import { DOORBELL_SETTLE_MS, eventMetadata } from '../plugins/infrastructure';
import { recordStaffEvent } from './accounts';
import { verifyPassword } from './passwords';
import { closeSession, openSession, sessionCookieName, sessionCookieOptions, USER_AGENT_MAX_LENGTH, type StaffIdentity } from './sessions';

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
  // Sign-ins, refusals and sign-outs are recorded in their own transactions: the projector hears of them after the
  // answer (the activity trail); its safety net finds them if this ring is lost.
  const projectorDoorbell = new ProjectorDoorbell(app.projectorQueue, app.log);
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') projectorDoorbell.ring();
  });
  app.addHook('onClose', async () => projectorDoorbell.settled(DOORBELL_SETTLE_MS));

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
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
      const user = await app.db
        .selectFrom('staff_users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      const refuse = async (reason: StaffSignInFailed['data']['reason'], error: Error = invalidCredentials()): Promise<never> => {
        const event: StaffSignInFailed = {
          type: 'StaffSignInFailed',
          data: { staffUserId: user?.id ?? null, attemptedEmail: attemptedEmail(email), reason, userAgent },
        };
        await recordStaffEvent(app.db, user?.id ?? null, event, eventMetadata(request, { kind: 'visitor' }));
        throw error;
      };
      // Counted before the password is checked, for any email: past the limit even the right password is refused,
      // and an unknown email is answered exactly like a known one.
      try {
        await app.limits.consume(reply, 'sign-in-account', email, SIGN_IN_PER_ACCOUNT, 'refuse');
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) await refuse('too-many-attempts', error);
        throw error;
      }
      // An invited person who has not chosen a password yet has none to match (a decoy is checked instead).
      const valid = await verifyPassword(user?.password_hash ?? undefined, request.body.password);
      if (!user) return refuse('unknown-account');
      if (!valid) return refuse('wrong-password');
      if (user.disabled_at) return refuse('disabled');
      await app.limits.reset('sign-in-account', email);

      // Always a new session id: one the browser already held (perhaps planted by someone else) ends here.
      const cookieName = sessionCookieName(app.config.cookieSecure);
      const previous = request.cookies[cookieName];
      if (previous) await closeSession(app.db, previous);
      const session = await app.db.transaction().execute(async (trx) => {
        const opened = await openSession(trx, user.id, app.config.sessionTtlHours, userAgent ?? undefined);
        await trx.updateTable('staff_users').set({ last_sign_in_at: new Date() }).where('id', '=', user.id).execute();
        const event: StaffSignedIn = { type: 'StaffSignedIn', data: { staffUserId: user.id, secondFactor: null, userAgent } };
        await recordStaffEvent(trx, user.id, event, eventMetadata(request, { kind: 'staff', staffUserId: user.id, email: user.email }));
        return opened;
      });
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
      const staff = requireStaff(request);
      await app.db.transaction().execute(async (trx) => {
        if (token) await closeSession(trx, token);
        const event: StaffSignedOut = { type: 'StaffSignedOut', data: { staffUserId: staff.id } };
        await recordStaffEvent(trx, staff.id, event, eventMetadata(request, { kind: 'staff', staffUserId: staff.id, email: staff.email }));
      });
      reply.clearCookie(cookieName, sessionCookieOptions(app.config.cookieSecure));
      return reply.code(204).send(null);
    },
  );
};
