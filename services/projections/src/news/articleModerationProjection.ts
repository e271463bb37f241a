import { sql, type Transaction } from 'kysely';
import { parseStoredEvent, type ArticleModerationEntry, type Database } from '@autobest/db';
import { ARTICLE_MODERATION_EVENT_TYPES, ArticleVisibilityEventSchema, NEWS_TICKER_EVENT_TYPES, NewsTickerEventSchema, type ArticleVisibilityEvent } from '@autobest/domain';
import { staffEmailOf, type Projection } from '../projector/projection';

/** Records one decision about an article: its new hidden and featured flags (those given) and a history entry. */
async function record(
  trx: Transaction<Database>,
  articleId: string,
  flags: { hidden?: boolean; featured?: boolean },
  entry: ArticleModerationEntry,
  globalPosition: number,
): Promise<void> {
  const history = JSON.stringify([entry]);
  await trx
    .insertInto('news_article_moderation')
    .values({ article_id: articleId, hidden: flags.hidden ?? false, featured: flags.featured ?? false, history, global_position: globalPosition })
    .onConflict((conflict) =>
      conflict.column('article_id').doUpdateSet({
        ...flags,
        history: sql`news_article_moderation.history || ${history}::jsonb`,
        global_position: globalPosition,
      }),
    )
    .execute();
}

/**
 * Staff decisions about ingested articles, keyed by article id: whether each is hidden, which one is featured at the
 * top of the ticker, and every decision with who made it. Separate from the articles the worker writes, so reading a
 * feed again never undoes a decision, and a rebuild never touches the articles.
 */
export const articleModerationProjection: Projection = {
  name: 'article-moderation',
  tables: ['news_article_moderation'],
  handles: ARTICLE_MODERATION_EVENT_TYPES,
  async apply(trx, events) {
    for (const stored of events) {
      const by = staffEmailOf(stored);
      if (NEWS_TICKER_EVENT_TYPES.has(stored.type)) {
        const event = parseStoredEvent(NewsTickerEventSchema, stored);
        if (event.type === 'TickerArticleFeatured') {
          const { articleId, previousArticleId, featuredAt } = event.data;
          // The previous one first: the unique index allows one featured article at a time.
          if (previousArticleId) await record(trx, previousArticleId, { featured: false }, { action: 'unfeatured', at: featuredAt, by }, stored.globalPosition);
          await record(trx, articleId, { featured: true }, { action: 'featured', at: featuredAt, by }, stored.globalPosition);
        } else {
          await record(trx, event.data.articleId, { featured: false }, { action: 'unfeatured', at: event.data.clearedAt, by }, stored.globalPosition);
        }
        continue;
      }
      const event: ArticleVisibilityEvent = parseStoredEvent(ArticleVisibilityEventSchema, stored);
      if (event.type === 'ArticleHidden') await record(trx, event.data.articleId, { hidden: true }, { action: 'hidden', at: event.data.hiddenAt, by }, stored.globalPosition);
      else await record(trx, event.data.articleId, { hidden: false }, { action: 'unhidden', at: event.data.unhiddenAt, by }, stored.globalPosition);
    }
  },
};
