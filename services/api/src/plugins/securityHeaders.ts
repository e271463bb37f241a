import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { SUBMISSION_KIND_LIST } from '@autobest/domain';
import { METRICS_PATH } from './metrics';
import { lenientPath, QUEUE_DASHBOARD_PREFIX } from './auth';

/** Where browsers send Content-Security-Policy violation reports (the route is in security/cspReports.ts). */
export const CSP_REPORT_PATH = '/api/csp-reports';

/** What part of the product answers a request; each has its own policy. */
type Surface = 'storefront' | 'console' | 'queues' | 'docs' | 'api';

type Directives = Readonly<Record<string, readonly string[]>>;

const serialize = (directives: Directives) => Object.entries(directives).map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/**
 * Nothing that is not named loads; every page names only what it uses. Violations are reported through `report-uri`,
 * which every browser sends at once. Not `report-to`: Chromium then ignores report-uri and queues its reports through
 * the Reporting API (sent up to a minute later, and only from secure origins; headless Chromium sent none at all).
 */
const pagePolicy = (directives: Directives) =>
  serialize({
    'default-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'connect-src': ["'self'"],
    ...directives,
    'report-uri': [CSP_REPORT_PATH],
  });

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/** The one inline style of Swagger UI: the <style> inside its logo's inline SVG, in the top bar. */
const SWAGGER_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

/**
 * The exact policies sent. Neither web app has an inline script (Vite writes only `<script src>` into index.html),
 * so `script-src 'self'` is all either needs: no hashes, no 'unsafe-inline', no 'unsafe-eval' (zod validates without
 * generating code in the browser: @autobest/domain/browser).
 */
export const CONTENT_SECURITY_POLICIES: Readonly<Record<Surface, string>> = {
  // Styles come from the build's CSS files (React's `style` props are CSSOM writes, which CSP does not govern).
  // Catalogue photos may live on any HTTPS host (the data-collection screen requires HTTPS image addresses); the
  // sell-car and trade-in forms preview chosen photos as blob: URLs. The only frame is the review videos' player, on
  // the privacy-enhanced embed domain, loaded when a visitor presses play. The console's QA dashboard frames the
  // storefront from the same origin, hence frame-ancestors 'self'.
  storefront: pagePolicy({
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'https:'],
    'frame-src': ['https://www.youtube-nocookie.com'],
    'frame-ancestors': ["'self'"],
  }),
  // react-admin's MUI styles are injected by emotion as <style> elements at run time: 'unsafe-inline' for styles
  // only. A nonce would have to be written into index.html on every request (it is served as a pre-compressed
  // file) and handed to emotion's cache; what an injected style could do is bounded by the rest of the policy
  // (no image, font or connection to another origin to exfiltrate through). Its only images are request photos
  // from this origin. The QA dashboard frames the storefront.
  console: pagePolicy({
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'"],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
  }),
  // bull-board's queue dashboard (plugins/queueDashboard.ts): its own scripts, a web worker that highlights job data,
  // CSS files and the styles its code editor and theme inject at run time (hence 'unsafe-inline', for styles only, as
  // in the console), that editor's data: images. Its page sets <base href> to the dashboard's path, so base-uri
  // 'self'. Its Google Fonts link is taken out of the page.
  queues: pagePolicy({
    'base-uri': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
  }),
  // Swagger UI: its own script and CSS files plus its logo's style, the CSS's icons and @fastify/swagger-ui's logo as
  // data: images, the spec from ./json.
  docs: pagePolicy({
    'style-src': ["'self'", styleHash(SWAGGER_LOGO_STYLE)],
    'img-src': ["'self'", 'data:'],
    'frame-ancestors': ["'none'"],
  }),
  // JSON and uploaded files: nothing to run, nothing to load, never framed.
  api: serialize({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }),
};

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Decided on the matched route's pattern, or for an unmatched request (the single-page apps' fallback) on its path
 * exactly as the web-apps plugin reads it to pick an index.html.
 */
