import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactMessagesTable } from '@autobest/db';
import { ContactMessageCreatedSchema, ContactMessageInputSchema, ContactMessageSchema, contactMessageStreamId, decideContactMessage, STAFF_AREAS, type ContactMessage } from '@autobest/domain';
import { createOnce, handleCommand, STREAMS } from '../http/commands';
import { IdempotencyKeyHeaders, IdempotencyKeyReusedResponse } from '../http/idempotency';
import { errorResponses } from '../http/errors';
import { FOLLOW_UP, FOLLOW_UP_SORTABLE, followUpCsv, followUpFieldsOf, followUpStatusFilter, registerFollowUpRoutes } from '../followUps/routes';
import { consumePerContact, perAddressAndContact } from '../plugins/publicWriteLimits';
import { simpleRestList } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';

const contactMessages = simpleRestList({
  resource: 'contact-messages',
  from: (db) => db.selectFrom('contact_messages'),
  sortable: { ...sortableColumns('received_at', 'first_name', 'last_name', 'email'), ...FOLLOW_UP_SORTABLE },
  defaultSort: ['receivedAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || message) ilike ${pattern}` },
  filters: { status: followUpStatusFilter },
  equals: { status: 'status' },
  uuidIds: true,
  toRecord: toContactMessage,
});

/** The storefront's contact form, and staff following up what arrived. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact-messages',
    {
      ...perAddressAndContact(app, 'contact-message'),
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact page; staff are told, and the sender gets an acknowledgement in `language`',
        description: 'An optional `Idempotency-Key` (the storefront sends one with a message written offline): a retry with the same key and body answers the same 201 with `Idempotent-Replayed: true` and records nothing.',
        headers: IdempotencyKeyHeaders,
        body: ContactMessageInputSchema,
        response: { 201: ContactMessageCreatedSchema, ...IdempotencyKeyReusedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Without a key createOnce only runs the create: no query more than before.
      const { created } = await createOnce(
        app,
        request,
        reply,
        { scope: 'contact-message', key: request.headers['idempotency-key'], content: () => JSON.stringify(request.body), answer: ContactMessageCreatedSchema },
        async () => {
          await consumePerContact(app, request, reply, 'contact-message', { email: request.body.email, phone: request.body.phone });
          const contactMessageId = randomUUID();
          await handleCommand(
            app,
            request,
            STREAMS.contactMessage,
            contactMessageStreamId(contactMessageId),
            (state) => decideContactMessage({ type: 'ReceiveContactMessage', contactMessageId, input: request.body, now: new Date() }, state),
            { by: 'visitor', fresh: true },
          );
          return { id: contactMessageId };
        },
      );
      return reply.send(created);
    },
  );

  registerFollowUpRoutes(app, {
    resource: 'contact-messages',
    permissions: STAFF_AREAS.requests,
    tags: ['contact'],
    noun: 'Contact message',
    statuses: FOLLOW_UP,
    recordSchema: ContactMessageSchema,
    list: contactMessages,
    arrivedAt: 'received_at',
    csv: followUpCsv<Selectable<ContactMessagesTable>>({
      columns: ['ID', 'Received', 'First Name', 'Last Name', 'Email', 'Phone', 'Language', 'Message'],
      cells: (row) => [row.id, new Date(row.received_at).toISOString(), row.first_name, row.last_name, row.email, row.phone, row.language, row.message],
    }),
    followUp: (request, id, command, expectedVersion) =>
      handleCommand(app, request, STREAMS.contactMessage, contactMessageStreamId(id), (state) => decideContactMessage(command, state), { by: 'staff', expectedVersion, readYourWrite: true }),
  });
};

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return { ...fieldsOf(row, ['id', 'first_name', 'last_name', 'email', 'phone', 'message', 'language', 'received_at']), ...followUpFieldsOf(row) };
}
