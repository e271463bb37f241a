/**
 * What the service worker (sw.ts) may keep on the phone, decided from the request alone: a pure function, so the
 * rules are tested without a browser (test/offline/cacheRules.unit.test.ts). Anything not named here goes to the
 * network untouched. Never kept: anything but GET, other origins, the console and staff API (/admin, /api/admin),
 * sign-in and sessions, the sell-car and trade-in status pages and their API (opened with a token), and any address
 * that carries a token, key, code or signature in its query — a cached answer would outlive the visitor's right to it.
 */
export type CachePolicy =
  /** index.html from the precache, for a page of the storefront opened with no connection. */
  | 'app-shell'
  /** The last exchange rates: from the network when it answers in time, else the copy kept. */
  | 'rates'
  /** Public catalogue and news answers the visitor opened: network first, the kept copy when offline. */
  | 'catalogue'
  /** Vehicle and brand photos the visitor saw: they never change under one name. */
  | 'photos'
  /** The build's hashed JavaScript and CSS, fetched on use (a page's own chunk): they never change under one name. */
  | 'assets'
  | 'never';

/** Private to one visitor or one member of staff, whatever else the address says. */
const PRIVATE_PATH = /^\/(?:admin(?:\/|$)|api\/(?:admin|auth|staff|session|sessions|metrics|health)(?:\/|$)|metrics(?:\/|$)|[a-z-]+-status(?:\/|$))|\/status\/?$/i;
const SECRET_PARAM = /token|secret|password|signature|session|auth|key$|^(?:sig|code|otp)$/i;

const PUBLIC_API = /^\/api\/(?:vehicles(?:\/(?:brands|stats|[^/]+(?:\/quote)?))?|news(?:\/trending)?|videos(?:\/channels)?)\/?$/i;

export interface CacheableRequest {
  url: URL;
  method: string;
  /** The request's mode: 'navigate' when the browser opens a page. */
  mode: string;
}

export function cachePolicyOf({ url, method, mode }: CacheableRequest, origin: string): CachePolicy {
  if (method !== 'GET' || url.origin !== origin) return 'never';
  const path = url.pathname;
  // Percent-encoded spellings (/%61dmin) are decoded before matching, so they cannot slip past the rules.
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'never';
  }
  if (PRIVATE_PATH.test(path) || PRIVATE_PATH.test(decoded) || decoded.includes('..')) return 'never';
  for (const name of url.searchParams.keys()) if (SECRET_PARAM.test(name)) return 'never';
  if (mode === 'navigate') return /\.[a-z0-9]+$/i.test(path) || /^\/api(?:\/|$)/i.test(path) ? 'never' : 'app-shell';
  if (/^\/api\/rates\/?$/i.test(path)) return 'rates';
  if (PUBLIC_API.test(path)) return 'catalogue';
  if (/^\/(?:media\/vehicle-images|vehicles|brands)\/[^/]+\.(?:jpe?g|png|webp|avif|svg)$/i.test(path) || path === '/placeholder.svg') return 'photos';
  if (/^\/assets\/[^/]+\.(?:js|css)$/i.test(path)) return 'assets';
  return 'never';
}

/** The header the service worker adds to the copy it keeps: when that copy came from the network. */
export const SAVED_AT_HEADER = 'X-Saved-At';

/**
 * Whether an answer may be kept: a whole success (not a redirect, an error or part of a file) that its server does not
 * keep from shared or any caches (`no-store`, `private`), and that a cache can match again (not `Vary: *`).
 */
export function mayKeep(response: { status: number; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  if (/\b(?:no-store|private)\b/i.test(cacheControl)) return false;
  return !(response.headers.get('Vary') ?? '').split(',').some((name) => name.trim() === '*');
}