function surfaceOf(path: string): Surface {
  if (under(path, '/api/docs')) return 'docs';
  if (under(path, '/api') || under(path, '/media') || path === METRICS_PATH) return 'api';
  if (under(path, QUEUE_DASHBOARD_PREFIX)) return 'queues';
  if (under(path, '/admin')) return 'console';
  return 'storefront';
}

const KINDS = SUBMISSION_KIND_LIST.map(({ kind }) => kind);
const STATUS_PATH = new RegExp(`^/(?:(?:${KINDS.join('|')})-status/[^/]+|api/(?:${KINDS.join('|')})-submissions/[^/]+/status)$`);

/**
 * Status pages and their API carry the owner's token in the URL: no Referer at all from them. The storefront's router
 * matches paths case-insensitively and with a trailing slash, so the path is read as leniently here.
 */
const isStatusPath = (path: string) => STATUS_PATH.test(lenientPath(path));

/** The policy, framing and referrer headers of an answer on `path` (a matched route's pattern, or the path asked for). */
function headersOf(path: string): Record<string, string> {
  const surface = surfaceOf(path);
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICIES[surface],
    'X-Frame-Options': surface === 'storefront' ? 'SAMEORIGIN' : 'DENY',
    'Referrer-Policy': isStatusPath(path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
}

/**
 * The headers helmet's middleware sets, read once by running it against a response that only records them: with the
 * options below they are the same on every answer (no nonce, nothing read from the request). Its one removal
 * (X-Powered-By) removes nothing here, since neither Node nor Fastify sets that header.
 */
function helmetHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;
const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/** helmet's part: every header but the policy, framing and referrer ones (headersOf), HSTS when the public URL is https. */
const helmetOptions = (publicUrl: string): HelmetOptions => ({
  contentSecurityPolicy: false,
  frameguard: false,
  referrerPolicy: false,
  strictTransportSecurity: isHttps(publicUrl) ? HSTS : false,
});

/**
 * Fastify answers a URL it cannot decode (or a path parameter over its length limit) before any hook runs, through
 * its `frameworkErrors` option: that answer carries the headers of an API error from here.
 */
export const frameworkErrorHeaders = (publicUrl: string): Record<string, string> => ({ ...helmetHeadersOf(helmetOptions(publicUrl)), ...headersOf('/api') });

/**
 * Security headers on every answer (pages, files, JSON, errors, 404s), through helmet: nosniff,
 * Cross-Origin-Opener/Resource-Policy same-origin, HSTS (one year, subdomains) when the public URL is https. The
 * policy, framing and referrer headers depend on what answers, so this plugin sets those itself on each request.
 *
 * helmet's headers are read once, at start (helmetHeadersOf): @fastify/helmet made its middleware again on every
 * request (its options read, a function per header made), about 3 KB of garbage and two hooks per request for headers
 * that never change, and running the middleware per request set each on the raw response.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const helmetHeaders = helmetHeadersOf(helmetOptions(app.config.publicUrl));

    // A matched route's headers are worked out once per route pattern (a few hundred at most), not per request, and
    // set on the reply in one go. Nothing is set on the raw response, so Node writes them out as they are (with any
    // header set on the raw response first, Node adds each of the reply's again, one by one: 5 KB of garbage per answer).
    // Measured (30 November, in one process, interleaved): worked out, a request's headers take 6.8-7.0 µs; from the
    // map, under 0.1 µs. A search answered from the answer cache costs the API 81-152 µs of CPU on `npm start`, so the
    // map saves it 5-8%. (Callgrind's counts of that mix vary by more than that from run to run: 183,562-241,723
    // instructions per search, with the map or without.)
    const ofRoute = new Map<string, Record<string, string>>();
    const headersOfRequest = (route: string | undefined, url: string) => ({ ...helmetHeaders, ...headersOf(route ?? url.split('?', 1)[0] ?? '/') });
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      let headers = route === undefined ? undefined : ofRoute.get(route);
      if (!headers) {
        headers = headersOfRequest(route, request.url);
        if (route !== undefined) ofRoute.set(route, headers);
      }
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['infrastructure'] },
);
