import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Db, SubmissionsTable } from '@autobest/db';
import { submissionFolder } from '@autobest/runtime';
import {
  ChangeStatusSchema,
  decideSubmission,
  offerSchema,
  submissionStreamId,
  SUBMISSION_KIND_LIST,
  SUBMISSION_STATUSES,
  SubmissionHistoryEntrySchema,
  SubmissionRecordSchema,
  SubmissionStatsSchema,
  type SubmissionCommand,
  type SubmissionKindInfo,
  type SubmissionStatus,
  STAFF_AREAS,
} from '@autobest/domain';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { expectedVersion, handleCommand, STREAMS } from '../http/commands';
import { IdParams, registerFollowUpRoutes, type FollowUpStatuses } from '../followUps/routes';
import { withStaffNames } from '../staff/staffNames';
import { dateFilter, dateRange, likePattern, simpleRestList } from '../http/simpleRest';
import { registerFilterValues } from '../http/filterValues';
import { submissionValue, toSubmissionRecord } from './records';

/** One kind's requests, as its list and its filters' values start from. */
const submissionRows = (spec: SubmissionKindInfo) => (db: Db) => db.selectFrom('submissions').where('kind', '=', spec.kind);

/** The spec's admin list with its search and filters, for one kind; the CSV export applies the same filters. */
const submissionList = (spec: SubmissionKindInfo) =>
  simpleRestList({
    resource: spec.resource,
    from: submissionRows(spec),
    sortable: {
      submittedAt: 'submitted_at',
      status: 'status',
      fullName: 'full_name',
      email: 'email',
      make: 'make',
      model: 'model',
      year: 'year',
      lastUpdated: 'last_updated',
      offeredValue: 'value_minor',
      estimatedValue: 'value_minor',
    },
    defaultSort: ['submittedAt', 'DESC'],
    search: {
      maxLength: 200,
      matches: (pattern) => sql<boolean>`(id || ' ' || full_name || ' ' || email || ' ' || phone_number || ' ' || make || ' ' || model || ' ' || year) ilike ${pattern}`,
    },
    filters: {
      status: z.enum(SUBMISSION_STATUSES, { error: 'Status must be one of: pending, reviewed, finalized' }).optional(),
      make: z.string().trim().max(60).optional(),
      model: z.string().trim().max(60).optional(),
      year: z.union([z.string().trim().max(10), z.number().int()]).transform(String).optional(),
      dateFrom: dateFilter.optional(),
      dateTo: dateFilter.optional(),
    },
    where(query, filter) {
      let filtered = query;
      if (filter.status) filtered = filtered.where('status', '=', filter.status);
      if (filter.make) filtered = filtered.where('make', 'ilike', likePattern(filter.make));
      if (filter.model) filtered = filtered.where('model', 'ilike', likePattern(filter.model));
      if (filter.year) filtered = filtered.where('year', '=', filter.year);
      const { from, before } = dateRange(filter);
      if (from) filtered = filtered.where('submitted_at', '>=', from);
      if (before) filtered = filtered.where('submitted_at', '<', before);
      return filtered;
    },
    uuidIds: false,
    toRecord: (row) => toSubmissionRecord(row, spec),
  });

/** Staff move a request between these freely (any status to any other). */
const SUBMISSION: FollowUpStatuses<SubmissionStatus> = { values: SUBMISSION_STATUSES, change: ChangeStatusSchema, counts: SubmissionStatsSchema };

/** The export's columns: the spec's, which differ between the kinds (a sell-car request has a VIN and its notes). */
const csvOf = (spec: SubmissionKindInfo) => ({
  columns:
    spec.kind === 'sell-car'
      ? ['ID', 'Date', 'Customer Name', 'Email', 'Phone', 'Make', 'Model', 'Year', 'Odometer', 'Fuel Type', 'Transmission', 'Under Finance', 'VIN', 'Asking Price', 'Status', 'Offered Value', 'Notes']
      : ['ID', 'Date', 'Customer Name', 'Email', 'Phone', 'Make', 'Model', 'Year', 'Odometer', 'Fuel Type', 'Transmission', 'Under Finance', 'Asking Price', 'Status', 'Estimated Value'],
  cells(row: Selectable<SubmissionsTable>) {
    const value = String(submissionValue(row) ?? '');
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
    return spec.kind === 'sell-car'
      ? [...common, row.vin ?? '', row.asking_price ?? '', row.status, value, row.notes.map((note) => note.text).join(' | ')]
      : [...common, row.asking_price ?? '', row.status, value];
  },
});

/**
 * Staff work sell-car and trade-in requests as they work every followed-up request (list, count cards, CSV, one
 * record, status, notes: registerFollowUpRoutes), in the submissions' own statuses; what only submissions have (the
 * event history, photos, the offered or estimated value, deletion) is here.
 */
