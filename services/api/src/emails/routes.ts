import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, notFound } from '../platform/errors';
import { idList, likePattern, pageOf, sendContentRange, simpleRestListQuery } from '../platform/simpleRest';

const SentEmailSchema = z
  .object({
    id: z.string(),
    sentAt: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    transport: z.string(),
    relatedId: z.string().nullable(),
    text: z.string(),
    html: z.string(),
  })
  .meta({ id: 'SentEmail' });

const ListQuery = simpleRestListQuery(['sentAt', 'to', 'template'], z.object({ q: z.string().trim().max(200).optional(), relatedId: z.string().max(64).optional(), id: idList.optional() }));
const SORT = { sentAt: 'sent_at', to: 'to_address', template: 'template' } as const;
const uuidish = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** What the notifier sent to whom (read-only). */
export const sentEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sent-emails',
    { schema: { tags: ['emails'], summary: 'Emails sent, newest first', querystring: ListQuery, response: { 200: z.array(SentEmailSchema), ...errorResponses } } },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = pageOf(range);
      let query = app.db.selectFrom('sent_emails');
      if (filter?.q) query = query.where(sql<boolean>`(to_address || ' ' || subject || ' ' || coalesce(related_id, '')) ilike ${likePattern(filter.q)}`);
      if (filter?.relatedId) query = query.where('related_id', '=', filter.relatedId);
      if (filter?.id) {
        const ids = filter.id.filter((id) => uuidish.test(id));
        query = query.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
      }
      const [column, direction] = sort ? ([SORT[sort[0]], sort[1] === 'ASC' ? 'asc' : 'desc'] as const) : (['sent_at', 'desc'] as const);
      const [rows, counted] = await Promise.all([
        query.selectAll().orderBy(column, direction).orderBy('id', direction).offset(page.offset).limit(page.limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      sendContentRange(reply, 'sent-emails', page, rows.length, Number(counted.total));
      return rows.map(toRecord);
    },
  );

  app.get(
    '/api/admin/sent-emails/:id',
    { schema: { tags: ['emails'], summary: 'One sent email', params: z.object({ id: z.string() }), response: { 200: SentEmailSchema, ...errorResponses } } },
    async (request) => {
      const row = uuidish.test(request.params.id) ? await app.db.selectFrom('sent_emails').selectAll().where('id', '=', request.params.id).executeTakeFirst() : undefined;
      if (!row) throw notFound('Email');
      return toRecord(row);
    },
  );
};
