import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffActivityNamedView } from '@autobest/db';
import { ACTIVITY_FAMILIES, ACTIVITY_RECORD_KINDS, activityActionLabel, ActivityEntrySchema, type ActivityEntry, type ActivityFamily, type ActivityRecordKind } from '@autobest/domain';
import { csvAnswer } from '../http/csv';
import { errorResponses } from '../http/errors';
import { dateFilters, simpleRestList, withinDates } from '../http/simpleRest';
import { fieldsOf } from '../http/apiFields';

const STAFF_ONLY = { staffPermission: 'staff.manage' } as const;

const isFamily = (action: string): action is ActivityFamily => Object.hasOwn(ACTIVITY_FAMILIES, action);

const toEntry = (row: Selectable<StaffActivityNamedView>): ActivityEntry => ({
  id: row.id,
  at: new Date(row.occurred_at).toISOString(),
  actorId: row.actor_staff_id,
  ...fieldsOf(row, ['actor_kind', 'actor_name', 'actor_email', 'action']),
  actionLabel: activityActionLabel(row.action),
  // A kind this version does not know (a row from a later one, say) is shown as no record rather than refused.
  recordKind: row.record_kind !== null && Object.hasOwn(ACTIVITY_RECORD_KINDS, row.record_kind) ? (row.record_kind as ActivityRecordKind) : null,
  ...fieldsOf(row, ['record_id', 'record_name', 'summary']),
});

const activityList = simpleRestList({
  resource: 'activity',
  from: (db) => db.selectFrom('staff_activity_named'),
  // By position in the store: the events of one transaction share their time, and keep their order here.
  sortable: { at: 'global_position', action: 'action', actorName: 'actor_name' },
  defaultSort: ['at', 'DESC'],
  search: {
    maxLength: 100,
    matches: (pattern) => sql<boolean>`concat_ws(' ', summary, actor_name, actor_email, action, record_name) ilike ${pattern}`,
  },
  filters: {
    actor: z.uuid('Person must be a staff account id').optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[A-Za-z-]+$/, `Action must be an event type (StaffRoleChanged) or a family (${Object.keys(ACTIVITY_FAMILIES).join(', ')})`)
      .optional(),
    ...dateFilters,
  },
  where(query, filter) {
    let narrowed = query;
    if (filter.actor) narrowed = narrowed.where('actor_staff_id', '=', filter.actor);
    const { action } = filter;
    if (action && isFamily(action)) {
      const family: { types?: readonly string[]; records?: readonly string[] } = ACTIVITY_FAMILIES[action];
      narrowed = narrowed.where((eb) =>
        eb.or([
          ...(family.types?.length ? [eb('action', 'in', [...family.types])] : []),
          ...(family.records?.length ? [eb('record_kind', 'in', [...family.records])] : []),
        ]),
      );
    } else if (action) {
      narrowed = narrowed.where('action', '=', action);
    }
    return withinDates(narrowed, 'occurred_at', filter);
  },
  uuidIds: true,
  toRecord: toEntry,
});

const CSV_COLUMNS = ['Time', 'Person', 'Email', 'Action', 'Summary', 'Record', 'Record ID', 'Record Name', 'Event ID'];

/**
 * The activity trail (issue 17.4), for admins: who did what and when, to which record, and what happened to staff
 * accounts; filtered by person, action and date, and exported as CSV over the same filters.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/activity',
    {
      config: STAFF_ONLY,
      schema: {
        tags: ['staff'],
        summary: 'The activity trail (ra-data-simple-rest), newest first: filter by actor, action (type or family), dateFrom/dateTo, q',
        querystring: activityList.querystring,
        response: { 200: z.array(ActivityEntrySchema), ...errorResponses },
      },
    },
    async (request, reply) => activityList.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/activity/export.csv',
    {
      config: STAFF_ONLY,
      schema: {
        tags: ['staff'],
        summary: "CSV of every entry the list's filters keep, newest first (cells formula-safe)",
        querystring: z.object({ filter: activityList.querystring.shape.filter }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const filtered = activityList.filtered(app.db, request.query.filter);
      const rows = filtered ? await filtered.selectAll().orderBy('global_position', 'desc').execute() : [];
      const records = rows.map((row) => {
        const entry = toEntry(row);
        return [entry.at, entry.actorName, entry.actorEmail ?? '', entry.actionLabel, entry.summary, entry.recordKind ?? '', entry.recordId ?? '', entry.recordName ?? '', entry.id];
      });
      return csvAnswer(reply, 'activity', CSV_COLUMNS, records);
    },
  );
};
