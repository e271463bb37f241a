import type { AnalyticsEventName } from '@autobest/domain/analytics';

type PropertyValue = string | number | boolean | null;
interface QueuedEvent {
  event: AnalyticsEventName;
  properties: Record<string, PropertyValue>;
  timestamp: string;
}

const ENDPOINT = '/api/analytics/events';
const MAX_BATCH = 100;
const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** The console's QA dashboard opens the storefront in a frame of this name: those visits are not visitors'. */
const UNDER_QA = typeof window !== 'undefined' && window.name === 'autobest-qa';

function sessionId(): string {
  try {
    let id = sessionStorage.getItem('analytics_session');
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem('analytics_session', id);
    }
    return id;
  } catch {
    return 'no-storage-session';
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

/** Records one of the spec's analytics events; they go out in batches, at the latest when the page is hidden. */
export function track(event: AnalyticsEventName, properties: Record<string, PropertyValue> = {}): void {
  if (UNDER_QA) return;
  queue.push({ event, properties, timestamp: new Date().toISOString() });
  if (queue.length >= 20) flush();
  else timer ??= setTimeout(() => flush(), 10_000);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
}
