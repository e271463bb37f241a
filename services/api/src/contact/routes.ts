import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageCreatedSchema, ContactMessageInputSchema, ContactMessageSchema, contactMessageStreamId, decideContactMessage, isUuid } from '@autobest/domain';
import { handleCommand, STREAMS } from '../platform/commands';
import { errorResponses, notFound } from '../platform/errors';
import { consumePerContact, perAddressLimit } from '../platform/publicWriteLimits';
import { simpleRestList } from '../platform/simpleRest';

const contactMessages = simpleRestList({
  resource: 'contact-messages',
  from: (db) => db.selectFrom('contact_messages'),
  sortable: { receivedAt: 'received_at', firstName: 'first_name', lastName: 'last_name', email: 'email' },
  defaultSort: ['receivedAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || message) ilike ${pattern}` },
  uuidIds: true,
  toRecord: toContactMessage,
});

/** The storefront's contact form, and the staff list of what arrived. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact-messages',
    {
      config: perAddressLimit(app, 'contact-message'),
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact page',
        body: ContactMessageInputSchema,
        response: { 201: ContactMessageCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumePerContact(app, reply, 'contact-message', { email: request.body.email, phone: request.body.phone });
      const contactMessageId = randomUUID();
      await handleCommand(
        app,
        request,
        STREAMS.contactMessage,
        contactMessageStreamId(contactMessageId),
        (past) => decideContactMessage({ type: 'ReceiveContactMessage', contactMessageId, input: request.body, now: new Date() }, past),
        { by: 'visitor' },
      );
      return reply.code(201).send({ id: contactMessageId });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags: ['contact'],
        summary: 'List contact messages (ra-data-simple-rest), newest first',
        querystring: contactMessages.querystring,
        response: { 200: z.array(ContactMessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => contactMessages.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/contact-messages/:id',
    {
      schema: {
        tags: ['contact'],
        summary: 'One contact message',
        params: z.object({ id: z.string() }),
        response: { 200: ContactMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = isUuid(request.params.id)
        ? await app.db.selectFrom('contact_messages').selectAll().where('id', '=', request.params.id).executeTakeFirst()
        : undefined;
      if (!row) throw notFound('Contact message');
      return toContactMessage(row);
    },
  );
};

function toContactMessage(row: {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  received_at: Date;
}) {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    receivedAt: row.received_at.toISOString(),
  };
}
