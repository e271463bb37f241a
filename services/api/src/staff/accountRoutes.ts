import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  ChangeOwnPasswordSchema,
  ChangeStaffRoleSchema,
  InviteStaffSchema,
  OwnSessionSchema,
  SetPasswordSchema,
  StaffAccountSchema,
  StaffAccountWithLinkSchema,
  STAFF_ROLES,
} from '@autobest/domain';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { perAddressLimit } from '../plugins/publicWriteLimits';
import { simpleRestList } from '../http/simpleRest';
import { eventMetadata } from '../plugins/infrastructure';
import { requireStaff, staffEventMetadata } from '../plugins/auth';
import {
  acceptablePasswordHash,
  changeRole,
  createStaffAccount,
  disableStaff,
  enableStaff,
  endSessions,
  issuePasswordLink,
  recordStaffEvent,
  toStaffAccount,
  usePasswordLink,
} from './accounts';
import { verifyPassword } from './passwords';
import { countOwnPasswordCheck } from './routes';
import { sessionCookieName, sessionDigest } from './sessions';

const ADMINS_ONLY = { staffPermission: 'staff.manage' } as const;
const OWN_ACCOUNT = { staffPermission: 'self' } as const;
const idParams = z.object({ id: z.uuid('Not a staff account id') });

const staffList = simpleRestList({
  resource: 'staff',
  from: (db) => db.selectFrom('staff_users'),
  sortable: { name: 'display_name', email: 'email', role: 'role', createdAt: 'created_at', lastSignInAt: 'last_sign_in_at' },
  defaultSort: ['name', 'ASC'],
  search: { maxLength: 100, matches: (pattern) => sql<boolean>`(display_name ilike ${pattern} or email ilike ${pattern})` },
  filters: { role: z.enum(STAFF_ROLES).optional() },
  where: (query, filter) => (filter.role ? query.where('role', '=', filter.role) : query),
  uuidIds: true,
  toRecord: toStaffAccount,
});

