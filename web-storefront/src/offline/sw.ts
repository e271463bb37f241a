import { cacheNames, clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { cachePolicyOf, mayKeep, SAVED_AT_HEADER, type CachePolicy } from './cacheRules';

/**
 * The storefront's service worker (built by vite-plugin-pwa, injectManifest): what a visitor opened stays usable
 * with no connection. The precache holds the app shell (index.html and the code and styles it names); the pages'
 * own chunks, the catalogue and news answers, the last rates and the photos are kept as the visitor opens them. What is
 * kept and what never is: cacheRules.ts.
 *
 * A new version installs beside the running one and waits: no skipWaiting, so it takes over once no tab uses the old
 * one (the next visit), never in the middle of one. clientsClaim only matters the very first time, when no version
 * controlled the page: the page that registered it is then served by it without a reload.
 */
declare const self: { __WB_MANIFEST: Array<PrecacheEntry | string>; location: Location };

// No directory index: `/` is a page like the others (network first), not the precached index.html served first.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
clientsClaim();
// The page's request starts while the worker wakes up, instead of after it.
enableNavigationPreload();

/** Keeps only what mayKeep allows, stamped with when it was saved: the page shows it when it uses the copy. */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!mayKeep(response)) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

const DAY = 24 * 60 * 60;
const keptFor = (maxEntries: number, days: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY, purgeOnQuotaError: true });

/** How long a slow network is waited for before the kept copy is shown instead (about 8 KB on a 2G link). */
const NETWORK_TIMEOUT_SECONDS = 4;

const route = (policy: CachePolicy, handler: Parameters<typeof registerRoute>[1]) =>
  registerRoute(({ request, url }) => cachePolicyOf({ url, method: request.method, mode: request.mode }, self.location.origin) === policy, handler);

// A page opened with no connection (or none in time) gets the precached index.html; the app then shows what it kept.
// The network's page is never written over the precache: a version's shell changes only with its worker.
const SHELL = getCacheKeyForURL('/index.html');
route(
  'app-shell',
  new NetworkFirst({
    cacheName: cacheNames.precache,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [{ cacheKeyWillBeUsed: async ({ request, mode }) => (mode === 'read' && SHELL ? SHELL : request), cacheWillUpdate: async () => null }],
  }),
);
route('rates', new NetworkFirst({ cacheName: 'rates', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [stampSavedAt, keptFor(4, 30)] }));
route('catalogue', new NetworkFirst({ cacheName: 'catalogue', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [stampSavedAt, keptFor(200, 14)] }));
route('photos', new CacheFirst({ cacheName: 'photos', plugins: [{ cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null) }, keptFor(120, 30)] }));
route('assets', new CacheFirst({ cacheName: 'assets', plugins: [{ cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null) }, keptFor(150, 60)] }));
