// A module run for its effect: main.tsx imports it once the page has loaded and painted.
export {};

/**
 * Registers the storefront's service worker (sw.ts) once the browser is idle; main.tsx loads this module after the
 * page's load event and its first contentful paint, so none of it is downloaded or run before the first paint. A new version installs and waits; it
 * takes over on the next visit (sw.ts), so nothing here reloads the page.
 */
async function registerServiceWorker(): Promise<void> {
  const firstInstall = !navigator.serviceWorker.controller;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // The very first time, this page loaded its code, data and photos before any worker could keep them: once the new
  // worker serves the page, it is handed their addresses and keeps those its rules allow (most come from the HTTP cache).
  if (firstInstall) navigator.serviceWorker.addEventListener('controllerchange', keepWhatThisPageLoaded, { once: true });
}

function keepWhatThisPageLoaded(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin);
  // Our API answers JSON; asked the same way as the page asks, the kept copy matches the page's next request.
  const urlsToCache = urls.map((url) => (url.pathname.startsWith('/api/') ? [url.href, { headers: { Accept: 'application/json' } }] : url.href));
  navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
whenIdle(() => void registerServiceWorker().catch(() => undefined));
