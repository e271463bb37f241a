import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { isOneLine } from '../platform/validation';
import { NEWS_CATEGORIES, NEWS_REGIONS, DEFAULT_NEWS_CATEGORY } from './categories';

const MAX_FEED_URL_LENGTH = 2000;

/** Is this an absolute http(s) URL (the only kind a feed is read from)? */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A news source as staff create and edit it: a feed URL, its region and the category its articles take when their
 * own labels name none. Whether the URL's host may be reached (not loopback or private) is the API's and the workers'
 * check, since it depends on the installation (NEWS_ALLOW_PRIVATE_HOSTS).
 */
export const NewsSourceInputSchema = z.object({
  name: z.string({ error: 'newsSourceNameRequired' }).trim().min(1, 'newsSourceNameRequired').max(100, { abort: true }).refine(isOneLine, 'oneLine'),
  url: z
    .string({ error: 'newsSourceUrlInvalid' })
    .trim()
    .max(MAX_FEED_URL_LENGTH, { abort: true })
    .refine(isHttpUrl, 'newsSourceUrlInvalid'),
  region: z.enum(NEWS_REGIONS, { error: 'newsRegionInvalid' }),
  category: z.enum(NEWS_CATEGORIES, { error: 'newsCategoryInvalid' }).default(DEFAULT_NEWS_CATEGORY),
  enabled: z.boolean().default(true),
});
export type NewsSourceInput = z.input<typeof NewsSourceInputSchema>;
export type ValidNewsSource = z.output<typeof NewsSourceInputSchema>;

export type NewsSourceFields = keyof ValidNewsSource;
export type NewsSourceChanges = Partial<ValidNewsSource>;

const sourceFields = {
  name: z.string(),
  url: z.string(),
  region: z.enum(NEWS_REGIONS),
  category: z.enum(NEWS_CATEGORIES),
  enabled: z.boolean(),
} satisfies Record<NewsSourceFields, z.ZodType>;

/** A news source event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const NewsSourceEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NewsSourceAdded'), data: z.object({ sourceId: z.string(), addedAt: z.string(), ...sourceFields }) }),
  z.object({ type: z.literal('NewsSourceChanged'), data: z.object({ sourceId: z.string(), changes: z.object(sourceFields).partial(), changedAt: z.string() }) }),
]);
export type NewsSourceEvent = z.infer<typeof NewsSourceEventSchema>;
export type NewsSourceAdded = Extract<NewsSourceEvent, { type: 'NewsSourceAdded' }>;
export type NewsSourceChanged = Extract<NewsSourceEvent, { type: 'NewsSourceChanged' }>;

export const NEWS_SOURCE_EVENT_TYPES = eventTypesOf(NewsSourceEventSchema);

export const newsSourceStreamId = (sourceId: string) => `news-source-${sourceId}`;

export interface NewsSourceState {
  /** Null until the source was added. */
  sourceId: string | null;
  source: ValidNewsSource | null;
}

export const initialNewsSourceState: NewsSourceState = { sourceId: null, source: null };

export function evolveNewsSource(state: NewsSourceState, event: NewsSourceEvent): NewsSourceState {
  switch (event.type) {
    case 'NewsSourceAdded': {
      const { sourceId, addedAt: _addedAt, ...source } = event.data;
      return { sourceId, source };
    }
    case 'NewsSourceChanged':
      return state.source ? { ...state, source: { ...state.source, ...event.data.changes } } : state;
  }
}

export const newsSourceDecider: Decider<NewsSourceState, NewsSourceEvent> = { eventSchema: NewsSourceEventSchema, initialState: initialNewsSourceState, evolve: evolveNewsSource };

export type NewsSourceCommand =
  | { type: 'AddNewsSource'; sourceId: string; source: ValidNewsSource; now: Date }
  | { type: 'ChangeNewsSource'; source: ValidNewsSource; now: Date };



const FIELDS: readonly NewsSourceFields[] = ['name', 'url', 'region', 'category', 'enabled'];

/** A source is added once; an edit records only the fields that changed (disabling is one), nothing when none did. */
export function decideNewsSource(command: NewsSourceCommand, state: NewsSourceState): NewsSourceEvent[] {
  if (command.type === 'AddNewsSource') {
    if (state.sourceId !== null) throw new AlreadyExists('news-source', command.sourceId);
    return [{ type: 'NewsSourceAdded', data: { sourceId: command.sourceId, ...command.source, addedAt: command.now.toISOString() } }];
  }
  if (state.sourceId === null || state.source === null) throw new NotFound('news-source', state.sourceId ?? undefined);
  const current = state.source;
  const changes: Record<string, unknown> = {};
  for (const field of FIELDS) if (command.source[field] !== current[field]) changes[field] = command.source[field];
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'NewsSourceChanged', data: { sourceId: state.sourceId, changes: changes as NewsSourceChanges, changedAt: command.now.toISOString() } }];
}
