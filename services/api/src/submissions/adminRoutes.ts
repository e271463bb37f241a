import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { sql, type SelectQueryBuilder } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { readStream, type Database, type Db } from '@autobest/db';
import {
  AddNoteSchema,
  ChangeStatusSchema,
  decideSubmission,
  foldSubmission,
  offerSchema,
  submissionStreamId,
  SubmissionNotFound,
  SUBMISSION_STATUSES,
  type SubmissionCommand,
  type SubmissionEvent,
  type SubmissionKind,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, notFound } from '../platform/errors';
import { idList, likePattern, pageOf, sendContentRange, simpleRestListQuery } from '../platform/simpleRest';
import { SUBMISSION_KINDS, type SubmissionKindSpec } from './kinds';
import { SubmissionRecordSchema, toSubmissionRecord } from './records';

const SORT_COLUMNS = {
  submittedAt: 'submitted_at',
  id: 'id',
  status: 'status',
  fullName: 'full_name',
  email: 'email',
  make: 'make',
  model: 'model',
  year: 'year',
  lastUpdated: 'last_updated',
  offeredValue: 'value_minor',
  estimatedValue: 'value_minor',
} as const;

const dateFilter = z.union([z.iso.date(), z.iso.datetime()], { error: 'Use a date like 2026-11-22' });
export const SubmissionFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBMISSION_STATUSES, { error: 'Status must be one of: pending, reviewed, finalized' }).optional(),
  make: z.string().trim().max(60).optional(),
  model: z.string().trim().max(60).optional(),
  year: z.union([z.string().trim().max(10), z.number().int()]).transform(String).optional(),
  dateFrom: dateFilter.optional(),
  dateTo: dateFilter.optional(),
  id: idList.optional(),
});
type SubmissionFilter = z.infer<typeof SubmissionFilterSchema>;

const ListQuery = simpleRestListQuery(
  ['submittedAt', 'id', 'status', 'fullName', 'email', 'make', 'model', 'year', 'lastUpdated', 'offeredValue', 'estimatedValue'],
  SubmissionFilterSchema,
);
const ExportQuery = z.object({ filter: ListQuery.shape.filter });

type SubmissionQuery = SelectQueryBuilder<Database, 'submissions', object>;

/** The spec's admin search and filters, shared by the list, the counts and the CSV export. */
function applyFilter(query: SubmissionQuery, kind: SubmissionKind, filter: SubmissionFilter | undefined): SubmissionQuery {
  let filtered = query.where('kind', '=', kind);
  if (!filter) return filtered;
  if (filter.q) {
    const pattern = likePattern(filter.q);
    filtered = filtered.where(
      sql<boolean>`(id || ' ' || full_name || ' ' || email || ' ' || phone_number || ' ' || make || ' ' || model || ' ' || year) ilike ${pattern}`,
    );
  }
  if (filter.status) filtered = filtered.where('status', '=', filter.status);
  if (filter.make) filtered = filtered.where('make', 'ilike', likePattern(filter.make));
  if (filter.model) filtered = filtered.where('model', 'ilike', likePattern(filter.model));
  if (filter.year) filtered = filtered.where('year', '=', filter.year);
  if (filter.dateFrom) filtered = filtered.where('submitted_at', '>=', new Date(filter.dateFrom));
  if (filter.dateTo) {
    const end = new Date(filter.dateTo);
    // A bare date means "through the end of that day".
    if (/^\d{4}-\d{2}-\d{2}$/.test(filter.dateTo)) end.setUTCDate(end.getUTCDate() + 1);
    filtered = filtered.where('submitted_at', '<', end);
  }
  if (filter.id) filtered = filtered.where('id', 'in', filter.id.length > 0 ? filter.id : ['']);
  return filtered;
}

/** Spreadsheets run a cell that starts with = + - @ (or a tab / CR) as a formula; a leading ' stops that. */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const SELL_CSV_COLUMNS = ['ID', 'Date', 'Customer Name', 'Email', 'Phone', 'Make', 'Model', 'Year', 'Odometer', 'Fuel Type', 'Transmission', 'Under Finance', 'VIN', 'Asking Price', 'Status', 'Offered Value', 'Notes'];
const TRADE_IN_CSV_COLUMNS = ['ID', 'Date', 'Customer Name', 'Email', 'Phone', 'Make', 'Model', 'Year', 'Odometer', 'Fuel Type', 'Transmission', 'Under Finance', 'Asking Price', 'Status', 'Estimated Value'];

const expectedVersion = z.int().min(0).optional().describe('The version the staff member saw; a newer stream answers 409');

