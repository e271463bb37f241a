import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SentEmailsTable } from '@autobest/db';
import { EMAIL_STATUSES, emailStreamId, isUuid, OutboxEmailSchema, STAFF_AREAS, type EmailRetryRequested, type OutboxEmail } from '@autobest/domain';
import { ProjectorDoorbell } from '@autobest/runtime';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { simpleRestList } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';
import { staffEventMetadata } from '../plugins/auth';

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
  // The workers send due emails when this rings (or at their safety net's next round, if Redis is away now).
  const doorbell = new ProjectorDoorbell(app.queues.email, app.log);
  app.addHook('onClose', async () => doorbell.settled());

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
      // A pending email is on its way already: asking again (a double click) changes nothing.
      if (email.status === 'pending') return toRecord(email);
      if (email.status === 'sent') throw new HttpError(409, 'conflict', 'This email was sent already; only a failed email can be sent again');
      if (email.status === 'withdrawn') throw new HttpError(409, 'conflict', 'This email was withdrawn because its request was deleted; it cannot be sent');
      const retried = await app.eventStore.recordInTransaction(async (trx, record) => {
        const row = await trx
          .updateTable('sent_emails')
          .set({ status: 'pending', attempts: 0, next_attempt_at: sql<Date>`now()`, claimed_until: null })
          .where('id', '=', email.id)
          .where('status', '=', 'failed')
          .returningAll()
          .executeTakeFirst();
        // Recorded with the change, for the activity trail: who sent it again.
        if (row) {
          const event: EmailRetryRequested = { type: 'EmailRetryRequested', data: { emailId: email.id, attemptsBefore: email.attempts } };
          await record(emailStreamId(email.id), [event], staffEventMetadata(request));
        }
        return row;
      });
      doorbell.ring();
      return toRecord(retried ?? (await findEmail(email.id)));
    },
  );
};
