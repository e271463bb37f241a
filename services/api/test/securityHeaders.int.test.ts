import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../infra/src/build/precompress';
import { CONTENT_SECURITY_POLICIES } from '../src/plugins/securityHeaders';
import { createTestApp, signIn, type TestApp } from './support';

// The policies as a reader checks them: exactly what is shipped.
const STOREFRONT_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'self'; object-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' blob: https:; frame-src https://www.youtube-nocookie.com; frame-ancestors 'self'; report-uri /api/csp-reports";
const CONSOLE_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'self'; object-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; frame-src 'self'; frame-ancestors 'none'; report-uri /api/csp-reports";
const QUEUES_CSP =
  "default-src 'none'; base-uri 'self'; form-action 'self'; object-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self'; frame-ancestors 'none'; report-uri /api/csp-reports";
const DOCS_CSP =
  "default-src 'none'; base-uri 'none'; form-action 'self'; object-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; img-src 'self' data:; frame-ancestors 'none'; report-uri /api/csp-reports";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';
const SUBMISSION_ID = '7c0e1a2b-1111-4222-8333-944445555666';

/** The two web apps in miniature: an index page and a hashed script each, pre-compressed as the build does. */
async function builtWebApps(root: string) {
  const storefrontDir = join(root, 'storefront');
  const adminDir = join(root, 'admin');
  for (const [dir, base] of [
    [storefrontDir, '/'],
    [adminDir, '/admin/'],
  ] as const) {
    await mkdir(join(dir, 'assets'), { recursive: true });
    await writeFile(join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="${base}assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`);
    await writeFile(join(dir, 'assets', 'index-abc123.js'), 'export {};\n');
    await precompressDirectory(dir);
  }
  return { storefrontDir, adminDir };
}

type Expected = { csp: string; frame: 'DENY' | 'SAMEORIGIN'; referrer: 'no-referrer' | 'strict-origin-when-cross-origin' };
const PAGE = { storefront: { csp: STOREFRONT_CSP, frame: 'SAMEORIGIN', referrer: 'strict-origin-when-cross-origin' } } as const;

function expectHeaders(response: LightMyRequestResponse, expected: Expected, https: boolean) {
  const { headers } = response;
  expect(headers['content-security-policy']).toBe(expected.csp);
  expect(headers['x-frame-options']).toBe(expected.frame);
  expect(headers['referrer-policy']).toBe(expected.referrer);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['strict-transport-security']).toBe(https ? HSTS : undefined);
  // The rest of helmet's, read from it once at start.
  expect(headers['origin-agent-cluster']).toBe('?1');
  expect(headers['x-dns-prefetch-control']).toBe('off');
  expect(headers['x-download-options']).toBe('noopen');
  expect(headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(headers['x-xss-protection']).toBe('0');
  expect(headers['x-powered-by']).toBeUndefined();
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'security-headers-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('ships the policies this file spells out', () => {
  expect(CONTENT_SECURITY_POLICIES).toEqual({ storefront: STOREFRONT_CSP, console: CONSOLE_CSP, queues: QUEUES_CSP, docs: DOCS_CSP, api: API_CSP });
});