const HistoryEntrySchema = z.object({
  id: z.string(),
  position: z.number(),
  type: z.string(),
  at: z.string(),
  by: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const submissionCaughtUp = (db: Db, id: string, version: number) => async () => {
  const row = await db.selectFrom('submissions').select('version').where('id', '=', id).executeTakeFirst();
  return !row || row.version >= version;
};

export const submissionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadStream = async (spec: SubmissionKindSpec, id: string) => {
    const stored = await readStream(app.db, submissionStreamId(spec.kind, id));
    const events = stored.map((event) => ({ type: event.type, data: event.data }) as SubmissionEvent);
    return { stored, state: foldSubmission(events), version: stored.length };
  };

  /**
   * Decides on the current stream and appends at the version the staff member saw (`expectedVersion`, when the
   * console sends it) or the one just read: two people acting on the same view get one success and one 409.
   */
  const runCommand = async (spec: SubmissionKindSpec, id: string, request: FastifyRequest, command: SubmissionCommand, expectedVersion?: number) => {
    const { state, version } = await loadStream(spec, id);
    let events: SubmissionEvent[];
    try {
      events = decideSubmission(command, state);
    } catch (error) {
      if (error instanceof SubmissionNotFound) throw notFound('Submission');
      throw error;
    }
    const staff = request.staff!;
    if (events.length > 0) {
      const { nextExpectedVersion } = await app.eventStore.append(
        submissionStreamId(spec.kind, id),
        expectedVersion ?? version,
        events,
        eventMetadata(request, { kind: 'staff', staffUserId: staff.id, email: staff.email }),
      );
      // The console reloads the record right after a command: make sure it sees its own change.
      await app.readModels.waitFor('submissions', submissionCaughtUp(app.db, id, nextExpectedVersion));
    }
  };

  const currentRecord = async (spec: SubmissionKindSpec, id: string) => {
    const row = await app.db.selectFrom('submissions').selectAll().where('kind', '=', spec.kind).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Submission');
    return toSubmissionRecord(row, spec);
  };

  for (const spec of SUBMISSION_KINDS) {
    const base = `/api/admin/${spec.resource}`;
    const tags = ['submissions'];
    const IdParams = z.object({ id: z.string().max(64) });

    app.get(
      base,
      { schema: { tags, summary: `List ${spec.kind} requests (ra-data-simple-rest), newest first`, querystring: ListQuery, response: { 200: z.array(SubmissionRecordSchema), ...errorResponses } } },
      async (request, reply) => {
        const { sort, range, filter } = request.query;
        const page = pageOf(range);
        const query = applyFilter(app.db.selectFrom('submissions'), spec.kind, filter);
        const [column, direction] = sort ? ([SORT_COLUMNS[sort[0]], sort[1] === 'ASC' ? 'asc' : 'desc'] as const) : (['submitted_at', 'desc'] as const);
        const [rows, counted] = await Promise.all([
          query.selectAll().orderBy(column, direction).orderBy('id', direction).offset(page.offset).limit(page.limit).execute(),
          query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        ]);
        sendContentRange(reply, spec.resource, page, rows.length, Number(counted.total));
        return rows.map((row) => toSubmissionRecord(row, spec));
      },
    );

    app.get(
      `${base}/stats`,
      {
        schema: {
          tags,
          summary: 'The four count cards: total, pending, reviewed, finalized',
          response: { 200: z.object({ total: z.number(), pending: z.number(), reviewed: z.number(), finalized: z.number() }), ...errorResponses },
        },
      },
      async () => {
        const rows = await app.db
          .selectFrom('submissions')
          .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('kind', '=', spec.kind)
          .groupBy('status')
          .execute();
        const counts = { total: 0, pending: 0, reviewed: 0, finalized: 0 };
        for (const row of rows) {
          counts[row.status] = Number(row.count);
          counts.total += Number(row.count);
        }
        return counts;
      },
    );

    app.get(
      `${base}/export.csv`,
      {
        schema: {
          tags,
          summary: `CSV of every ${spec.kind} request matching the list's filters`,
          querystring: ExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('text/csv'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const rows = await applyFilter(app.db.selectFrom('submissions'), spec.kind, request.query.filter)
          .selectAll()
          .orderBy('submitted_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const date = new Date().toISOString().slice(0, 10);
        const records = rows.map((row) => {
          const value = row.value_minor === null ? '' : String(Number(row.value_minor) / 100);
          const common = [
            row.id,
            new Date(row.submitted_at).toISOString(),
            row.full_name,
            row.email,
            row.phone_number,
            row.make,
            row.model,
            row.year,
            row.odometer,
            row.fuel_type,
            row.transmission,
            row.under_finance ? 'Yes' : 'No',
          ];
          const cells =
            spec.kind === 'sell-car'
              ? [...common, row.vin ?? '', row.asking_price ?? '', row.status, value, row.notes.map((note) => note.text).join(' | ')]
              : [...common, row.asking_price ?? '', row.status, value];
          return cells.map((cell) => neutraliseFormula(cell));
        });
        const csv = stringify(records, { header: true, columns: spec.kind === 'sell-car' ? SELL_CSV_COLUMNS : TRADE_IN_CSV_COLUMNS, bom: true });
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${spec.resource}-${date}.csv"`)
          .send(csv);
      },
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, summary: `One ${spec.kind} request`, params: IdParams, response: { 200: SubmissionRecordSchema, ...errorResponses } } },
      async (request) => currentRecord(spec, request.params.id),
    );

    app.get(
      `${base}/:id/history`,
      { schema: { tags, summary: 'Every event of the request, with who and when', params: IdParams, response: { 200: z.array(HistoryEntrySchema), ...errorResponses } } },
      async (request) => {
        const { stored } = await loadStream(spec, request.params.id);
        if (stored.length === 0) throw notFound('Submission');
        return stored.map((event) => {
          const { statusToken: _token, ...data } = event.data as Record<string, unknown>;
          const actor = event.metadata.actor;
          return {
            id: event.eventId,
            position: event.streamPosition,
            type: event.type,
            at: event.occurredAt.toISOString(),
            by: actor.kind === 'staff' ? actor.email : actor.kind === 'visitor' ? 'owner (website)' : actor.name,
            data,
          };
        });
      },
    );

    app.get(
      `${base}/:id/photos/:slot`,
      {
        schema: {
          tags,
          summary: 'A photo of the request (staff only)',
          params: z.object({ id: z.string().max(64), slot: z.string().max(40) }),
          response: { 200: z.unknown().describe('the image'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const row = await app.db.selectFrom('submissions').select('photos').where('kind', '=', spec.kind).where('id', '=', request.params.id).executeTakeFirst();
        const photo = row?.photos.find((candidate) => candidate.slot === request.params.slot);
        if (!row || !photo) throw notFound('Photo');
        const path = join(app.config.uploadsDir, spec.kind, request.params.id, photo.storedName);
        const info = await stat(path).catch(() => undefined);
        if (!info) throw notFound('Photo');
        return reply
          .header('Content-Type', photo.contentType)
          .header('Content-Length', String(info.size))
          .header('Cache-Control', 'private, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'")
          .send(createReadStream(path));
      },
    );

    app.post(
      `${base}/:id/status`,
      { schema: { tags, summary: 'Change the status (any to any)', params: IdParams, body: ChangeStatusSchema.extend({ expectedVersion }), response: { 200: SubmissionRecordSchema, ...errorResponses } } },
      async (request) => {
        await runCommand(spec, request.params.id, request, { type: 'ChangeStatus', status: request.body.status, now: new Date() }, request.body.expectedVersion);
        return currentRecord(spec, request.params.id);
      },
    );

    app.post(
      `${base}/:id/offer`,
      {
        schema: {
          tags,
          summary: spec.kind === 'sell-car' ? 'Set the offered value (whole naira; null clears it)' : 'Set the estimated value (naira, 2 decimals; null clears it)',
          params: IdParams,
          body: offerSchema(spec.kind).extend({ expectedVersion }),
          response: { 200: SubmissionRecordSchema, ...errorResponses },
        },
      },
      async (request) => {
        await runCommand(spec, request.params.id, request, { type: 'SetValue', value: request.body.value, now: new Date() }, request.body.expectedVersion);
        return currentRecord(spec, request.params.id);
      },
    );

    app.post(
      `${base}/:id/notes`,
      { schema: { tags, summary: 'Add a staff note', params: IdParams, body: AddNoteSchema.extend({ expectedVersion }), response: { 200: SubmissionRecordSchema, ...errorResponses } } },
      async (request) => {
        await runCommand(spec, request.params.id, request, { type: 'AddNote', text: request.body.text, now: new Date() }, request.body.expectedVersion);
        return currentRecord(spec, request.params.id);
      },
    );

    app.delete(
      `${base}/:id`,
      { schema: { tags, summary: 'Delete the request (its events stay as the audit trail)', params: IdParams, response: { 200: SubmissionRecordSchema, ...errorResponses } } },
      async (request) => {
        const before = await currentRecord(spec, request.params.id);
        await runCommand(spec, request.params.id, request, { type: 'Delete', now: new Date() });
        return before;
      },
    );
  }
};
