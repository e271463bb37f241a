import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which answers on screen are copies the service worker kept (sw.ts stamps each with X-Saved-At, see cacheRules.ts),
 * and since when: the layout then draws OfflineNote. An answer from the network takes its address off the list;
 * moving to another page starts the list again, but for the rates, which every page's prices use. In the chunk every
 * page loads, so kept small: the note itself is loaded only when there is something to say.
 */
const savedAt = new Map<string, number>();
let oldest: number | null = null;
/** The page the answers belong to; the first one the layout draws. */
let shownPage: string | undefined;
const listeners = new Set<() => void>();

function publish(): void {
  oldest = savedAt.size > 0 ? Math.min(...savedAt.values()) : null;
  for (const listener of listeners) listener();
}

/**
 * Records where `response` came from; called by every read of our API (inventory/api.ts, currency/useRates.ts). With no
 * connection at all, an answer the browser's own HTTP cache still held (within its max-age) is a saved copy too: its
 * Date header says when the server wrote it.
 */
export function noteAnswer(response: Response): void {
  const { headers } = response;
  const at = Date.parse(headers.get('X-Saved-At') ?? (navigator.onLine ? '' : (headers.get('Date') ?? '')));
  if (Number.isNaN(at) ? savedAt.delete(response.url) : savedAt.set(response.url, at)) publish();
}

function pageChanged(pathname: string): void {
  const first = shownPage === undefined;
  if (pathname === shownPage) return;
  shownPage = pathname;
  if (first) return;
  for (const url of savedAt.keys()) if (!url.includes('/api/rates')) savedAt.delete(url);
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest kept copy on the page at `pathname` was saved (ms since 1970), or null when everything is fresh. */
export function useSavedAnswers(pathname: string): number | null {
  useEffect(() => pageChanged(pathname), [pathname]);
  return useSyncExternalStore(subscribe, () => oldest);
}

function subscribeToConnection(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a connection at all (false for certain only when it has none). */
export const useOnline = (): boolean => useSyncExternalStore(subscribeToConnection, () => navigator.onLine);
