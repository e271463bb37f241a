import { z } from 'zod';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db, FollowUpColumns } from '@autobest/db';
import {
  AddNoteSchema,
  ChangeFollowUpStatusSchema,
  FOLLOW_UP_STATUSES,
  FollowUpCountsSchema,
  type FollowUpCommand,
  type FollowUpCounts,
  type AreaPermissions,
  type FollowUpStatus,
} from '@autobest/domain';
import { csvAnswer } from './csv';
import { errorResponses, notFound } from './errors';
import { withStaffName, withStaffNames } from '../staff/staffNames';

/** The read models of followed-up requests, each with FollowUpColumns. */
type FollowedUpTable = 'enquiries' | 'contact_messages' | 'reservation_requests' | 'conversations';

/** The list filter every followed-up resource has. */
export const followUpStatusFilter = z.enum(FOLLOW_UP_STATUSES, { error: `Status must be one of: ${FOLLOW_UP_STATUSES.join(', ')}` }).optional();

/** The sort fields every followed-up list has, beside its own. */
export const FOLLOW_UP_SORTABLE = { status: 'status', lastUpdated: 'last_updated' } as const;

/** What the console shows of any followed-up row, beside its own fields. */
export const followUpFieldsOf = (row: Selectable<FollowUpColumns>) => ({
  status: row.status,
  lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
  version: row.version,
  history: row.status_history,
  notes: row.notes,
});

/** The CSV columns every followed-up export ends with, and their cells. */
const FOLLOW_UP_CSV_COLUMNS = ['Status', 'Last Updated', 'Notes'];
const followUpCsvCells = (row: Selectable<FollowUpColumns>) => [
  row.status,
  row.last_updated ? new Date(row.last_updated).toISOString() : '',
  row.notes.map((note) => `${note.text} (${note.by ?? 'staff'}, ${note.at})`).join(' | '),
];

/** A filter of a followed-up list: its own fields, the status, and simpleRestList's `q` and `id`. */
type ListFilter = { status?: FollowUpStatus | undefined; id?: string[] | undefined } & Record<string, unknown>;

/**
 * What differs between the followed-up resources (enquiries, contact messages, reservation requests); the routes they
 * share are registerFollowUpRoutes'.
 */
export interface FollowUpResource<Table extends FollowedUpTable, ListQuery extends z.ZodObject, ListRecord> {
  resource: 'enquiries' | 'contact-messages' | 'reservation-requests' | 'conversations';
  tags: string[];
  /** What staff need to read the records (list, cards, CSV, one record) and to change them (status, notes). */
  permissions: AreaPermissions;
  /** What staff call one record, in summaries and 404s ("Contact message"). */
  noun: string;
  recordSchema: z.ZodType<ListRecord>;
  /** The resource's simpleRestList. */
  list: {
    querystring: ListQuery;
    answer(db: Db, query: z.output<ListQuery>, reply: FastifyReply): Promise<ListRecord[]>;
    filtered(db: Db, filter: ListFilter | undefined): SelectQueryBuilder<Database, Table, object> | undefined;
  };
  toRecord(row: Selectable<Database[Table]>): ListRecord;
  /** What one record shows beyond a list row (a conversation's transcript), read when one record is asked for. */
  withDetail?(db: Db, record: ListRecord): Promise<ListRecord>;
  /** The time a record arrived, newest first in the CSV. */
  arrivedAt: 'received_at' | 'requested_at' | 'started_at';
  /** The resource's own CSV columns and cells; the follow-up's (status, last updated, notes) come after. */
  csv: { columns: readonly string[]; cells(row: Selectable<Database[Table]>): string[] };
  /** Runs a staff follow-up on the record's stream; the record shows it once this returns. */
  followUp(request: FastifyRequest, id: string, command: FollowUpCommand, expectedVersion: number | undefined): Promise<unknown>;
}

const expectedVersion = z.int().min(0).optional().describe('The version the staff member saw; a newer one answers 409');
const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes every followed-up resource has, one way, under /api/admin/{resource}: the list (ra-data-simple-rest),
 * its count cards and CSV export over the same filters, one record with its history and notes, and the two staff
 * commands (change the status, add a note), each answering the record as it now is; a stale `expectedVersion` is 409.
 */
