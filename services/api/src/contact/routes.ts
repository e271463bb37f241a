import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageInputSchema, contactMessageStreamId, decideContactMessage } from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, notFound } from '../platform/errors';
import { idList, likePattern, pageOf, sendContentRange, simpleRestListQuery } from '../platform/simpleRest';

const ContactMessageSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: 'ContactMessage' });

const SORT_COLUMNS = {
  receivedAt: 'received_at',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  id: 'id',
} as const;

const ListQuery = simpleRestListQuery(['receivedAt', 'firstName', 'lastName', 'email', 'id'], z.object({
  q: z.string().trim().max(200).optional(),
  id: idList.optional(),
}));

const uuidish = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storefront's contact form, and the staff list of what arrived. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact-messages',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact page',
        body: ContactMessageInputSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const contactMessageId = randomUUID();
      const events = decideContactMessage(
        { type: 'ReceiveContactMessage', contactMessageId, input: request.body, now: new Date() },
        [],
      );
      await app.eventStore.append(contactMessageStreamId(contactMessageId), 0, events, eventMetadata(request, { kind: 'visitor' }));
      return reply.code(201).send({ id: contactMessageId });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags: ['contact'],
        summary: 'List contact messages (ra-data-simple-rest), newest first',
        querystring: ListQuery,
        response: { 200: z.array(ContactMessageSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = pageOf(range);
      let query = app.db.selectFrom('contact_messages');
      if (filter?.q) {
        const pattern = likePattern(filter.q);
        query = query.where(sql<boolean>`(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || message) ilike ${pattern}`);
      }
      if (filter?.id) {
        const ids = filter.id.filter((id) => uuidish.test(id));
        query = ids.length > 0 ? query.where('id', 'in', ids) : query.where(sql<boolean>`false`);
      }
      const [column, direction] = sort ? [SORT_COLUMNS[sort[0]], sort[1] === 'ASC' ? 'asc' : 'desc'] as const : (['received_at', 'desc'] as const);
      const [rows, counted] = await Promise.all([
        query
          .selectAll()
          .orderBy(column, direction)
          .orderBy('id', direction)
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      sendContentRange(reply, 'contact-messages', page, rows.length, Number(counted.total));
      return rows.map(toContactMessage);
    },
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
      const row = uuidish.test(request.params.id)
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
