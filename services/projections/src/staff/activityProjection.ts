import { activityRecordOf, activitySummary, isUuid, STAFF_ACCOUNT_EVENT_TYPES } from '@autobest/domain';
import { insertRows } from '@autobest/db';
import type { Projection } from '../projector/projection';

/**
 * The activity trail (issue 17.4): every event a staff member did, whatever its stream, and every staff account event
 * (a failed sign-in's actor is a visitor; the shell command and the first start are the system). The summary is
 * written from known fields only (activitySummary): nothing of an event's data is copied in.
 */
export const staffActivityProjection: Projection = {
  name: 'staff-activity',
  tables: ['staff_activity'],
  handles: 'every type',
  async apply(trx, events) {
    const rows = events
      .filter((stored) => stored.metadata.actor.kind === 'staff' || STAFF_ACCOUNT_EVENT_TYPES.has(stored.type))
      .map((stored) => {
        const { actor } = stored.metadata;
        const record = activityRecordOf(stored.streamId);
        return {
          id: stored.eventId,
          global_position: stored.globalPosition,
          occurred_at: stored.occurredAt,
          actor_kind: actor.kind,
          // An id that is no account's (some tests and old data have one) names nobody, rather than stop the trail.
          actor_staff_id: actor.kind === 'staff' && isUuid(actor.staffUserId) ? actor.staffUserId : null,
          actor_email: actor.kind === 'staff' ? actor.email : null,
          actor_system: actor.kind === 'system' ? actor.name : null,
          action: stored.type,
          stream_id: stored.streamId,
          record_kind: record?.kind ?? null,
          record_id: record?.id ?? null,
          summary: activitySummary(stored.type, stored.data),
        };
      });
    // A plain insert: applying an event twice would be a bug, and it should fail loudly.
    await insertRows(trx, 'staff_activity', rows);
  },
};
