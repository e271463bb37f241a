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
  type AreaPermissions,
  type FollowUpStatus,
} from '@autobest/domain';
import { csvAnswer } from '../http/csv';
import { expectedVersion } from '../http/commands';
import { errorResponses, notFound } from '../http/errors';
import { withStaffName, withStaffNames } from '../staff/staffNames';

/** The read models of followed-up requests: each has a status, notes, last_updated and version. */
type FollowedUpTable = 'enquiries' | 'contact_messages' | 'reservation_requests' | 'conversations' | 'submissions';

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

/** An export's columns and each row's cells. */
interface CsvColumns<Row> {
  columns: readonly string[];
  cells(row: Row): string[];
}

/** A followed-up export: the resource's own columns, then the follow-up's (status, last updated, notes with who and when). */
export const followUpCsv = <Row extends Selectable<FollowUpColumns>>({ columns, cells }: CsvColumns<Row>): CsvColumns<Row> => ({
  columns: [...columns, 'Status', 'Last Updated', 'Notes'],
  cells: (row) => [
    ...cells(row),
    row.status,
    row.last_updated ? new Date(row.last_updated).toISOString() : '',
    row.notes.map((note) => `${note.text} (${note.by ?? 'staff'}, ${note.at})`).join(' | '),
  ],
});

/** The statuses of the requests an area follows up, as the API checks and counts them; the deciders hold the moves allowed. */
export interface FollowUpStatuses<Status extends string> {
  values: readonly Status[];
  /** The body of a status change, with the area's message for a status it does not have. */
  change: z.ZodObject<{ status: z.ZodType<Status> }>;
  /** The count cards: total and one per status. */
  counts: z.ZodType<{ total: number } & Record<Status, number>>;
}

/** The statuses of enquiries, contact messages, reservation requests and conversations. */
export const FOLLOW_UP: FollowUpStatuses<FollowUpStatus> = { values: FOLLOW_UP_STATUSES, change: ChangeFollowUpStatusSchema, counts: FollowUpCountsSchema };

/** A filter of a followed-up list: its own fields, the status, and simpleRestList's `q` and `id`. */
type ListFilter = { status?: string | undefined; id?: string[] | undefined } & Record<string, unknown>;

/**
 * What differs between the followed-up resources (enquiries, contact messages, reservation requests, conversations,
 * sell-car and trade-in requests); the routes they share are registerFollowUpRoutes'.
 */
export interface FollowUpResource<Table extends FollowedUpTable, ListQuery extends z.ZodObject, ListRecord, Status extends string> {
  resource: 'enquiries' | 'contact-messages' | 'reservation-requests' | 'conversations' | 'sell-car-submissions' | 'trade-in-submissions';
  tags: string[];
  /** What staff need to read the records (list, cards, CSV, one record) and to change them (status, notes). */
  permissions: AreaPermissions;
  /** What staff call one record, in summaries and 404s ("Contact message"). */
  noun: string;
  statuses: FollowUpStatuses<Status>;
  recordSchema: z.ZodType<ListRecord>;
  /** The resource's simpleRestList; one record is shown as a list shows it. */
  list: {
    querystring: ListQuery;
    answer(db: Db, query: z.output<ListQuery>, reply: FastifyReply): Promise<ListRecord[]>;
    filtered(db: Db, filter: ListFilter | undefined): SelectQueryBuilder<Database, Table, object> | undefined;
    toRecord(row: Selectable<Database[Table]>): ListRecord;
  };
  /** What one record shows beyond a list row (a conversation's transcript), read when one record is asked for. */
  withDetail?(db: Db, record: ListRecord): Promise<ListRecord>;
  /** The time a record arrived, newest first in the CSV. */
  arrivedAt: 'received_at' | 'requested_at' | 'started_at' | 'submitted_at';
  /** The export's columns and cells (followUpCsv adds the follow-up's to a resource's own). */
  csv: CsvColumns<Selectable<Database[Table]>>;
  /** Runs a staff follow-up on the record's stream; the record shows it once this returns. */
  followUp(request: FastifyRequest, id: string, command: FollowUpCommand<Status>, expectedVersion: number | undefined): Promise<unknown>;
}

export const IdParams = z.object({ id: z.string().max(64) });

/**
 * The routes every followed-up resource has, one way, under /api/admin/{resource}: the list (ra-data-simple-rest),
 * its count cards and CSV export over the same filters, one record with its history and notes, and the two staff
 * commands (change the status, add a note), each answering the record as it now is; a stale `expectedVersion` is 409.
 * Whether a record is there to change is the decider's to say (404 through its NotFound), as the read model may lag.
 * Answers how to read one record as staff see it (404 when there is none), for the area's own routes.
 */
export function registerFollowUpRoutes<Table extends FollowedUpTable, ListQuery extends z.ZodObject, ListRecord, Status extends string>(
  instance: FastifyInstance,
  spec: FollowUpResource<Table, ListQuery, ListRecord, Status>,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const base = `/api/admin/${spec.resource}`;
  const { tags } = spec;
  // Fastify cannot resolve a reply type from a schema still generic here; the schema still checks and serialises every answer.
  const recordSchema: z.ZodType = spec.recordSchema;
  const countsSchema: z.ZodType = spec.statuses.counts;
  // kysely cannot name selectAll's row for a table the caller chose; for that table it is Selectable<Database[Table]>.
  const rowsOf = (query: SelectQueryBuilder<Database, Table, object>) => query.selectAll().execute() as unknown as Promise<Array<Selectable<Database[Table]>>>;
  const current = async (id: string) => {
    const query = spec.list.filtered(app.db, { id: [id] });
    const [row] = query ? await rowsOf(query) : [];
    if (!row) throw notFound(spec.noun);
    const record = await withStaffName(app.db, spec.list.toRecord(row));
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
        response: { 200: countsSchema, ...errorResponses },
      },
    },
    async (request) => {
      // The cards show every status side by side, so the status filter does not narrow them.
      const query = spec.list.filtered(app.db, request.query.filter ? { ...request.query.filter, status: undefined } : undefined);
      const rows = query
        ? await query
            .select([sql<string>`status`.as('status'), sql<number>`count(*)::int`.as('count')])
            .groupBy(sql`status`)
            .execute()
        : [];
      const counts = new Map<string, number>(spec.statuses.values.map((status) => [status, 0]));
      for (const { status, count } of rows) counts.set(status, count);
      return { total: rows.reduce((sum, { count }) => sum + count, 0), ...Object.fromEntries(counts) };
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
      return csvAnswer(reply, spec.resource, spec.csv.columns, rows.map((row) => spec.csv.cells(row)));
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
        summary: "Change the status (as the area's rules allow: a follow-up never goes back to new, 409 status_change_refused); answers the updated record",
        params: IdParams,
        body: spec.statuses.change.extend({ expectedVersion }),
        response: { 200: recordSchema, ...errorResponses },
      },
    },
    async (request) => {
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
      await spec.followUp(request, request.params.id, { type: 'AddNote', text: request.body.text, now: new Date() }, request.body.expectedVersion);
      return current(request.params.id);
    },
  );

  return { current };
}
