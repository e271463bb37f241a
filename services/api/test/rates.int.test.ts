import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('api_rates');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/rates', () => {
  it('serves the newest stored snapshot with its source and time, completed from the fallback table', async () => {
    await t.testDb.db.insertInto('rate_snapshots').values({ source: 'rate service', rates: JSON.stringify({ NGN: 1500 }) }).execute();
    await t.testDb.db.insertInto('rate_snapshots').values({ source: 'rate service', rates: JSON.stringify({ NGN: 1620, ZAR: 17.9 }) }).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/rates' });
    expect(response.headers['cache-control']).toContain('max-age=300');
    const body = response.json<{ source: string; timestamp: string; rates: Record<string, number> }>();
    expect(body.source).toBe('rate service');
    expect(Date.now() - new Date(body.timestamp).getTime()).toBeLessThan(60_000);
    expect(body.rates).toMatchObject({ NGN: 1620, ZAR: 17.9, KES: 130, AOA: 830 });
  });
});

describe('GET /api/geo', () => {
  it('ignores country headers unless behind a trusted proxy, and reads Accept-Language', async () => {
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/geo', headers: { 'cf-ipcountry': 'KE', 'accept-language': 'en-GH,en;q=0.8' } });
    expect(spoofed.json()).toEqual({ country: 'GH', currency: 'GHS', source: 'accept-language' });
    expect((await t.app.inject({ method: 'GET', url: '/api/geo' })).json()).toEqual({ country: null, currency: 'NGN', source: 'default' });
  });
});

describe('GET /api/geo behind a proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp('api_geo_proxy', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('believes the proxy country header', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-country-code': 'ZA', 'accept-language': 'en-NG' } });
    expect(response.json()).toEqual({ country: 'ZA', currency: 'ZAR', source: 'proxy-header' });
  });
});
