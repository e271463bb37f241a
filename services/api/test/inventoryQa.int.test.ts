import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { catalogueListings } from '../../../infra/src/seed/catalogue';
import { createTestApp, signIn, type TestApp } from './support';

interface QaReport {
  summary: { total: number; complete: number; needReview: number; critical: number; completionPercent: number };
  vehicles: Array<{ id: string; health: string; priority: string | null; issues: Array<{ kind: string; message: string }> }>;
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_qa');
  const listings = catalogueListings();
  const tiggo = listings.find((listing) => listing.id === 'chery-tiggo-4-pro-luxury-2025')!;
  await seedCatalogue(t.testDb.db, [
    ...listings,
    // A copy of a listing, and one priced at three times its model's median with one image and no features.
    { ...tiggo, id: 'tiggo-copy' },
    { ...tiggo, id: 'tiggo-odd', price: (tiggo.price as number) * 3, images: [tiggo.images[0]!], features: [] },
  ]);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const qa = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/inventory-qa', headers: { cookie } })).json<QaReport>();

describe('inventory QA', () => {
  it('computes issues and health from the real catalogue', async () => {
    const report = await qa();
    expect(report.summary.total).toBe(164);
    expect(report.summary.complete + report.summary.needReview + report.summary.critical).toBe(164);
    const odd = report.vehicles.find((vehicle) => vehicle.id === 'tiggo-odd')!;
    expect(odd.issues.map((issue) => issue.kind).sort()).toEqual(['features', 'images', 'price']);
    expect(odd).toMatchObject({ health: 'Critical', priority: 'HIGH' });
    const copy = report.vehicles.find((vehicle) => vehicle.id === 'tiggo-copy');
    expect(copy?.issues).toEqual([{ kind: 'duplicate', message: 'Possible duplicate of chery-tiggo-4-pro-luxury-2025' }]);
    expect(copy?.health).toBe('Needs Review');
    // The four spec samples carry one image each.
    expect(report.vehicles.find((vehicle) => vehicle.id === 'sample-byd-seal-2024')?.issues[0]?.message).toBe('Only 1 of 5 images');
  });

  it('exports a dated text report', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/inventory-qa/report.txt', headers: { cookie } });
    expect(response.headers['content-disposition']).toMatch(/auto-best-qa-report-\d{4}-\d{2}-\d{2}\.txt/);
    expect(response.body).toContain('Total vehicles: 164');
    expect(response.body).toMatch(/\[Critical, HIGH\] tiggo-odd/);
  });

  it('applies a bulk fix to the selected vehicles', async () => {
    const fixed = await t.app.inject({ method: 'POST', url: '/api/admin/inventory-qa/bulk-update', headers: { cookie }, payload: { ids: ['tiggo-odd', 'no-such'], fix: 'set-price-to-median' } });
    expect(fixed.json()).toEqual({ updated: 1, skipped: ['no-such: not found'] });
    const after = await qa();
    expect(after.vehicles.find((vehicle) => vehicle.id === 'tiggo-odd')?.issues.map((issue) => issue.kind).sort()).toEqual(['features', 'images']);
    const delisted = await t.app.inject({ method: 'POST', url: '/api/admin/inventory-qa/bulk-update', headers: { cookie }, payload: { ids: ['tiggo-copy'], fix: 'delist' } });
    expect(delisted.json()).toEqual({ updated: 1, skipped: [] });
    expect((await qa()).summary.total).toBe(163);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/inventory-qa/bulk-update', headers: { cookie }, payload: { ids: [], fix: 'paint-it-red' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fields: object }>().fields).sort()).toEqual(['fix', 'ids']);
  });
});
