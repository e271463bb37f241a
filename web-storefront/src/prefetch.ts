import { savesData } from './saveData';

/**
 * Requests started before React renders, for the data the page being opened will ask for first: the answer
 * is on its way while the page's own code downloads, instead of after it. Each is used once.
 */
const early = new Map<string, Promise<Response>>();

/** Saving data (savesData), nothing is fetched ahead: the page asks for its data itself, once it needs it. */
export function prefetch(url: string, onData?: (body: unknown) => void): void {
  if (early.has(url) || savesData()) return;
  const pending = fetch(url, { headers: { Accept: 'application/json' } });
  // Failures are the page's to report when it takes the answer; unclaimed ones must not be unhandled.
  pending.catch(() => undefined);
  // A copy of the answer for `onData` (e.g. to start what the data names); the page still reads the original.
  if (onData) {
    pending
      .then((response) => (response.ok ? response.clone().json() : undefined))
      .then((body: unknown) => body !== undefined && onData(body))
      .catch(() => undefined);
  }
  early.set(url, pending);
}

/** The early request for `url`, if one was started and not yet taken. */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const pending = early.get(url);
  early.delete(url);
  return pending;
}
