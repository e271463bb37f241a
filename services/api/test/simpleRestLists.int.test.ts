import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '@autobest/db';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';

/** Every resource the console lists through ra-data-simple-rest. */
const LIST_RESOURCES = ['sell-car-submissions', 'trade-in-submissions', 'vehicles', 'reservation-requests', 'enquiries', 'contact-messages', 'emails', 'news-sources', 'articles', 'videos', 'tara-answers'] as const;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_simple_rest_lists', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  // A few rows, so sorting and counting have something to work on.
  for (const [id, name] of [['list-test-a', 'Alpha'], ['list-test-b', 'Bravo']]) {
    const vehicle = { id, name, price: 20000, images: [{ url: '/vehicles/suv.svg', alt: name }], specifications: [{ name: 'Engine', value: '2.0' }], category: 'SUV', brand: 'Chery', model: name, year: 2024 };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: vehicle, headers: { cookie } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/vehicles/${id}/reservations`, payload: { name: 'Chidi', phone: '0803 555 0100' } })).statusCode).toBe(201);
  }
  const contact = { firstName: 'Amina', lastName: 'Bello', email: 'amina@example.com', phone: '+234 803 555 0101', message: 'Hello' };
  expect((await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: contact })).statusCode).toBe(201);
  for (const projection of ['vehicles', 'contact-messages']) await t.app.readModels.waitFor(projection, async () => false);
});
afterAll(async () => {
  await t?.close();
});

const list = (resource: string, query: Record<string, unknown>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/${resource}`,
    query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, JSON.stringify(value)])),
    headers: { cookie },
  });

const totalOf = (contentRange: string | undefined) => Number(contentRange?.split('/')[1]);

describe('the ra-data-simple-rest list contract', () => {
  it.each(LIST_RESOURCES)("%s sorts by react-admin's default sort, id DESC, and counts in both headers", async (resource) => {
    const response = await list(resource, { sort: ['id', 'DESC'], range: [0, 24] });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<Array<{ id: string }>>().map((record) => record.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(response.headers['content-range']).toMatch(new RegExp(`^${resource} (\\d+-\\d+|\\*)/\\d+$`));
    expect(response.headers['x-total-count']).toBe(String(totalOf(response.headers['content-range'] as string)));
    expect(response.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count');
  });

  it.each(LIST_RESOURCES)('%s answers an empty id list (getMany of nothing) with no records and total 0', async (resource) => {
    const response = await list(resource, { filter: { id: [] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['content-range']).toBe(`${resource} */0`);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each(LIST_RESOURCES)('%s finds records by id and ignores an id that names none', async (resource) => {
    const all = (await list(resource, {})).json<Array<{ id: string }>>();
    const response = await list(resource, { filter: { id: [...all.slice(0, 1).map((record) => record.id), 'not-an-id'] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Array<{ id: string }>>().map((record) => record.id)).toEqual(all.slice(0, 1).map((record) => record.id));
    expect(response.headers['x-total-count']).toBe(String(Math.min(all.length, 1)));
  });

  it('has rows to work on where the setup made them', async () => {
    for (const resource of ['vehicles', 'reservation-requests', 'contact-messages']) {
      expect(Number((await list(resource, {})).headers['x-total-count']), resource).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the command handler behind the routes', () => {
  it('answers a command on a stream holding an event that fails its schema with a 500, not a guess', async () => {
    const id = 'SC-1700000000000-BROKEN';
    await appendToStream(t.testDb.db, `sell-car-${id}`, 0, [{ type: 'SellCarSubmitted', data: { submissionId: id } }], {
      actor: { kind: 'system', name: 'test' },
      correlationId: 'broken',
      causationId: null,
      requestId: null,
    });
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/sell-car-submissions/${id}/notes`, payload: { text: 'Call back' }, headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'internal_error' });
  });

  it('maps a decider refusing an unknown record to 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/sell-car-submissions/SC-1700000000000-NOSUCH/status', payload: { status: 'reviewed' }, headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Submission was not found' });
  });
});
