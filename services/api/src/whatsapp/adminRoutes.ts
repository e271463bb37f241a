import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WhatsAppMessagesTable } from '@autobest/db';
import {
  isUuid,
  OutboxWhatsAppMessageSchema,
  STAFF_AREAS,
  WHATSAPP_MESSAGE_STATUSES,
  whatsappMessageStreamId,
  whatsappNumber,
  type OutboxWhatsAppMessage,
  type WhatsAppRetryRequested,
} from '@autobest/domain';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { outboxRetry } from '../http/outboxRetry';
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
  // By message id, request id or phone: part of its E.164 digits, or the number as a form took it (0803 555 0142).
  search: {
    maxLength: 200,
    matches: (pattern, term) =>
      sql<boolean>`((to_phone || ' ' || coalesce(wa_message_id, '') || ' ' || coalesce(related_id, '')) ilike ${pattern} or to_phone = ${whatsappNumber(term) ?? ''})`,
  },
  filters: { relatedId: z.string().max(64).optional(), status: z.enum(WHATSAPP_MESSAGE_STATUSES).optional() },
  equals: { relatedId: 'related_id', status: 'status' },
  uuidIds: true,
  toRecord,
});

/** The WhatsApp outbox as staff see it (issue 41): what went, what was delivered and read, what waits, what failed and why, and a retry for failed messages. */
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

  const retry = outboxRetry(app, app.queues.whatsapp, 'whatsapp_messages');
  const findMessage = async (id: string) => {
    const row = isUuid(id) ? await app.db.selectFrom('whatsapp_messages').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('WhatsApp message');
    return row;
  };
  const MessageParams = z.object({ id: z.string().max(100) });

  app.get(
    '/api/admin/whatsapp-messages/:id',
    {
      config: { staffPermission: STAFF_AREAS.emails.read },
      schema: { tags: ['whatsapp'], summary: 'One WhatsApp message', params: MessageParams, response: { 200: OutboxWhatsAppMessageSchema, ...errorResponses } },
    },
    async (request) => toRecord(await findMessage(request.params.id)),
  );

  app.post(
    '/api/admin/whatsapp-messages/:id/retry',
    {
      config: { staffPermission: STAFF_AREAS.emails.write },
      schema: {
        tags: ['whatsapp'],
        summary: 'Send a failed WhatsApp message again, with a new round of attempts (e.g. once the number works on WhatsApp)',
        params: MessageParams,
        response: { 200: OutboxWhatsAppMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const message = await findMessage(request.params.id);
      // Someone who replied STOP (or stopped from the status page) after asking for it gets nothing more; a request
      // asked for after the STOP has its updates (messages written before 0037 have no asked_at: any STOP stops them).
      const stopped = await app.db
        .selectFrom('whatsapp_stops')
        .select('phone')
        .where('phone', '=', message.to_phone)
        .where('stopped_at', '>=', message.asked_at ?? new Date(0))
        .executeTakeFirst();
      if (stopped && message.status === 'failed') throw new HttpError(409, 'conflict', 'Its recipient has stopped WhatsApp updates; this message cannot be sent again');
      const event: WhatsAppRetryRequested = { type: 'WhatsAppRetryRequested', data: { messageId: message.id, attemptsBefore: message.attempts } };
      await retry(request, message, { noun: 'WhatsApp message', withdrawn: 'its request was deleted or its recipient stopped WhatsApp updates', streamId: whatsappMessageStreamId(message.id), event });
      return toRecord(await findMessage(message.id));
    },
  );
};
