import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './support';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_docs');
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, byMethod]) => Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`));
const references = (document: OpenApiDocument) => [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);

describe('the OpenAPI document', () => {
  it('lists only public routes, signing in and choosing a password with an emailed link, to the public', async () => {
    for (const headers of [{}, { cookie: 'autobest_session=forged' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
      expect(response.statusCode).toBe(200);
      const document = response.json<OpenApiDocument>();
      const listed = operations(document);
      expect(listed.filter((operation) => operation.includes(' /api/admin'))).toEqual(['POST /api/admin/session', 'POST /api/admin/set-password']);
      expect(listed).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/vehicles', 'POST /api/contact-messages', 'POST /api/sell-car-submissions']));
      // Schemas only staff routes use describe staff records; every schema the public document refers to is in it.
      for (const staffOnly of ['OutboxEmail', 'Submission', 'AdminVehicle', 'ReservationRequest', 'DataCollection', 'ImportResult']) {
        expect(document.components.schemas, staffOnly).not.toHaveProperty(staffOnly);
      }
      for (const name of references(document)) expect(document.components.schemas, name).toHaveProperty(name);
      expect(response.headers['cache-control']).toBeUndefined();
    }
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/api/vehicles');
    expect(yaml.body).not.toContain('/api/admin/sell-car-submissions');
  });

  it('lists every route to a signed-in staff member, and that answer is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    const listed = operations(response.json<OpenApiDocument>());
    expect(listed).toEqual(expect.arrayContaining(['GET /api/admin/sell-car-submissions', 'GET /api/admin/emails', 'POST /api/admin/vehicle-images', 'GET /api/vehicles']));
    expect(listed.filter((operation) => operation.includes(' /api/admin')).length).toBeGreaterThan(30);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['vary']).toMatch(/cookie/i);
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml', headers: { cookie } });
    expect(yaml.body).toContain('/api/admin/sell-car-submissions');
  });

  it('still serves the documentation page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });
});
