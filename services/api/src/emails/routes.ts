import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SentEmailsTable } from '@autobest/db';
import { EMAIL_STATUSES, emailStreamId, isUuid, OutboxEmailSchema, STAFF_AREAS, type EmailRetryRequested, type OutboxEmail } from '@autobest/domain';
import { errorResponses, notFound } from '../http/errors';
import { outboxRetry } from '../http/outboxRetry';
import { simpleRestList } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';

const toRecord = (row: Selectable<SentEmailsTable>): OutboxEmail => ({
  ...fieldsOf(row, ['id', 'created_at', 'status', 'attempts', 'last_error']),
  nextAttemptAt: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
  sentAt: row.sent_at?.toISOString() ?? null,
  to: row.to_address,
  ...fieldsOf(row, ['subject', 'template', 'transport', 'message_id', 'related_id', 'text', 'html']),
});

const emails = simpleRestList({
  resource: 'emails',
  from: (db) => db.selectFrom('sent_emails'),
  sortable: { ...sortableColumns('created_at', 'sent_at', 'status', 'attempts'), to: 'to_address', template: 'template' },
  defaultSort: ['createdAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(to_address || ' ' || subject || ' ' || coalesce(related_id, '')) ilike ${pattern}` },
  filters: { relatedId: z.string().max(64).optional(), status: z.enum(EMAIL_STATUSES).optional() },
  equals: { relatedId: 'related_id', status: 'status' },
  uuidIds: true,
  toRecord,
});

const EmailParams = z.object({ id: z.string().max(100) });

/** The email outbox as staff see it (what went, what waits, what failed and why), and a retry for failed emails. */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const retry = outboxRetry(app, app.queues.email, 'sent_emails');

  const findEmail = async (id: string) => {
    const row = isUuid(id) ? await app.db.selectFrom('sent_emails').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Email');
    return row;
  };

  app.get(
    '/api/admin/emails',
    { config: { staffPermission: STAFF_AREAS.emails.read },
      schema: {
        tags: ['emails'],
        summary: 'Emails of the outbox, newest first: pending, sent and failed',
        querystring: emails.querystring,
        response: { 200: z.array(OutboxEmailSchema), ...errorResponses },
      },
    },
    async (request, reply) => emails.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/emails/:id',
    { config: { staffPermission: STAFF_AREAS.emails.read }, schema: { tags: ['emails'], summary: 'One email', params: EmailParams, response: { 200: OutboxEmailSchema, ...errorResponses } } },
    async (request) => toRecord(await findEmail(request.params.id)),
  );

  app.post(
    '/api/admin/emails/:id/retry',
    { config: { staffPermission: STAFF_AREAS.emails.write },
      schema: {
        tags: ['emails'],
        summary: 'Send a failed email again, with a new round of attempts (e.g. once its address is fixed at the mail server)',
        params: EmailParams,
        response: { 200: OutboxEmailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const email = await findEmail(request.params.id);
      const event: EmailRetryRequested = { type: 'EmailRetryRequested', data: { emailId: email.id, attemptsBefore: email.attempts } };
      await retry(request, email, { noun: 'email', withdrawn: 'its request was deleted', streamId: emailStreamId(email.id), event });
      return toRecord(await findEmail(email.id));
    },
  );
};
