import { z } from 'zod';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attemptedEmail,
  INVALID_TWO_FACTOR_CODE,
  permissionsOf,
  SignInSchema,
  StaffIdentitySchema,
  type StaffIdentity as SessionAnswer,
  type StaffSignedIn,
  type StaffSignedOut,
  type StaffSignInFailed,
  type StaffSignInLimitReached,
  TWO_FACTOR_REQUIRED,
  twoFactorRequiredFor,
} from '@autobest/domain';
import { HttpError, errorResponses } from '../http/errors';
import type { Limit } from '../plugins/limits';
import { requireStaff, staffEventMetadata } from '../plugins/auth';
import { eventMetadata } from '../plugins/infrastructure';
import { recordStaffEvent } from './accounts';
import { verifyPassword } from './passwords';
import { deviceCookieOptions, deviceCookies } from './deviceCookies';
import { closeSession, openSession, sessionCookieName, sessionCookieOptions, USER_AGENT_MAX_LENGTH, type StaffIdentity } from './sessions';
import { acceptAuthenticatorCode, useRecoveryCode } from './twoFactor';

/** Who is signed in, with what their role lets them do, so the console shows only that (and whether it must enrol first). */
const sessionAnswer = (staff: StaffIdentity, requiredFor: readonly string[]): SessionAnswer => ({
  id: staff.id,
  email: staff.email,
  displayName: staff.displayName,
  role: staff.role,
  permissions: permissionsOf(staff.role),
  twoFactor: { enrolled: staff.twoFactorEnrolled, required: twoFactorRequiredFor(requiredFor, staff.role) },
});

/** One answer for unknown email and wrong password alike: no hint which part was wrong. */
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password');
/** The password was right and the account signs in with a second factor: the console asks for the code. */
const codeRequired = () => new HttpError(401, TWO_FACTOR_REQUIRED, 'Enter the 6-digit code from your authenticator app, or a recovery code');
const wrongCode = () =>
  new HttpError(401, INVALID_TWO_FACTOR_CODE, 'That code is not right, or was used already. Enter the current code from your authenticator app, or a recovery code', {
    code: 'That code is not right, or was used already',
  });

/**
 * Sign-in attempts a person needs, and no more: from one address (an office shares one), and against one account
 * (a password guessed from many addresses). Attempts on an account are counted per browser that has signed in to it
 * before (its device cookie: deviceCookies.ts), and together for every other browser: whoever guesses from elsewhere
 * uses up the shared budget, and the owner's own browser still signs in. The owner is emailed once a window when the
 * shared budget runs out. All counted in Redis, so every API process shares them. While Redis cannot count, sign-in is
 * refused (503): the counts run on every attempt and fail closed, since guesses without a limit would make stopping
 * Redis an attack. Staff already signed in keep working (sessions are in PostgreSQL).
 */
const SIGN_IN_PER_ADDRESS = { max: 10, timeWindow: '15 minutes' };
/** Attempts from all the browsers that have not signed in to the account before, together. */
export const SIGN_IN_PER_ACCOUNT: Limit = { max: 5, windowMs: 15 * 60_000 };

/**
 * Counts a check of a signed-in person's own password (changing it, turning two-factor off), on a budget of their own
 * as large as sign-in's that only time clears: a stolen session must not guess the password faster than a sign-in
 * may, nor keep the server's cores busy with argon2. The right password does not reset it, or an attacker could
 * interleave a success they control (their own authenticator's code) between guesses.
 */
export const countOwnPasswordCheck = (app: FastifyInstance, reply: FastifyReply, staffUserId: string) =>
  app.limits.consume(reply, 'own-password', staffUserId, SIGN_IN_PER_ACCOUNT, 'refuse');
/** Attempts from one browser that has (one device cookie); past it that cookie is locked out for the window. */
const SIGN_IN_PER_DEVICE: Limit = { max: 5, windowMs: 15 * 60_000 };

