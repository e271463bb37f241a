import { sql } from 'kysely';
import { parseStoredEvent } from '@autobest/db';
import { NEWS_SOURCE_EVENT_TYPES, NewsSourceEventSchema } from '@autobest/domain';
import type { Projection } from '../projector/projection';

/** News sources as staff list and edit them, with every change and who made it. Fetch state is the worker's own table. */
export const newsSourcesProjection: Projection = {
  name: 'news-sources',
  tables: ['news_sources'],
  handles: NEWS_SOURCE_EVENT_TYPES,
  async apply(trx, events) {
    for (const stored of events) {
      const event = parseStoredEvent(NewsSourceEventSchema, stored);
      const by = stored.metadata.actor.kind === 'staff' ? stored.metadata.actor.email : null;
      switch (event.type) {
        case 'NewsSourceAdded': {
          const { sourceId, addedAt, ...source } = event.data;
          await trx
            .insertInto('news_sources')
            .values({
              id: sourceId,
              ...source,
              history: JSON.stringify([{ at: addedAt, by, changes: source }]),
              created_at: addedAt,
              updated_at: addedAt,
              version: stored.streamPosition,
              global_position: stored.globalPosition,
            })
            .execute();
          break;
        }
        case 'NewsSourceChanged': {
          const { sourceId, changes, changedAt } = event.data;
          const entry = JSON.stringify([{ at: changedAt, by, changes }]);
          await trx
            .updateTable('news_sources')
            .set({ ...changes, history: sql`history || ${entry}::jsonb`, updated_at: changedAt, version: stored.streamPosition, global_position: stored.globalPosition })
            .where('id', '=', sourceId)
            .execute();
          break;
        }
      }
    }
  },
};
