import type { AnalyticsEventName, AnalyticsProperties } from '@autobest/domain/analytics';
import { ANALYTICS_TEXT_MAX_LENGTH } from '@autobest/domain/analytics/bounds';

interface QueuedEvent {
  event: AnalyticsEventName;
  properties: Record<string, unknown>;
  timestamp: string;
}

const ENDPOINT = '/api/analytics/events';
const MAX_BATCH = 100;
const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The console's QA dashboard opens the storefront in a frame of this name: those visits are not visitors'. */
const UNDER_QA = typeof window !== 'undefined' && window.name === 'autobest-qa';

/**
 * 128 random bits. getRandomValues, not randomUUID, which only secure pages have: on a plain-http installation every
 * visitor would otherwise share one id, and with it the API's limits per session.
 */
const newSessionId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
/** For a browser that keeps no session storage: this page's own session. */
let pageSessionId: string | undefined;

function sessionId(): string {
  try {
    let id = sessionStorage.getItem('analytics_session');
    if (!id) {
      id = newSessionId();
      sessionStorage.setItem('analytics_session', id);
    }
    return id;
  } catch {
    pageSessionId ??= newSessionId();
    return pageSessionId;
  }
}

/**
 * Sends what is queued: sendBeacon when the page is going away (it survives unload), fetch otherwise. A batch the API
 * refuses (429: too many from this address) or that never arrives is dropped: counting visits is not worth a retry.
 */
function flush(leaving = false): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const batch = queue.splice(0, MAX_BATCH);
    const body = JSON.stringify({ sessionId: sessionId(), events: batch });
    const beaconed = leaving && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
    if (!beaconed) {
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
    }
  }
}

/**
 * The API refuses a batch with longer text (a long path typed into the address bar, a long place in Find My Car): cut
 * it, and never between the two halves of a character outside the BMP, which the API would refuse as invalid Unicode.
 */
function clipped(value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= ANALYTICS_TEXT_MAX_LENGTH) return value;
  const cut = value.slice(0, ANALYTICS_TEXT_MAX_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * Records one of the spec's analytics events with the properties it may carry (the API keeps no others); they go out
 * in batches, at the latest when the page is hidden.
 */
export function track<E extends AnalyticsEventName>(event: E, properties?: AnalyticsProperties<E>): void {
  if (UNDER_QA) return;
  const kept = Object.fromEntries(Object.entries(properties ?? {}).map(([key, value]) => [key, clipped(value)]));
  queue.push({ event, properties: kept, timestamp: new Date().toISOString() });
  if (queue.length >= 20) flush();
  else timer ??= setTimeout(() => flush(), 10_000);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
}