/** Roughly where an attempt came from, without the address: its /24, or /48 for IPv6. */
function addressNetwork(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address).toString();
  return ipaddr.IPv4.isValid(parsed) ? `${ipaddr.IPv4.networkAddressFromCIDR(`${parsed}/24`).toString()}/24` : `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed}/48`).toString()}/48`;
}

export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = deviceCookies(app.config.statusTokenSecret, app.config.cookieSecure);

  app.post(
    '/api/admin/session',
    {
      config: { publicStaffRoute: true, rateLimit: SIGN_IN_PER_ADDRESS },
      schema: {
        tags: ['staff'],
        summary:
          'Sign in; sets the HttpOnly session cookie, and a device cookie that gives this browser its own budget of attempts on this account. An account with two-factor sign-in answers 401 two_factor_required until the same request comes with `code` (authenticator or recovery code)',
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
        await app.eventStore.recordInTransaction((_trx, record) => recordStaffEvent(record, user?.id ?? null, event, eventMetadata(request, { kind: 'visitor' })));
        throw error;
      };
      // Counted before the password is checked, for any email: past the limit even the right password is refused,
      // and an unknown email is answered exactly like a known one. A retired cookie (one replaced at a later sign-in,
      // perhaps copied) counts as none.
      const now = app.now();
      const presented = devices.read(request.cookies, email, now);
      const device = presented && !(await app.limits.isMarked('sign-in-device-retired', presented.nonce)) ? presented : null;
      try {
        if (device) await app.limits.consume(reply, 'sign-in-device', device.nonce, SIGN_IN_PER_DEVICE, 'refuse');
        else await app.limits.consume(reply, 'sign-in-account', email, SIGN_IN_PER_ACCOUNT, 'refuse');
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
        // Marked for any email, known or not, so the answer costs the same Redis round trip either way; an account that
        // cannot sign in (disabled) has nobody to tell.
        const firstInWindow = !device && (await app.limits.mark('sign-in-limit-emailed', email, SIGN_IN_PER_ACCOUNT.windowMs));
        if (firstInWindow && user && !user.disabled_at) {
          const limitReached: StaffSignInLimitReached = {
            type: 'StaffSignInLimitReached',
            data: {
              staffUserId: user.id,
              email: user.email,
              name: user.display_name,
              network: addressNetwork(request.ip),
              attempts: SIGN_IN_PER_ACCOUNT.max,
              windowMinutes: SIGN_IN_PER_ACCOUNT.windowMs / 60_000,
            },
          };
          await app.eventStore.recordInTransaction((_trx, record) => recordStaffEvent(record, user.id, limitReached, eventMetadata(request, { kind: 'visitor' })));
        }
        return refuse('too-many-attempts', error);
      }
      // An invited person who has not chosen a password yet has none to match (a decoy is checked instead).
      const valid = await verifyPassword(user?.password_hash ?? undefined, request.body.password);
      if (!user) return refuse('unknown-account');
      if (!valid) return refuse('wrong-password');
      if (user.disabled_at) return refuse('disabled');
      const enrolled = user.two_factor_enabled_at !== null;
      const { code } = request.body;
      // The password alone is not a sign-in yet: the attempt stays counted, so codes are limited exactly like passwords.
      if (enrolled && code === undefined) throw codeRequired();
      const metadata = eventMetadata(request, { kind: 'staff', staffUserId: user.id, email: user.email });

      // Always a new session id: one the browser already held (perhaps planted by someone else) ends here.
      const cookieName = sessionCookieName(app.config.cookieSecure);
      const session = await app.eventStore.recordInTransaction(async (trx, record) => {
        let secondFactor: StaffSignedIn['data']['secondFactor'] = null;
        if (enrolled && code !== undefined) {
          if (await acceptAuthenticatorCode(trx, app.config.statusTokenSecret, user, code, now)) secondFactor = 'totp';
          else if (await useRecoveryCode(trx, record, user.id, code, metadata, now)) secondFactor = 'recovery-code';
          else return null;
        }
        const previous = request.cookies[cookieName];
        if (previous) await closeSession(trx, previous);
        const opened = await openSession(trx, user.id, app.config.sessionTtlHours, userAgent ?? undefined);
        await trx.updateTable('staff_users').set({ last_sign_in_at: new Date() }).where('id', '=', user.id).execute();
        const event: StaffSignedIn = { type: 'StaffSignedIn', data: { staffUserId: user.id, secondFactor, userAgent } };
        await recordStaffEvent(record, user.id, event, metadata);
        return opened;
      });
      if (!session) return refuse('wrong-code', wrongCode());
      // Only a whole sign-in (password and, where enrolled, a code) clears the count it was counted against, and makes
      // this browser known to the account: a new cookie, its earlier one retired for as long as it would have lived.
      if (device) await app.limits.mark('sign-in-device-retired', device.nonce, device.remainingMs);
      else await app.limits.reset('sign-in-account', email);
      reply.setCookie(cookieName, session.token, { ...sessionCookieOptions(app.config.cookieSecure), expires: session.expiresAt });
      const deviceCookie = devices.issue(email, now);
      reply.setCookie(deviceCookie.name, deviceCookie.value, deviceCookieOptions(app.config.cookieSecure));
      request.log.info({ staffUserId: user.id }, 'staff signed in');
      return sessionAnswer(
        { id: user.id, email: user.email, displayName: user.display_name, role: user.role, twoFactorEnrolled: enrolled },
        app.config.staffMfaRequiredFor,
      );
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
    async (request) => sessionAnswer(requireStaff(request), app.config.staffMfaRequiredFor),
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
      await app.eventStore.recordInTransaction(async (trx, record) => {
        if (token) await closeSession(trx, token);
        const event: StaffSignedOut = { type: 'StaffSignedOut', data: { staffUserId: staff.id } };
        await recordStaffEvent(record, staff.id, event, staffEventMetadata(request));
      });
      reply.clearCookie(cookieName, sessionCookieOptions(app.config.cookieSecure));
      return reply.code(204).send(null);
    },
  );
};
