import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readStream, type Db, type EnquiriesTable } from '@autobest/db';
import {
  ChangeEnquiryStatusSchema,
  decideEnquiry,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  EnquiryInputSchema,
  EnquiryNotFound,
  enquiryStreamId,
  foldEnquiry,
  initialEnquiryState,
  type EnquiryEvent,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, HttpError, notFound } from '../platform/errors';
import { claimIdempotencyKey, completeIdempotencyKey, IdempotencyKeyHeaders, releaseIdempotencyKey } from '../platform/idempotency';
import { idList, likePattern, pageOf, sendContentRange, simpleRestListQuery } from '../platform/simpleRest';

const EnquirySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ENQUIRY_KINDS),
    fullName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    subject: z.string(),
    message: z.string().nullable(),
    preferredDate: z.string().nullable(),
    details: z.record(z.string(), z.union([z.string(), z.number()])),
    sourcePath: z.string().nullable(),
    status: z.enum(ENQUIRY_STATUSES),
    receivedAt: z.iso.datetime(),
    lastUpdated: z.iso.datetime().nullable(),
    version: z.int().describe('Send it back as expectedVersion with a status change'),
    history: z
      .array(z.object({ from: z.enum(ENQUIRY_STATUSES), to: z.enum(ENQUIRY_STATUSES), at: z.iso.datetime(), by: z.string().nullable() }))
      .describe('Status changes, oldest first, with the staff member who made each'),
  })
  .meta({ id: 'Enquiry' });

const SORT_COLUMNS = {
  receivedAt: 'received_at',
  kind: 'kind',
  status: 'status',
  fullName: 'full_name',
  subject: 'subject',
  email: 'email',
  phone: 'phone',
  preferredDate: 'preferred_date',
  lastUpdated: 'last_updated',
  id: 'id',
} as const;

const ListQuery = simpleRestListQuery(
  ['receivedAt', 'kind', 'status', 'fullName', 'subject', 'email', 'phone', 'preferredDate', 'lastUpdated', 'id'],
  z.object({
    q: z.string().trim().max(200).optional(),
    kind: z.enum(ENQUIRY_KINDS, { error: `Kind must be one of: ${ENQUIRY_KINDS.join(', ')}` }).optional(),
    status: z.enum(ENQUIRY_STATUSES, { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` }).optional(),
    id: idList.optional(),
  }),
);

const IdParams = z.object({ id: z.string().max(64) });
const expectedVersion = z.int().min(0).optional().describe('The version the staff member saw; a newer stream answers 409');

const uuidish = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A retry answers the first result only for the same key and the same enquiry, for a day. */
const IDEMPOTENCY_HOURS = 24;
const idempotencyScope = (body: unknown) => `enquiry-${createHash('sha256').update(JSON.stringify(body)).digest('hex')}`;

const enquiryCaughtUp = (db: Db, id: string, version: number) => async () => {
  const row = await db.selectFrom('enquiries').select('version').where('id', '=', id).executeTakeFirst();
  return !row || row.version >= version;
};

/** The storefront's deal, rental, lease, service and insurance buttons send enquiries; staff work them in the console. */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['enquiries'];

  const currentRecord = async (id: string) => {
    const row = uuidish.test(id) ? await app.db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Enquiry');
    return toEnquiry(row);
  };

  app.post(
    '/api/enquiries',
    {
      // Each enquiry emails staff and the address given: a public form must not become a mail cannon.
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Send an enquiry: a deal, a rental or lease, a service booking or an insurance quote',
        headers: IdempotencyKeyHeaders,
        body: EnquiryInputSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const scope = idempotencyScope(request.body);
      if (key) {
        const claim = await claimIdempotencyKey(app.db, scope, key, { expiresAfterHours: IDEMPOTENCY_HOURS });
        if (claim.state === 'in-progress') {
          throw new HttpError(409, 'request_in_progress', 'This request is still being processed. Try again in a moment.');
        }
        if (claim.state === 'completed') {
          return reply.code(201).header('Idempotent-Replayed', 'true').send(claim.response as { id: string });
        }
      }
      try {
        const enquiryId = randomUUID();
        const events = decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input: request.body, now: new Date() }, initialEnquiryState);
        await app.eventStore.append(enquiryStreamId(enquiryId), 0, events, eventMetadata(request, { kind: 'visitor' }));
        const created = { id: enquiryId };
        if (key) await completeIdempotencyKey(app.db, scope, key, created);
        return reply.code(201).send(created);
      } catch (error) {
        if (key) await releaseIdempotencyKey(app.db, scope, key);
        throw error;
      }
    },
  );

  app.get(
    '/api/admin/enquiries',
    {
      schema: {
        tags,
        summary: 'List enquiries (ra-data-simple-rest), newest first',
        querystring: ListQuery,
        response: { 200: z.array(EnquirySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = pageOf(range);
      let query = app.db.selectFrom('enquiries');
      if (filter?.q) {
        const pattern = likePattern(filter.q);
        query = query.where(sql<boolean>`concat_ws(' ', id::text, full_name, phone, email, subject, message, details::text) ilike ${pattern}`);
      }
      if (filter?.kind) query = query.where('kind', '=', filter.kind);
      if (filter?.status) query = query.where('status', '=', filter.status);
      if (filter?.id) {
        const ids = filter.id.filter((id) => uuidish.test(id));
        query = ids.length > 0 ? query.where('id', 'in', ids) : query.where(sql<boolean>`false`);
      }
      const [column, direction] = sort ? ([SORT_COLUMNS[sort[0]], sort[1] === 'ASC' ? 'asc' : 'desc'] as const) : (['received_at', 'desc'] as const);
      const [rows, counted] = await Promise.all([
        query.selectAll().orderBy(column, direction).orderBy('id', direction).offset(page.offset).limit(page.limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      sendContentRange(reply, 'enquiries', page, rows.length, Number(counted.total));
      return rows.map(toEnquiry);
    },
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
      if (!uuidish.test(id)) throw notFound('Enquiry');
      const stored = await readStream(app.db, enquiryStreamId(id));
      const state = foldEnquiry(stored.map((event) => ({ type: event.type, data: event.data }) as EnquiryEvent));
      let events: EnquiryEvent[];
      try {
        events = decideEnquiry({ type: 'ChangeEnquiryStatus', status: request.body.status, now: new Date() }, state);
      } catch (error) {
        if (error instanceof EnquiryNotFound) throw notFound('Enquiry');
        throw error;
      }
      if (events.length > 0) {
        const staff = request.staff!;
        // Appended at the version the staff member saw, when the console sends it: of two people acting on the
        // same view, one succeeds and the other gets a 409.
        const { nextExpectedVersion } = await app.eventStore.append(
          enquiryStreamId(id),
          request.body.expectedVersion ?? stored.length,
          events,
          eventMetadata(request, { kind: 'staff', staffUserId: staff.id, email: staff.email }),
        );
        // The console shows the answer at once: make sure the read model has the change.
        await app.readModels.waitFor('enquiries', enquiryCaughtUp(app.db, id, nextExpectedVersion));
      }
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