export const submissionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Decides on the current stream and appends at the version the staff member saw (`expectedVersion`, when the
   * console sends it): two people acting on the same view get one success and one 409. The console reloads the
   * record right after a command, so it waits for the read model to show it.
   */
  const runCommand = (spec: SubmissionKindInfo, id: string, request: FastifyRequest, command: SubmissionCommand, expectedVersion?: number) =>
    handleCommand(app, request, STREAMS.submission, submissionStreamId(spec.kind, id), (state) => decideSubmission(command, state), {
      by: 'staff',
      expectedVersion,
      readYourWrite: true,
    });

  for (const spec of SUBMISSION_KIND_LIST) {
    const base = `/api/admin/${spec.resource}`;
    const tags = ['submissions'];

    const { current } = registerFollowUpRoutes(app, {
      resource: spec.resource,
      tags,
      permissions: STAFF_AREAS.requests,
      noun: 'Submission',
      statuses: SUBMISSION,
      recordSchema: SubmissionRecordSchema,
      list: submissionList(spec),
      arrivedAt: 'submitted_at',
      csv: csvOf(spec),
      followUp: (request, id, command, expectedVersion) => runCommand(spec, id, request, command, expectedVersion),
    });

    // The spec's make, model and year dropdowns list what the requests hold.
    registerFilterValues(app, { path: `${base}/filter-values`, tags, permission: STAFF_AREAS.requests.read, from: submissionRows(spec), columns: { make: 'make', model: 'model', year: 'year' } });

    app.get(
      `${base}/:id/history`,
      { config: { staffPermission: STAFF_AREAS.requests.read }, schema: { tags, summary: 'Every event of the request, with who and when', params: IdParams, response: { 200: z.array(SubmissionHistoryEntrySchema), ...errorResponses } } },
      async (request) => {
        const stored = await app.eventStore.readStream(submissionStreamId(spec.kind, request.params.id));
        if (stored.length === 0) throw notFound('Submission');
        const [named] = await withStaffNames(app.db, [
          {
            history: stored.map((event) => {
              // Staff have no use for an old status token's digest.
              const { legacyStatusTokenDigest: _legacyDigest, ...data } = event.data;
              const actor = event.metadata.actor;
              return {
                id: event.eventId,
                position: event.streamPosition,
                type: event.type,
                at: event.occurredAt.toISOString(),
                by: actor.kind === 'staff' ? actor.email : actor.kind === 'visitor' ? 'owner (website)' : actor.name,
                data,
              };
            }),
          },
        ]);
        return named!.history;
      },
    );

    // Only photos we re-encoded are served: while one is processing (or if it did not decode) there is no file to give.
    for (const [suffix, file, summary] of [
      ['', 'storedName', 'A photo of the request, as we re-encoded it (staff only)'],
      ['/thumbnail', 'thumbnailName', 'The small copy of a photo, for lists (staff only)'],
    ] as const) {
      app.get(
        `${base}/:id/photos/:slot${suffix}`,
        { config: { staffPermission: STAFF_AREAS.requests.read },
          schema: {
            tags,
            summary,
            params: z.object({ id: z.string().max(64), slot: z.string().max(40) }),
            produces: ['image/jpeg'],
            response: { 200: z.unknown().describe('a JPEG'), ...errorResponses },
          },
        },
        async (request, reply) => {
          const row = await app.db.selectFrom('submissions').select('photos').where('kind', '=', spec.kind).where('id', '=', request.params.id).executeTakeFirst();
          const photo = row?.photos.find((candidate) => candidate.slot === request.params.slot);
          if (!row || !photo) throw notFound('Photo');
          if (photo.state === 'processing') throw new HttpError(404, 'photo_processing', 'This photo is still being processed. Try again in a moment.');
          if (photo.state === 'unreadable') throw new HttpError(404, 'photo_unreadable', 'This photo could not be read: the file sent was not an image we can open.');
          const path = join(submissionFolder(app.config.uploadsDir, spec.kind, request.params.id), photo[file]);
          const info = await stat(path).catch(() => undefined);
          if (!info) throw notFound('Photo');
          return reply
            .header('Content-Type', 'image/jpeg')
            .header('Content-Length', String(info.size))
            .header('Cache-Control', 'private, max-age=3600')
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Security-Policy', "default-src 'none'")
            .send(createReadStream(path));
        },
      );
    }

    app.post(
      `${base}/:id/offer`,
      { config: { staffPermission: STAFF_AREAS.requests.write },
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
        return current(request.params.id);
      },
    );

    app.delete(
      `${base}/:id`,
      { config: { staffPermission: STAFF_AREAS.requests.write },
        schema: {
          tags,
          summary: 'Delete the request: its events stay as the audit trail, the photo processor erases its files and records that',
          params: IdParams,
          response: { 200: SubmissionRecordSchema, ...errorResponses },
        },
      },
      async (request) => {
        const before = await current(request.params.id);
        await runCommand(spec, request.params.id, request, { type: 'Delete', now: new Date() });
        return before;
      },
    );
  }
};
