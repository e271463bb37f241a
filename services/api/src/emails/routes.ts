import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, notFound } from '../platform/errors';
import { isUuid, SentEmailSchema } from '@autobest/domain';
import { simpleRestList } from '../platform/simpleRest';

const toRecord = (row: { id: string; sent_at: Date; to_address: string; subject: string; template: string; transport: string; related_id: string | null; text: string; html: string }) => ({
  id: row.id,
  sentAt: row.sent_at.toISOString(),
  to: row.to_address,
  subject: row.subject,
  template: row.template,
  transport: row.transport,
  relatedId: row.related_id,
  text: row.text,
  html: row.html,
});

const sentEmails = simpleRestList({
  resource: 'sent-emails',
  from: (db) => db.selectFrom('sent_emails'),
  sortable: { sentAt: 'sent_at', to: 'to_address', template: 'template' },
  defaultSort: ['sentAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(to_address || ' ' || subject || ' ' || coalesce(related_id, '')) ilike ${pattern}` },
  filters: { relatedId: z.string().max(64).optional() },
  where: (query, filter) => (filter.relatedId ? query.where('related_id', '=', filter.relatedId) : query),
  uuidIds: true,
  toRecord,
});

/** What the notifier sent to whom (read-only). */
export const sentEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sent-emails',
    { schema: { tags: ['emails'], summary: 'Emails sent, newest first', querystring: sentEmails.querystring, response: { 200: z.array(SentEmailSchema), ...errorResponses } } },
    async (request, reply) => sentEmails.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/sent-emails/:id',
    { schema: { tags: ['emails'], summary: 'One sent email', params: z.object({ id: z.string() }), response: { 200: SentEmailSchema, ...errorResponses } } },
    async (request) => {
      const row = isUuid(request.params.id) ? await app.db.selectFrom('sent_emails').selectAll().where('id', '=', request.params.id).executeTakeFirst() : undefined;
      if (!row) throw notFound('Email');
      return toRecord(row);
    },
  );
};
