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
  it('ignores country headers and forwarded addresses unless behind a trusted proxy, and reads Accept-Language', async () => {
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/geo', headers: { 'cf-ipcountry': 'KE', 'x-forwarded-for': '41.90.64.1', 'accept-language': 'en-GH,en;q=0.8' } });
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

  // Addresses the offline database (geoip-country) places in each country; a browser saying en-US tells nothing.
  it.each([
    ['41.90.64.1', 'KE', 'KES'],
    ['154.160.0.1', 'GH', 'GHS'],
    ['41.202.207.1', 'CM', 'XAF'],
    ['160.154.0.1', 'CI', 'XOF'],
    ['196.200.0.1', 'ZA', 'ZAR'],
    ['105.112.0.1', 'NG', 'NGN'],
    ['2c0f:fe38::1', 'KE', 'KES'],
  ])('a visitor at %s gets the currency of %s by address alone', async (address, country, currency) => {
    const response = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': address, 'accept-language': 'en-US,en;q=0.9' } });
    expect(response.json()).toEqual({ country, currency, source: 'address' });
  });

  it('the proxy country header comes before the address', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': '41.90.64.1', 'cf-ipcountry': 'GH' } });
    expect(response.json()).toEqual({ country: 'GH', currency: 'GHS', source: 'proxy-header' });
  });

  it('private and loopback addresses fall through to Accept-Language, then to naira', async () => {
    for (const address of ['10.1.2.3', '192.168.1.20', '127.0.0.1', '::1']) {
      const languages = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': address, 'accept-language': 'fr-CI' } });
      expect(languages.json()).toEqual({ country: 'CI', currency: 'XOF', source: 'accept-language' });
      const nothing = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': address, 'accept-language': 'en-US' } });
      expect(nothing.json()).toEqual({ country: null, currency: 'NGN', source: 'default' });
    }
  });

  it('an address in a country we do not serve falls through too, and is named', async () => {
    const response = await proxied.app.inject({ method: 'GET', url: '/api/geo', headers: { 'x-forwarded-for': '41.207.160.1', 'accept-language': 'en-US' } });
    expect(response.json()).toEqual({ country: 'TG', currency: 'NGN', source: 'default' });
  });
});
