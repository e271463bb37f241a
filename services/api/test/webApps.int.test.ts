import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../infra/src/build/precompress';
import { createTestApp, type TestApp } from './support';

// A built storefront in miniature: an index page and a hashed script big enough to be worth compressing.
const SCRIPT = `export const cars = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: `chery-tiggo-${i}`, name: 'Chery Tiggo 8 Pro' })))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

const SERVICE_WORKER = `self.addEventListener('fetch', () => undefined);\n${'// padding\n'.repeat(100)}`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storefront-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  await writeFile(join(dir, 'sw.js'), SERVICE_WORKER);
  const compressed = await precompressDirectory(dir);
  expect(compressed.map((path) => path.slice(dir.length)).sort()).toEqual(['/assets/index-abc123.js', '/assets/tiny-abc123.js', '/index.html', '/sw.js']);
  t = await createTestApp('api_compression', {}, { webApps: { storefrontDir: dir, adminDir: '/nonexistent' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('compression and caching of what the browser downloads', () => {
  it('sends the Brotli copy of a hashed script to a browser that accepts it, cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const tiny = await t.app.inject({ method: 'GET', url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(tiny.rawPayload).toString()).toBe('export {};\n');
  });

  it("revalidates the storefront's service worker on each check, so a deploy's version is found at once", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SERVICE_WORKER);
  });

  it('serves every page address the compressed index page, revalidated on each visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/vehicle/chery-tiggo-8-pro-2024', headers: { 'accept-encoding': 'br', accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('compresses large API answers on the fly and leaves small ones alone', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    const spec = JSON.parse(gunzipSync(docs.rawPayload).toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/vehicles');
    const health = await t.app.inject({ method: 'GET', url: '/api/rates', headers: { 'accept-encoding': 'gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json<{ base: string }>().base).toBe('USD');
  });

  it("sends the spec's staff addresses to their screens in the console", async () => {
    for (const [from, to] of [
      ['/inventory-qa', '/admin/inventory-qa'],
      ['/vehicle-data-collection', '/admin/vehicle-data-collection'],
      ['/admin/trade-in', '/admin/trade-in-submissions'],
      ['/admin/sell-car/7c0e1a2b-1111-4222-8333-944445555666', '/admin/sell-car-submissions/7c0e1a2b-1111-4222-8333-944445555666/show'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: from! });
      expect(response.statusCode, from).toBe(302);
      expect(response.headers['location']).toBe(to);
    }
  });
});
