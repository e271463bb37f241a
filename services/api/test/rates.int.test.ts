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
