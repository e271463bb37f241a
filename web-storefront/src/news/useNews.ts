import { useCallback, useEffect, useState } from 'react';
import type { NewsFilterCategory } from '@autobest/domain/news/categories';
import type { NewsArticle, NewsPage } from '@autobest/domain/news/contracts';
import { requestMessageOf, type ShownMessage } from '../api/domainMessages';
import { ApiFailure, getJson } from '../inventory/api';
import { appendPage, globalNewsQuery } from './news';

const UNREADABLE: ShownMessage = { message: 'The server sent an answer that could not be read' };
const readFailure = (error: unknown): ShownMessage => (error instanceof ApiFailure ? requestMessageOf(error.answer) : UNREADABLE);
const isAbort = (error: unknown) => (error as { name?: string }).name === 'AbortError';

type Settled<T> = ({ phase: 'ready'; data: T } | { phase: 'failed'; message: ShownMessage }) & { url: string; attempt: number };
export type ReadState<T> = { phase: 'loading' } | Settled<T>;

/**
 * Reads one of our API's answers whenever `url` changes (null: nothing to read). A newer URL's answer keeps the
 * older one on screen while it loads (`updating`); a failed read stays failed until `retry`.
 */
export function useApiRead<T>(url: string | null) {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    getJson<T>(url, controller.signal).then(
      (data) => setSettled({ phase: 'ready', data, url, attempt }),
      (error: unknown) => {
        if (!isAbort(error)) setSettled({ phase: 'failed', message: readFailure(error), url, attempt });
      },
    );
    return () => controller.abort();
  }, [url, attempt]);
  // A failure of another URL, or the one being retried, is not this URL's answer: it is loading.
  const state: ReadState<T> = settled && (settled.phase === 'ready' || (settled.url === url && settled.attempt === attempt)) ? settled : { phase: 'loading' };
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, updating: state.phase === 'ready' && state.url !== url, retry };
}

type MoreState = { category: NewsFilterCategory; items: NewsArticle[]; page: number; total: number | null; exhausted: boolean; phase: 'idle' | 'loading' | 'failed'; failure: ShownMessage | null };

const startOf = (category: NewsFilterCategory): MoreState => ({ category, items: [], page: 1, total: null, exhausted: false, phase: 'idle', failure: null });

/**
 * 'Global Automotive Headlines' under the chosen category: the first page, then each page 'More headlines' asks for,
 * appended. Choosing another category starts again from its first page (the previous list stays while it loads).
 */
export function useGlobalHeadlines(category: NewsFilterCategory) {
  const first = useApiRead<NewsPage>(`/api/news?${globalNewsQuery(category, 1)}`);
  const [more, setMore] = useState<MoreState>(() => startOf(category));
  const mine = more.category === category ? more : startOf(category);
  const firstPage = first.state.phase === 'ready' ? first.state.data : null;
  const items = firstPage ? appendPage(firstPage.items, first.updating ? [] : mine.items) : [];
  const total = mine.total ?? firstPage?.total ?? 0;

  const loadMore = () => {
    const page = mine.page + 1;
    setMore({ ...mine, phase: 'loading', failure: null });
    getJson<NewsPage>(`/api/news?${globalNewsQuery(category, page)}`).then(
      (answer) =>
        setMore((current) => {
          if (current.category !== category) return current;
          const appended = appendPage(current.items, answer.items);
          // A page that adds nothing new ends the list, whatever the total said.
          return { category, items: appended, page, total: answer.total, exhausted: appended.length === current.items.length, phase: 'idle', failure: null };
        }),
      (error: unknown) => setMore((current) => (current.category === category ? { ...current, phase: 'failed', failure: readFailure(error) } : current)),
    );
  };

  return { first, items, total, hasMore: firstPage !== null && !first.updating && !mine.exhausted && items.length < total, moreState: mine.phase, moreFailure: mine.failure, loadMore };
}