/**
 * Staff accounts (issue 17). Admins manage everyone's (`staff.manage`); every person manages their own password and
 * sessions (`self`); the set-password link works without a session.
 */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkContext = (request: Parameters<typeof eventMetadata>[0]) => ({
    publicUrl: app.config.publicUrl,
    secret: app.config.statusTokenSecret,
    metadata: staffEventMetadata(request),
  });

  app.get(
    '/api/admin/staff',
    {
      config: ADMINS_ONLY,
      schema: { tags: ['staff'], summary: 'Staff accounts', querystring: staffList.querystring, response: { 200: z.array(StaffAccountSchema), ...errorResponses } },
    },
    async (request, reply) => staffList.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/staff/:id',
    { config: ADMINS_ONLY, schema: { tags: ['staff'], summary: 'One staff account', params: idParams, response: { 200: StaffAccountSchema, ...errorResponses } } },
    async (request) => {
      const row = await app.db.selectFrom('staff_users').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Staff account');
      return toStaffAccount(row);
    },
  );

  app.post(
    '/api/admin/staff',
    {
      config: ADMINS_ONLY,
      schema: {
        tags: ['staff'],
        summary: 'Invite someone: the account has no password until they choose one with the emailed link (24 hours)',
        body: InviteStaffSchema,
        response: { 201: StaffAccountWithLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const context = linkContext(request);
      const { row, link } = await app.eventStore.recordInTransaction(async (trx, record) => {
        const created = await createStaffAccount(trx, record, { ...request.body, passwordHash: null }, { via: 'invite', metadata: context.metadata });
        return { row: created, link: await issuePasswordLink(trx, record, created, 'invite', context) };
      });
      return reply.code(201).send({ ...toStaffAccount(row), setPasswordUrl: link.url });
    },
  );

  app.put(
    '/api/admin/staff/:id',
    {
      config: ADMINS_ONLY,
      schema: { tags: ['staff'], summary: 'Change a person\'s role', params: idParams, body: ChangeStaffRoleSchema, response: { 200: StaffAccountSchema, ...errorResponses } },
    },
    async (request) => toStaffAccount(await changeRole(app.eventStore, request.params.id, request.body.role, staffEventMetadata(request))),
  );

  app.post(
    '/api/admin/staff/:id/disable',
    {
      config: ADMINS_ONLY,
      schema: { tags: ['staff'], summary: 'Disable an account: no sign-in, and every session of the person ends at once', params: idParams, response: { 200: StaffAccountSchema, ...errorResponses } },
    },
    async (request) => toStaffAccount(await disableStaff(app.eventStore, request.params.id, staffEventMetadata(request))),
  );

  app.post(
    '/api/admin/staff/:id/enable',
    {
      config: ADMINS_ONLY,
      schema: { tags: ['staff'], summary: 'Enable a disabled account', params: idParams, response: { 200: StaffAccountSchema, ...errorResponses } },
    },
    async (request) => toStaffAccount(await enableStaff(app.eventStore, request.params.id, staffEventMetadata(request))),
  );

  app.post(
    '/api/admin/staff/:id/password-link',
    {
      config: ADMINS_ONLY,
      schema: {
        tags: ['staff'],
        summary: 'Email a new set-password link (24 hours); an earlier link stops working',
        params: idParams,
        response: { 200: StaffAccountWithLinkSchema, ...errorResponses },
      },
    },
    async (request) => {
      const context = linkContext(request);
      const { row, link } = await app.eventStore.recordInTransaction(async (trx, record) => {
        const user = await trx.selectFrom('staff_users').selectAll().where('id', '=', request.params.id).executeTakeFirst();
        if (!user) throw notFound('Staff account');
        if (user.disabled_at) throw new HttpError(409, 'conflict', 'This account is disabled: enable it first');
        return { row: user, link: await issuePasswordLink(trx, record, user, user.password_hash === null ? 'invite' : 'reset', context) };
      });
      return { ...toStaffAccount(row), setPasswordUrl: link.url };
    },
  );

  app.post(
    '/api/admin/set-password',
    {
      // Opened from the emailed link, signed in or not: the link is what proves who it is for.
      config: { publicStaffRoute: true, ...OWN_ACCOUNT, ...perAddressLimit(app, 'set-password') },
      schema: {
        tags: ['staff'],
        summary: 'Choose a password with a set-password link (works once); every session of the account ends',
        body: SetPasswordSchema,
        response: { 200: z.object({ email: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await usePasswordLink(app.eventStore, app.config.statusTokenSecret, request.body, (actor) => eventMetadata(request, actor));
      request.log.info({ staffUserId: user.id }, 'staff password set with a link');
      return { email: user.email };
    },
  );

  app.put(
    '/api/admin/account/password',
    {
      config: OWN_ACCOUNT,
      schema: {
        tags: ['staff'],
        summary: 'Change one\'s own password (the current one required); one\'s other sessions end',
        body: ChangeOwnPasswordSchema,
        response: { 204: z.null().describe('Changed'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      await countOwnPasswordCheck(app, reply, staff.id);
      const row = await app.db.selectFrom('staff_users').select('password_hash').where('id', '=', staff.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash ?? undefined, request.body.currentPassword))) {
        throw new HttpError(400, 'validation_failed', 'The current password is not right', { currentPassword: 'The current password is not right' });
      }
      const passwordHash = await acceptablePasswordHash(request.body.newPassword, 'newPassword');
      const current = { tokenHash: sessionDigest(request.cookies[sessionCookieName(app.config.cookieSecure)]!) };
      await app.eventStore.recordInTransaction(async (trx, record) => {
        await trx.updateTable('staff_users').set({ password_hash: passwordHash }).where('id', '=', staff.id).execute();
        await endSessions(trx, staff.id, current);
        await recordStaffEvent(record, staff.id, { type: 'StaffPasswordSet', data: { staffUserId: staff.id, via: 'own' } }, staffEventMetadata(request));
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/account/sessions',
    {
      config: OWN_ACCOUNT,
      schema: { tags: ['staff'], summary: 'One\'s own sessions that are still open, newest first', response: { 200: z.array(OwnSessionSchema), ...errorResponses } },
    },
    async (request) => {
      const staff = requireStaff(request);
      const current = sessionDigest(request.cookies[sessionCookieName(app.config.cookieSecure)]!);
      const now = Date.now();
      const rows = await app.db
        .selectFrom('staff_sessions')
        .selectAll()
        .where('staff_user_id', '=', staff.id)
        .where('expires_at', '>', new Date(now))
        .where('last_seen_at', '>', new Date(now - app.config.sessionIdleMinutes * 60_000))
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at.toISOString(),
        lastSeenAt: row.last_seen_at.toISOString(),
        userAgent: row.user_agent,
        current: row.token_hash === current,
      }));
    },
  );

  app.delete(
    '/api/admin/account/sessions/:id',
    {
      config: OWN_ACCOUNT,
      schema: { tags: ['staff'], summary: 'End one of one\'s other sessions', params: idParams, response: { 204: z.null().describe('Ended'), ...errorResponses } },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const current = sessionDigest(request.cookies[sessionCookieName(app.config.cookieSecure)]!);
      const session = await app.db
        .selectFrom('staff_sessions')
        .select('token_hash')
        .where('id', '=', request.params.id)
        .where('staff_user_id', '=', staff.id)
        .executeTakeFirst();
      if (!session) throw notFound('Session');
      if (session.token_hash === current) throw new HttpError(409, 'conflict', 'This is the session you are using: sign out to end it');
      await app.eventStore.recordInTransaction(async (trx, record) => {
        const ended = await trx.deleteFrom('staff_sessions').where('id', '=', request.params.id).where('staff_user_id', '=', staff.id).executeTakeFirst();
        const sessionsEnded = Number(ended.numDeletedRows);
        if (sessionsEnded > 0) await recordStaffEvent(record, staff.id, { type: 'StaffSessionsEnded', data: { staffUserId: staff.id, sessionsEnded } }, staffEventMetadata(request));
      });
      return reply.code(204).send(null);
    },
  );
};
