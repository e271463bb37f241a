import { NewsSourceEventSchema } from '@autobest/domain';
import { appendedTo, eventByEventProjection, staffEmailOf } from '../projector/projection';

/** News sources as staff list and edit them, with every change and who made it. Fetch state is the worker's own table. */
export const newsSourcesProjection = eventByEventProjection({
  name: 'news-sources',
  tables: ['news_sources'],
  schema: NewsSourceEventSchema,
  async applyEvent(trx, event, stored) {
    const by = staffEmailOf(stored);
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
        await trx
          .updateTable('news_sources')
          .set({ ...changes, history: appendedTo('history', { at: changedAt, by, changes }), updated_at: changedAt, version: stored.streamPosition, global_position: stored.globalPosition })
          .where('id', '=', sourceId)
          .execute();
        break;
      }
    }
  },
});
