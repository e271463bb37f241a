import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';

/*
 * Staff decisions about ingested articles. The articles themselves are external data the workers read from feeds
 * (rows, not events); hiding one and featuring one at the top of the ticker are staff commands, kept as events with
 * who and when, so a feed read again can neither bring a hidden article back nor forget the decision.
 */

// One stream per article: hidden or not.

export const ArticleVisibilityEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ArticleHidden'), data: z.object({ articleId: z.string(), hiddenAt: z.string() }) }),
  z.object({ type: z.literal('ArticleUnhidden'), data: z.object({ articleId: z.string(), unhiddenAt: z.string() }) }),
]);
export type ArticleVisibilityEvent = z.infer<typeof ArticleVisibilityEventSchema>;
export type ArticleHidden = Extract<ArticleVisibilityEvent, { type: 'ArticleHidden' }>;
export type ArticleUnhidden = Extract<ArticleVisibilityEvent, { type: 'ArticleUnhidden' }>;

export const articleStreamId = (articleId: string) => `news-article-${articleId}`;

export interface ArticleVisibilityState {
  hidden: boolean;
}

export const articleVisibilityDecider: Decider<ArticleVisibilityState, ArticleVisibilityEvent> = {
  eventSchema: ArticleVisibilityEventSchema,
  initialState: { hidden: false },
  evolve: (_state, event) => ({ hidden: event.type === 'ArticleHidden' }),
};

/** Hiding a hidden article (or showing a shown one) changes nothing and records nothing. */
export function decideArticleVisibility(command: { type: 'HideArticle' | 'UnhideArticle'; articleId: string; now: Date }, state: ArticleVisibilityState): ArticleVisibilityEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'HideArticle') return state.hidden ? [] : [{ type: 'ArticleHidden', data: { articleId: command.articleId, hiddenAt: at } }];
  return state.hidden ? [{ type: 'ArticleUnhidden', data: { articleId: command.articleId, unhiddenAt: at } }] : [];
}

// One stream for the ticker: at most one article featured at its top, so featuring another replaces it.

export const NewsTickerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TickerArticleFeatured'), data: z.object({ articleId: z.string(), previousArticleId: z.string().nullable(), featuredAt: z.string() }) }),
  z.object({ type: z.literal('TickerFeatureCleared'), data: z.object({ articleId: z.string(), clearedAt: z.string() }) }),
]);
export type NewsTickerEvent = z.infer<typeof NewsTickerEventSchema>;
export type TickerArticleFeatured = Extract<NewsTickerEvent, { type: 'TickerArticleFeatured' }>;
export type TickerFeatureCleared = Extract<NewsTickerEvent, { type: 'TickerFeatureCleared' }>;
export const NEWS_TICKER_EVENT_TYPES = eventTypesOf(NewsTickerEventSchema);

export const NEWS_TICKER_STREAM = 'news-ticker';

export interface NewsTickerState {
  featuredArticleId: string | null;
}

export const newsTickerDecider: Decider<NewsTickerState, NewsTickerEvent> = {
  eventSchema: NewsTickerEventSchema,
  initialState: { featuredArticleId: null },
  evolve: (_state, event) => ({ featuredArticleId: event.type === 'TickerArticleFeatured' ? event.data.articleId : null }),
};

export type NewsTickerCommand = { type: 'FeatureArticle'; articleId: string; now: Date } | { type: 'UnfeatureArticle'; articleId: string; now: Date };

/** Featuring the featured article, or unfeaturing one that is not featured, records nothing. */
export function decideNewsTicker(command: NewsTickerCommand, state: NewsTickerState): NewsTickerEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'FeatureArticle') {
    if (state.featuredArticleId === command.articleId) return [];
    return [{ type: 'TickerArticleFeatured', data: { articleId: command.articleId, previousArticleId: state.featuredArticleId, featuredAt: at } }];
  }
  if (state.featuredArticleId !== command.articleId) return [];
  return [{ type: 'TickerFeatureCleared', data: { articleId: command.articleId, clearedAt: at } }];
}

export const ARTICLE_MODERATION_EVENT_TYPES: ReadonlySet<string> = new Set([...eventTypesOf(ArticleVisibilityEventSchema), ...NEWS_TICKER_EVENT_TYPES]);
