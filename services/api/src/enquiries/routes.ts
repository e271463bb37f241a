import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EnquiriesTable } from '@autobest/db';
import {
  ChangeEnquiryStatusSchema,
  decideEnquiry,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  EnquiryCreatedSchema,
  EnquiryInputSchema,
  EnquirySchema,
  enquiryStreamId,
  isUuid,
} from '@autobest/domain';
import { errorResponses, notFound } from '../platform/errors';
import { IdempotencyKeyHeaders, IdempotencyKeyReusedResponse } from '../platform/idempotency';
import { createOnce, handleCommand, STREAMS } from '../platform/commands';
import { consumePerContact, perAddressLimit } from '../platform/publicWriteLimits';
import { simpleRestList } from '../platform/simpleRest';

const enquiries = simpleRestList({
  resource: 'enquiries',
  from: (db) => db.selectFrom('enquiries'),
  sortable: {
    receivedAt: 'received_at',
    kind: 'kind',
    status: 'status',
    fullName: 'full_name',
    subject: 'subject',
    email: 'email',
    phone: 'phone',
    preferredDate: 'preferred_date',
    lastUpdated: 'last_updated',
  },
  defaultSort: ['receivedAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', id::text, full_name, phone, email, subject, message, details::text) ilike ${pattern}` },
  filters: {
    kind: z.enum(ENQUIRY_KINDS, { error: `Kind must be one of: ${ENQUIRY_KINDS.join(', ')}` }).optional(),
    status: z.enum(ENQUIRY_STATUSES, { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
  },
  where(query, { kind, status }) {
    let narrowed = query;
    if (kind) narrowed = narrowed.where('kind', '=', kind);
    if (status) narrowed = narrowed.where('status', '=', status);
    return narrowed;
  },
  uuidIds: true,
  toRecord: toEnquiry,
});

const IdParams = z.object({ id: z.string().max(64) });
const expectedVersion = z.int().min(0).optional().describe('The version the staff member saw; a newer stream answers 409');

/** The storefront's deal, rental, lease, service and insurance buttons send enquiries; staff work them in the console. */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['enquiries'];

  const currentRecord = async (id: string) => {
    const row = isUuid(id) ? await app.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Enquiry');
    return toEnquiry(row);
  };

  app.post(
    '/api/enquiries',
    {
      // Each enquiry emails staff and the address given: a public form must not become a mail cannon.
      config: perAddressLimit(app, 'enquiry'),
      schema: {
        tags,
        summary: 'Send an enquiry: a deal, a rental or lease, a service booking or an insurance quote',
        headers: IdempotencyKeyHeaders,
        body: EnquiryInputSchema,
        response: { 201: EnquiryCreatedSchema, ...IdempotencyKeyReusedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created } = await createOnce(
        app,
        request,
        reply,
        { scope: 'enquiry', key: request.headers['idempotency-key'], content: () => JSON.stringify(request.body), answer: EnquiryCreatedSchema },
        async () => {
          await consumePerContact(app, reply, 'enquiry', { email: request.body.email, phone: request.body.phone });
          const enquiryId = randomUUID();
          await handleCommand(app, request, STREAMS.enquiry, enquiryStreamId(enquiryId), (state) => decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input: request.body, now: new Date() }, state), { by: 'visitor' });
          return { id: enquiryId };
        },
      );
      return reply.send(created);
    },
  );

  app.get(
    '/api/admin/enquiries',
    {
      schema: {
        tags,
        summary: 'List enquiries (ra-data-simple-rest), newest first',
        querystring: enquiries.querystring,
        response: { 200: z.array(EnquirySchema), ...errorResponses },
      },
    },
    async (request, reply) => enquiries.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/enquiries/:id',
    { schema: { tags, summary: 'One enquiry, with its version and status history', params: IdParams, response: { 200: EnquirySchema, ...errorResponses } } },
    async (request) => currentRecord(request.params.id),
  );

  app.post(
    '/api/admin/enquiries/:id/status',
    {
      schema: {
        tags,
        summary: 'Change the status (any to any); answers the updated enquiry',
        params: IdParams,
        body: ChangeEnquiryStatusSchema.extend({ expectedVersion }),
        response: { 200: EnquirySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Enquiry');
      await handleCommand(app, request, STREAMS.enquiry, enquiryStreamId(id), (state) => decideEnquiry({ type: 'ChangeEnquiryStatus', status: request.body.status, now: new Date() }, state), {
        by: 'staff',
        expectedVersion: request.body.expectedVersion,
        readYourWrite: true,
      });
      return currentRecord(id);
    },
  );
};

function toEnquiry(row: Selectable<EnquiriesTable>) {
  return {
    id: row.id,
    kind: row.kind,
    fullName: row.full_name,
    phone: row.phone,
    email: row.email,
    subject: row.subject,
    message: row.message,
    preferredDate: row.preferred_date,
    details: row.details,
    sourcePath: row.source_path,
    status: row.status,
    receivedAt: new Date(row.received_at).toISOString(),
    lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
    version: row.version,
    history: row.status_history,
  };
}