describe.each([
  { scheme: 'http', publicUrl: 'http://localhost:3000', https: false },
  { scheme: 'https', publicUrl: 'https://autobest.example', https: true },
])('security headers with a $scheme public URL', ({ scheme, publicUrl, https }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(`api_security_headers_${scheme}`, { PUBLIC_URL: publicUrl }, { webApps: await builtWebApps(join(root, scheme)) });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = { accept: 'text/html', 'accept-encoding': 'br' }) => t.app.inject({ method: 'GET', url, headers });

  it('storefront pages: their policy, framed only by this origin', async () => {
    for (const url of ['/', '/news', '/inventory?make=Toyota', '/vehicle/chery-tiggo-8-pro-2024']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expectHeaders(response, PAGE.storefront, https);
    }
    expectHeaders(await get('/assets/index-abc123.js', {}), PAGE.storefront, https);
  });

  it('status pages and the status API send no Referer, however the path is spelled', async () => {
    for (const url of [
      `/sell-car-status/${SUBMISSION_ID}?token=secret`,
      `/trade-in-status/${SUBMISSION_ID}?token=secret`,
      `/Sell-Car-Status/${SUBMISSION_ID}/?token=secret`,
      `/trade-in-status/${SUBMISSION_ID}%2F?token=secret`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expectHeaders(response, { ...PAGE.storefront, referrer: 'no-referrer' }, https);
    }
    for (const kind of ['sell-car', 'trade-in']) {
      const response = await get(`/api/${kind}-submissions/${SUBMISSION_ID}/status?token=secret`, {});
      expect(response.statusCode).toBe(404);
      expectHeaders(response, { csp: API_CSP, frame: 'DENY', referrer: 'no-referrer' }, https);
    }
  });

  it('the console: its own policy, never framed, its files included', async () => {
    for (const url of ['/admin', '/admin/sell-car-submissions/7/show']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body.length, url).toBeGreaterThan(0);
      expectHeaders(response, { csp: CONSOLE_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);
    }
    const script = await get('/admin/assets/index-abc123.js', {});
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expectHeaders(script, { csp: CONSOLE_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);
  });

  it('the queue dashboard: its own policy, never framed, beside the console', async () => {
    const cookie = await signIn(t.app);
    const queues = { csp: QUEUES_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' } as const;
    for (const url of ['/admin/queues', '/admin/queues/queue/rates', '/admin/queues/api/queues', '/admin/queues/static/images/logo.svg']) {
      const response = await get(url, { accept: 'text/html', cookie });
      expect(response.statusCode, url).toBe(200);
      expectHeaders(response, queues, https);
    }
    const refused = await get('/admin/queues/api/queues', {});
    expect(refused.statusCode).toBe(401);
    expectHeaders(refused, queues, https);
    // The console around it keeps its own.
    expectHeaders(await get('/admin/sell-car-submissions'), { csp: CONSOLE_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);
  });

  it('API answers, errors and 404s: nothing may load or frame them', async () => {
    const json = await get('/api/rates', {});
    expect(json.statusCode).toBe(200);
    expectHeaders(json, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    const unauthorized = await get('/api/admin/sell-car-submissions', {});
    expect(unauthorized.statusCode).toBe(401);
    expectHeaders(unauthorized, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    const invalid = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expectHeaders(invalid, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    const notJson = await t.app.inject({ method: 'POST', url: '/api/contact-messages', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.statusCode).toBe(400);
    expectHeaders(notJson, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    // Fastify refuses a URL it cannot decode before any hook runs.
    const undecodable = await get('/api/vehicles/%zz', {});
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json<{ error: string }>().error).toBe('bad_request');
    expectHeaders(undecodable, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    const unknownApi = await get('/api/no-such-thing', {});
    expect(unknownApi.statusCode).toBe(404);
    expectHeaders(unknownApi, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);

    const unknownFile = await get('/no-such-file.png', {});
    expect(unknownFile.statusCode).toBe(404);
    expectHeaders(unknownFile, PAGE.storefront, https);

    const unknownMedia = await get('/media/vehicles/no-such-photo.jpg', {});
    expect(unknownMedia.statusCode).toBe(404);
    expectHeaders(unknownMedia, { csp: API_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);
  });

  it('the OpenAPI page gets what Swagger UI needs and no more', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui.css', '/api/docs/static/swagger-initializer.js']) {
      const response = await get(url, {});
      expect(response.statusCode, url).toBe(200);
      expectHeaders(response, { csp: DOCS_CSP, frame: 'DENY', referrer: 'strict-origin-when-cross-origin' }, https);
    }
  });
});

describe('Content-Security-Policy violation reports', () => {
  let t: TestApp;
  const logged: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(line: Buffer, _encoding, done) {
        logged.push(JSON.parse(line.toString()) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp('api_csp_reports', {}, { logger: { level: 'warn', stream } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const violations = () => logged.filter((entry) => entry['msg'] === 'Content-Security-Policy violation').map((entry) => entry['cspViolation']);
  const report = (contentType: string, payload: unknown, address = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/csp-reports', headers: { 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), remoteAddress: address });

  it('logs a report-uri report at warn without the status token, and answers 204', async () => {
    logged.length = 0;
    const response = await report('application/csp-report', {
      'csp-report': {
        'document-uri': `http://localhost:3000/sell-car-status/${SUBMISSION_ID}?token=secret-token`,
        referrer: '',
        'violated-directive': 'script-src-elem',
        'effective-directive': 'script-src-elem',
        'original-policy': STOREFRONT_CSP,
        disposition: 'enforce',
        'blocked-uri': 'inline',
        'line-number': 12,
        'column-number': 3,
        'source-file': `http://localhost:3000/sell-car-status/${SUBMISSION_ID}?token=secret-token`,
        'status-code': 200,
        'script-sample': 'alert(1)',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(violations()).toEqual([
      {
        documentUrl: `http://localhost:3000/sell-car-status/${SUBMISSION_ID}`,
        directive: 'script-src-elem',
        blockedUrl: 'inline',
        sourceFile: `http://localhost:3000/sell-car-status/${SUBMISSION_ID}`,
        line: 12,
        column: 3,
        sample: 'alert(1)',
        disposition: 'enforce',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('secret-token');
  });

  it('refuses what is not a report: wrong type 415, bad shape 400, too large 413', async () => {
    expect((await report('application/xml', '<report/>')).statusCode).toBe(415);
    expect((await report('application/csp-report', '{')).statusCode).toBe(400);
    const badShape = await report('application/csp-report', { 'csp-report': { 'line-number': 'twelve' } });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json<{ error: string }>().error).toBe('validation_failed');
    const tooLarge = await report('application/csp-report', { 'csp-report': { 'script-sample': 'x'.repeat(9000) } });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('limits reports per address: the 61st in a minute is 429 with Retry-After, another address still reports', async () => {
    const one = { 'csp-report': { 'blocked-uri': 'inline', 'effective-directive': 'style-src-elem' } };
    for (let sent = 0; sent < 60; sent++) expect((await report('application/csp-report', one, '198.51.100.9')).statusCode).toBe(204);
    const over = await report('application/csp-report', one, '198.51.100.9');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('application/csp-report', one, '198.51.100.10')).statusCode).toBe(204);
  });
});
