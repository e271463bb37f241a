import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WhatsAppMessagesTable } from '@autobest/db';
import { isUuid, OutboxWhatsAppMessageSchema, STAFF_AREAS, WHATSAPP_MESSAGE_STATUSES, type OutboxWhatsAppMessage } from '@autobest/domain';
import { errorResponses, notFound } from '../http/errors';
import { simpleRestList } from '../http/simpleRest';

const iso = (at: Date | null) => at?.toISOString() ?? null;

const toRecord = (row: Selectable<WhatsAppMessagesTable>): OutboxWhatsAppMessage => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  status: row.status,
  statusAt: iso({ pending: null, sent: row.sent_at, delivered: row.delivered_at, read: row.read_at, failed: row.failed_at, withdrawn: null }[row.status]),
  to: row.to_phone,
  template: row.template as OutboxWhatsAppMessage['template'],
  language: row.language,
  parameters: row.parameters,
  relatedId: row.related_id,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  transport: row.transport,
  waMessageId: row.wa_message_id,
  lastError: row.last_error,
  errorCode: row.error_code,
});

const messages = simpleRestList({
  resource: 'whatsapp-messages',
  from: (db) => db.selectFrom('whatsapp_messages'),
  sortable: { createdAt: 'created_at', status: 'status', attempts: 'attempts', to: 'to_phone', template: 'template' },
  defaultSort: ['createdAt', 'DESC'],
  // By phone (as typed: its digits), message id or request id.
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(to_phone || ' ' || coalesce(wa_message_id, '') || ' ' || coalesce(related_id, '')) ilike ${pattern}` },
  filters: { relatedId: z.string().max(64).optional(), status: z.enum(WHATSAPP_MESSAGE_STATUSES).optional() },
  equals: { relatedId: 'related_id', status: 'status' },
  uuidIds: true,
  toRecord,
});

/** The WhatsApp outbox as staff see it (issue 41): what went, what was delivered and read, what waits, what failed and why. Read-only for now. */
export const whatsappAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/whatsapp-messages',
    {
      config: { staffPermission: STAFF_AREAS.emails.read },
      schema: {
        tags: ['whatsapp'],
        summary: 'WhatsApp messages of the outbox, newest first; q searches phone, message id and request id',
        querystring: messages.querystring,
        response: { 200: z.array(OutboxWhatsAppMessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => messages.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/whatsapp-messages/:id',
    {
      config: { staffPermission: STAFF_AREAS.emails.read },
      schema: { tags: ['whatsapp'], summary: 'One WhatsApp message', params: z.object({ id: z.string().max(100) }), response: { 200: OutboxWhatsAppMessageSchema, ...errorResponses } },
    },
    async (request) => {
      const { id } = request.params;
      const row = isUuid(id) ? await app.db.selectFrom('whatsapp_messages').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
      if (!row) throw notFound('WhatsApp message');
      return toRecord(row);
    },
  );
};
