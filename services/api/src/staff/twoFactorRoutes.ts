import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RecoveryCodesSchema,
  StaffAccountSchema,
  TurnOffTwoFactorSchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
  twoFactorRequiredFor,
  type StaffMfaEnrolled,
  type StaffRecoveryCodesRenewed,
} from '@autobest/domain';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { requireStaff, staffEventMetadata } from '../plugins/auth';
import { recordStaffEvent, toStaffAccount } from './accounts';
import { verifyPassword } from './passwords';
import { countOwnPasswordCheck, SIGN_IN_PER_ACCOUNT } from './routes';
import { acceptAuthenticatorCode, encryptSecret, newEnrolment, recoveryCodesLeft, removeTwoFactor, replaceRecoveryCodes } from './twoFactor';

const OWN_ACCOUNT = { staffPermission: 'self' } as const;
const idParams = z.object({ id: z.uuid('Not a staff account id') });

const wrongCode = () => new HttpError(400, 'validation_failed', 'That code is not right, or was used already', { code: 'That code is not right, or was used already' });

/**
 * Two-factor sign-in (issue 17.3): each person enrols, renews recovery codes and (where their role allows) turns it
 * off from My account; an admin takes it off someone who lost their phone. Codes typed here are limited like attempts
 * at sign-in (SIGN_IN_PER_ACCOUNT), so a stolen session cannot guess codes faster than a stolen password, but on a
 * budget of the person's own: guesses at sign-in from browsers new to the account do not stop its owner managing
 * their second factor, and the owner's right code gives those guesses no new budget.
 */
