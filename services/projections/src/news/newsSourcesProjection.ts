import { NewsSourceEventSchema } from '@autobest/domain';
import { eventByEventProjection, insertWithHistory, updateWithHistory } from '../projector/projection';

/** News sources as staff list and edit them, with every change and who made it. Fetch state is the worker's own table. */
export const newsSourcesProjection = eventByEventProjection({
  name: 'news-sources',
  tables: ['news_sources'],
  schema: NewsSourceEventSchema,
  async applyEvent(trx, event, stored) {
    switch (event.type) {
      case 'NewsSourceAdded': {
        const { sourceId, addedAt, ...source } = event.data;
        await insertWithHistory(trx, 'news_sources', sourceId, source, { at: addedAt, changes: source }, stored);
        break;
      }
      case 'NewsSourceChanged': {
        const { sourceId, changes, changedAt } = event.data;
        await updateWithHistory(trx, 'news_sources', sourceId, changes, { at: changedAt, changes }, stored);
        break;
      }
    }
  },
});