export function registerFollowUpRoutes<Table extends FollowedUpTable, ListQuery extends z.ZodObject, ListRecord>(
  instance: FastifyInstance,
  spec: FollowUpResource<Table, ListQuery, ListRecord>,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const base = `/api/admin/${spec.resource}`;
  const { tags } = spec;
  // Fastify cannot resolve a reply type from a schema still generic here; the schema still checks and serialises every answer.
  const recordSchema: z.ZodType = spec.recordSchema;
  // kysely cannot name selectAll's row for a table the caller chose; for that table it is Selectable<Database[Table]>.
  const rowsOf = (query: SelectQueryBuilder<Database, Table, object>) => query.selectAll().execute() as unknown as Promise<Array<Selectable<Database[Table]>>>;
  const current = async (id: string) => {
    const query = spec.list.filtered(app.db, { id: [id] });
    const [row] = query ? await rowsOf(query) : [];
    if (!row) throw notFound(spec.noun);
    const record = await withStaffName(app.db, spec.toRecord(row));
    return spec.withDetail ? spec.withDetail(app.db, record) : record;
  };
  const FilterQuery = z.object({ filter: spec.list.querystring.shape['filter'] as z.ZodType<ListFilter | undefined> });

  app.get(
    base,
    { config: { staffPermission: spec.permissions.read }, schema: { tags, summary: `List ${spec.noun.toLowerCase()}s (ra-data-simple-rest), newest first`, querystring: spec.list.querystring, response: { 200: z.array(spec.recordSchema), ...errorResponses } } },
    async (request, reply) => withStaffNames(app.db, await spec.list.answer(app.db, request.query as z.output<ListQuery>, reply)),
  );

  app.get(
    `${base}/stats`,
    { config: { staffPermission: spec.permissions.read },
      schema: {
        tags,
        summary: "The count cards: total and per status, over what the list's other filters keep",
        querystring: FilterQuery,
        response: { 200: FollowUpCountsSchema, ...errorResponses },
      },
    },
    async (request): Promise<FollowUpCounts> => {
      // The cards show every status side by side, so the status filter does not narrow them.
      const query = spec.list.filtered(app.db, request.query.filter ? { ...request.query.filter, status: undefined } : undefined);
      const rows = query
        ? await query
            .select([sql<FollowUpStatus>`status`.as('status'), sql<number>`count(*)::int`.as('count')])
            .groupBy(sql`status`)
            .execute()
        : [];
      const counts = { total: 0, new: 0, contacted: 0, closed: 0 };
      for (const { status, count } of rows) {
        counts[status] = count;
        counts.total += count;
      }
      return counts;
    },
  );

  app.get(
    `${base}/export.csv`,
    { config: { staffPermission: spec.permissions.read },
      schema: {
        tags,
        summary: "CSV of every record the list's filters keep, newest first (cells formula-safe)",
        querystring: FilterQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = spec.list.filtered(app.db, request.query.filter);
      // Notes name their staff member as the console shows them.
      const rows = query ? await withStaffNames(app.db, await rowsOf(query.orderBy(sql.ref(spec.arrivedAt), 'desc').orderBy(sql.ref('id'), 'desc'))) : [];
      const records = rows.map((row) => [...spec.csv.cells(row), ...followUpCsvCells(row as Selectable<FollowUpColumns>)]);
      return csvAnswer(reply, spec.resource, [...spec.csv.columns, ...FOLLOW_UP_CSV_COLUMNS], records);
    },
  );

  app.get(
    `${base}/:id`,
    { config: { staffPermission: spec.permissions.read }, schema: { tags, summary: `One ${spec.noun.toLowerCase()}, with its version, status history and notes`, params: IdParams, response: { 200: recordSchema, ...errorResponses } } },
    async (request) => current(request.params.id),
  );

  app.post(
    `${base}/:id/status`,
    { config: { staffPermission: spec.permissions.write },
      schema: {
        tags,
        summary: 'Change the status (never back to new: 409 status_change_refused); answers the updated record',
        params: IdParams,
        body: ChangeFollowUpStatusSchema.extend({ expectedVersion }),
        response: { 200: recordSchema, ...errorResponses },
      },
    },
    async (request) => {
      await current(request.params.id);
      await spec.followUp(request, request.params.id, { type: 'ChangeStatus', status: request.body.status, now: new Date() }, request.body.expectedVersion);
      return current(request.params.id);
    },
  );

  app.post(
    `${base}/:id/notes`,
    { config: { staffPermission: spec.permissions.write },
      schema: { tags, summary: 'Add a staff note; answers the updated record', params: IdParams, body: AddNoteSchema.extend({ expectedVersion }), response: { 200: recordSchema, ...errorResponses } },
    },
    async (request) => {
      await current(request.params.id);
      await spec.followUp(request, request.params.id, { type: 'AddNote', text: request.body.text, now: new Date() }, request.body.expectedVersion);
      return current(request.params.id);
    },
  );
}