export const staffTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: FastifyRequest) => {
    const staff = requireStaff(request);
    return app.db.selectFrom('staff_users').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
  };
  /** Counts a code typed by a signed-in person; a right one clears the count. */
  const countAttempt = (reply: FastifyReply, staffUserId: string) => app.limits.consume(reply, 'two-factor-codes', staffUserId, SIGN_IN_PER_ACCOUNT, 'refuse');
  const attemptSucceeded = (staffUserId: string) => app.limits.reset('two-factor-codes', staffUserId);

  app.get(
    '/api/admin/account/two-factor',
    {
      config: OWN_ACCOUNT,
      schema: { tags: ['staff'], summary: 'Whether one signs in with two-factor, whether one\'s role requires it, recovery codes left', response: { 200: TwoFactorStatusSchema, ...errorResponses } },
    },
    async (request) => {
      const user = await me(request);
      return {
        enrolled: user.two_factor_enabled_at !== null,
        required: twoFactorRequiredFor(app.config.staffMfaRequiredFor, user.role),
        recoveryCodesLeft: user.two_factor_enabled_at ? await recoveryCodesLeft(app.db, user.id) : 0,
      };
    },
  );

  app.post(
    '/api/admin/account/two-factor/enrolment',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['staff'],
        summary: 'Start enrolling an authenticator app: a new secret (QR code and key to type); nothing changes at sign-in until a code confirms it',
        response: { 200: TwoFactorEnrolmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await me(request);
      if (user.two_factor_enabled_at) throw new HttpError(409, 'conflict', 'Two-factor sign-in is already on: turn it off first, or renew your recovery codes');
      const enrolment = await newEnrolment(user.email);
      await app.db
        .updateTable('staff_users')
        .set({ two_factor_secret: encryptSecret(app.config.statusTokenSecret, user.id, enrolment.secret), two_factor_last_step: null })
        .where('id', '=', user.id)
        .where('two_factor_enabled_at', 'is', null)
        .execute();
      return enrolment;
    },
  );

  app.post(
    '/api/admin/account/two-factor/enrolment/confirm',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['staff'],
        summary: 'Confirm the enrolment with a code from the app: two-factor sign-in is on; answers the ten recovery codes, once',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      if (user.two_factor_enabled_at) throw new HttpError(409, 'conflict', 'Two-factor sign-in is already on');
      if (!user.two_factor_secret) throw new HttpError(409, 'conflict', 'Start the enrolment first: there is no key to confirm');
      await countAttempt(reply, user.id);
      const recoveryCodes = await app.eventStore.recordInTransaction(async (trx, record) => {
        if (!(await acceptAuthenticatorCode(trx, app.config.statusTokenSecret, user, request.body.code, app.now()))) return null;
        await trx.updateTable('staff_users').set({ two_factor_enabled_at: app.now() }).where('id', '=', user.id).execute();
        const codes = await replaceRecoveryCodes(trx, user.id);
        const event: StaffMfaEnrolled = { type: 'StaffMfaEnrolled', data: { staffUserId: user.id } };
        await recordStaffEvent(record, user.id, event, staffEventMetadata(request));
        return codes;
      });
      if (!recoveryCodes) throw wrongCode();
      await attemptSucceeded(user.id);
      request.log.info({ staffUserId: user.id }, 'staff enrolled two-factor sign-in');
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/account/two-factor/recovery-codes',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['staff'],
        summary: 'Ten new recovery codes (a current code from the app required); the earlier ones stop working',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      if (!user.two_factor_enabled_at) throw new HttpError(409, 'conflict', 'Two-factor sign-in is off: set it up first');
      await countAttempt(reply, user.id);
      const recoveryCodes = await app.eventStore.recordInTransaction(async (trx, record) => {
        if (!(await acceptAuthenticatorCode(trx, app.config.statusTokenSecret, user, request.body.code, app.now()))) return null;
        const codes = await replaceRecoveryCodes(trx, user.id);
        const event: StaffRecoveryCodesRenewed = { type: 'StaffRecoveryCodesRenewed', data: { staffUserId: user.id } };
        await recordStaffEvent(record, user.id, event, staffEventMetadata(request));
        return codes;
      });
      if (!recoveryCodes) throw wrongCode();
      await attemptSucceeded(user.id);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/admin/account/two-factor/turn-off',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['staff'],
        summary: 'Turn two-factor sign-in off (current password and a code required); refused where one\'s role requires it',
        body: TurnOffTwoFactorSchema,
        response: { 204: z.null().describe('Turned off'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      if (!user.two_factor_enabled_at) throw new HttpError(409, 'conflict', 'Two-factor sign-in is already off');
      if (twoFactorRequiredFor(app.config.staffMfaRequiredFor, user.role)) {
        throw new HttpError(409, 'conflict', `Your role (${user.role}) must use two-factor sign-in, so it cannot be turned off. If you lost your phone, use a recovery code or ask another admin to reset it`);
      }
      await countAttempt(reply, user.id);
      await countOwnPasswordCheck(app, reply, user.id);
      if (!(await verifyPassword(user.password_hash ?? undefined, request.body.password))) {
        throw new HttpError(400, 'validation_failed', 'The current password is not right', { password: 'The current password is not right' });
      }
      const turnedOff = await app.eventStore.recordInTransaction(async (trx, record) => {
        if (!(await acceptAuthenticatorCode(trx, app.config.statusTokenSecret, user, request.body.code, app.now()))) return false;
        return removeTwoFactor(trx, record, user, 'own', staffEventMetadata(request));
      });
      if (!turnedOff) throw wrongCode();
      await attemptSucceeded(user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/staff/:id/two-factor/reset',
    {
      config: { staffPermission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Take two-factor sign-in off someone who lost their phone: every session of theirs ends; they sign in with the password and enrol again',
        params: idParams,
        response: { 200: StaffAccountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireStaff(request);
      if (request.params.id === admin.id) {
        throw new HttpError(409, 'conflict', 'This is your own account: renew your recovery codes or turn two-factor sign-in off under My account, or ask another admin');
      }
      const row = await app.eventStore.recordInTransaction(async (trx, record) => {
        const user = await trx.selectFrom('staff_users').selectAll().where('id', '=', request.params.id).forUpdate().executeTakeFirst();
        if (!user) throw notFound('Staff account');
        if (!user.two_factor_enabled_at) throw new HttpError(409, 'conflict', `${user.email} does not use two-factor sign-in`);
        await removeTwoFactor(trx, record, user, 'admin', staffEventMetadata(request));
        return trx.selectFrom('staff_users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      });
      request.log.info({ staffUserId: row.id }, 'two-factor sign-in reset by an admin');
      return toStaffAccount(row);
    },
  );
};
