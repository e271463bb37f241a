import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EnquiriesTable } from '@autobest/db';
import {
  decideEnquiry,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  EnquiryCreatedSchema,
  EnquiryInputSchema,
  EnquirySchema,
  enquiryStreamId,
  type Enquiry,
  STAFF_AREAS,
} from '@autobest/domain';
import { errorResponses } from '../http/errors';
import { IdempotencyKeyHeaders, IdempotencyKeyReusedResponse } from '../http/idempotency';
import { createOnce, handleCommand, STREAMS } from '../http/commands';
import { FOLLOW_UP, FOLLOW_UP_SORTABLE, followUpCsv, followUpFieldsOf, followUpStatusFilter, registerFollowUpRoutes } from '../followUps/routes';
import { consumePerContact, perAddressAndContact } from '../plugins/publicWriteLimits';
import { dateFilters, simpleRestList, withinDates } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';

const enquiries = simpleRestList({
  resource: 'enquiries',
  from: (db) => db.selectFrom('enquiries'),
  sortable: { ...sortableColumns('received_at', 'kind', 'full_name', 'subject', 'email', 'phone', 'preferred_date'), ...FOLLOW_UP_SORTABLE },
  defaultSort: ['receivedAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', id::text, full_name, phone, email, subject, message, details::text) ilike ${pattern}` },
  filters: {
    kind: z.enum(ENQUIRY_KINDS, { error: `Kind must be one of: ${ENQUIRY_KINDS.join(', ')}` }).optional(),
    status: followUpStatusFilter,
    ...dateFilters,
  },
  equals: { kind: 'kind', status: 'status' },
  where: (query, filter) => withinDates(query, 'received_at', filter),
  uuidIds: true,
  toRecord: toEnquiry,
});

/** The storefront's deal, rental, lease, service and insurance buttons send enquiries; staff work them in the console. */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['enquiries'];

  app.post(
    '/api/enquiries',
    {
      // Each enquiry emails staff and the address given: a public form must not become a mail cannon.
      ...perAddressAndContact(app, 'enquiry'),
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
          await consumePerContact(app, request, reply, 'enquiry', { email: request.body.email, phone: request.body.phone });
          const enquiryId = randomUUID();
          await handleCommand(app, request, STREAMS.enquiry, enquiryStreamId(enquiryId), (state) => decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input: request.body, now: new Date() }, state), { by: 'visitor', fresh: true });
          return { id: enquiryId };
        },
      );
      return reply.send(created);
    },
  );

  registerFollowUpRoutes(app, {
    resource: 'enquiries',
    permissions: STAFF_AREAS.requests,
    tags,
    noun: 'Enquiry',
    statuses: FOLLOW_UP,
    recordSchema: EnquirySchema,
    list: enquiries,
    arrivedAt: 'received_at',
    csv: followUpCsv<Selectable<EnquiriesTable>>({
      columns: ['ID', 'Received', 'Kind', 'Subject', 'Name', 'Phone', 'Email', 'Preferred Date', 'Message', 'Details', 'Sent From'],
      cells: (row) => [
        row.id,
        new Date(row.received_at).toISOString(),
        ENQUIRY_KIND_LABELS[row.kind],
        row.subject,
        row.full_name,
        row.phone,
        row.email ?? '',
        row.preferred_date ?? '',
        row.message ?? '',
        Object.entries(row.details).map(([name, value]) => `${name}: ${value}`).join(' | '),
        row.source_path ?? '',
      ],
    }),
    followUp: (request, id, command, expectedVersion) =>
      handleCommand(app, request, STREAMS.enquiry, enquiryStreamId(id), (state) => decideEnquiry(command, state), { by: 'staff', expectedVersion, readYourWrite: true }),
  });
};

function toEnquiry(row: Selectable<EnquiriesTable>): Enquiry {
  return {
    ...fieldsOf(row, ['id', 'kind', 'full_name', 'phone', 'email', 'subject', 'message', 'preferred_date', 'details', 'source_path', 'received_at']),
    ...followUpFieldsOf(row),
  };
}
