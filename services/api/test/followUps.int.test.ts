import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { Projector, allProjections } from '@autobest/projections';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, minimalListing, signIn, STAFF_NAME, type TestApp } from './support';

/**
 * The routes every followed-up resource shares (followUps/routes.ts), held to the same behaviour for each: enquiries,
 * contact messages and reservation requests. What is particular to one is tested beside its own routes.
 */

interface FollowedUp {
  id: string;
  status: string;
  version: number;
  lastUpdated: string | null;
  history: Array<{ from: string; to: string; at: string; by: string | null }>;
  notes: Array<{ text: string; at: string; by: string | null }>;
}

const VEHICLE = minimalListing('toyota-venza-2024', 'Toyota Venza');

let t: TestApp;
let cookie: string;
let phoneSequence = 1000;
/** Each record's own phone, so no two reservation requests are one buyer's. */
const nextPhone = () => `+234 803 777 ${phoneSequence++}`;

interface Resource {
  resource: 'enquiries' | 'contact-messages' | 'reservation-requests';
  table: 'enquiries' | 'contact_messages' | 'reservation_requests';
  /** Sends one from the storefront, its name carrying `marker` (searchable), and answers its id. */
  create(marker: string): Promise<string>;
  /** The CSV header the export starts with. */
  csvHeader: string[];
}

const created = async (response: { statusCode: number; json<T>(): T; body: string }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

const RESOURCES: Resource[] = [
  {
    resource: 'enquiries',
    table: 'enquiries',
    create: async (marker) =>
      created(await t.app.inject({ method: 'POST', url: '/api/enquiries', payload: { kind: 'deal', fullName: `${marker} Obi`, phone: nextPhone(), subject: 'Toyota Venza deal' } })),
    csvHeader: ['ID', 'Received', 'Kind', 'Subject', 'Name', 'Phone', 'Email', 'Preferred Date', 'Message', 'Details', 'Sent From', 'Status', 'Last Updated', 'Notes'],
  },
  {
    resource: 'contact-messages',
    table: 'contact_messages',
    create: async (marker) =>
      created(
        await t.app.inject({
          method: 'POST',
          url: '/api/contact-messages',
          payload: { firstName: marker, lastName: 'Obi', email: 'ada@example.ng', phone: nextPhone(), message: 'Do you deliver to Abuja?', language: 'fr' },
        }),
      ),
    csvHeader: ['ID', 'Received', 'First Name', 'Last Name', 'Email', 'Phone', 'Language', 'Message', 'Status', 'Last Updated', 'Notes'],
  },
  {
    resource: 'reservation-requests',
    table: 'reservation_requests',
    create: async (marker) =>
      created(await t.app.inject({ method: 'POST', url: `/api/vehicles/${VEHICLE.id}/reservations`, payload: { name: `${marker} Obi`, phone: nextPhone(), email: 'ada@example.ng', language: 'sw' } })),
    csvHeader: ['ID', 'Requested', 'Vehicle ID', 'Vehicle', 'Name', 'Phone', 'Email', 'Language', 'Status', 'Last Updated', 'Notes'],
  },
];

beforeAll(async () => {
  t = await createTestApp('api_follow_ups', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: VEHICLE, headers: { cookie } })).statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.testDb.db)).rows[0]?.n);
const filterQuery = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe.each(RESOURCES)('/api/admin/$resource', ({ resource, table, create, csvHeader }) => {
  const base = `/api/admin/${resource}`;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const one = async (id: string) => (await get(`${base}/${id}`)).json<FollowedUp>();

  it('needs a staff session for every follow-up route', async () => {
    const id = await create('Nobody');
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/stats`],
      ['GET', `${base}/export.csv`],
      ['GET', `${base}/${id}`],
      ['POST', `${base}/${id}/status`],
      ['POST', `${base}/${id}/notes`],
    ] as const) {
      const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { status: 'closed', text: 'x' } } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('starts new; staff mark it contacted and add a note, each answering the record with its history; a stale version is 409', async () => {
    const id = await create('Amaka');
    await project();
    expect(await one(id)).toMatchObject({ id, status: 'new', version: 1, lastUpdated: null, history: [], notes: [] });

    const contacted = await post(`${base}/${id}/status`, { status: 'contacted', expectedVersion: 1 });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json<FollowedUp>()).toMatchObject({ status: 'contacted', version: 2, lastUpdated: expect.any(String), history: [{ from: 'new', to: 'contacted', at: expect.any(String), by: STAFF_NAME }] });

    const stale = await post(`${base}/${id}/notes`, { text: 'Called, no answer', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict' });

    const noted = await post(`${base}/${id}/notes`, { text: '  Called back:\nwants a test drive on Monday  ', expectedVersion: 2 });
    expect(noted.statusCode).toBe(200);
    expect(noted.json<FollowedUp>()).toMatchObject({ status: 'contacted', version: 3, notes: [{ text: 'Called back:\nwants a test drive on Monday', at: expect.any(String), by: STAFF_NAME }] });

    const closed = await post(`${base}/${id}/status`, { status: 'closed' });
    expect(closed.json<FollowedUp>().history.map((change) => `${change.from}>${change.to}`)).toEqual(['new>contacted', 'contacted>closed']);
    expect(await one(id)).toEqual(closed.json());
  });

  it('refuses to move a followed-up record back to new, saying why by code, and records nothing', async () => {
    const id = await create('Bisi');
    await project();
    await post(`${base}/${id}/status`, { status: 'closed' });
    const before = await eventCount();
    const refused = await post(`${base}/${id}/status`, { status: 'new' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'status_change_refused',
      message: 'A closed request cannot go back to new',
      fields: { status: 'A closed request cannot go back to new' },
      codes: { status: { code: 'followUpBackToNew', params: { from: 'closed' } } },
    });
    // Asking for the status it has changes nothing; reopening a closed one makes it contacted.
    expect((await post(`${base}/${id}/status`, { status: 'closed' })).json<FollowedUp>().version).toBe(2);
    expect(await eventCount()).toBe(before);
    expect((await post(`${base}/${id}/status`, { status: 'contacted' })).json<FollowedUp>()).toMatchObject({ status: 'contacted', version: 3 });
  });

  it.each([
    ['status', 'status', { status: 'pending' }, 'Status must be one of: new, contacted, closed'],
    ['notes', 'text', { text: '   ' }, 'Note text is required'],
    ['notes', 'text', { text: 'x'.repeat(5001) }, 'A note is at most 5000 characters'],
    ['notes', 'expectedVersion', { text: 'ok', expectedVersion: -1 }, expect.any(String)],
  ])('answers 400 naming the field for a bad %s body (%s)', async (command, field, body, message) => {
    const id = await create('Chika');
    await project();
    const before = await eventCount();
    const response = await post(`${base}/${id}/${command}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string; fields: Record<string, string> }>()).toMatchObject({ error: 'validation_failed', fields: { [field]: message } });
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 for an unknown or malformed id, on reads and commands', async () => {
    for (const id of ['6d1c3a52-0000-4000-8000-000000000000', 'nope']) {
      expect((await get(`${base}/${id}`)).statusCode).toBe(404);
      expect((await post(`${base}/${id}/status`, { status: 'closed' })).statusCode).toBe(404);
      expect((await post(`${base}/${id}/notes`, { text: 'x' })).statusCode).toBe(404);
    }
  });

  it('filters by status and search; the count cards follow the other filters; the CSV holds what the filters keep, formula-safe', async () => {
    const marker = `Zed${resource.length}`;
    const [first, second, third] = [await create(marker), await create(marker), await create(`=HYPERLINK("http://evil")`)];
    await create('Someone');
    await project();
    await post(`${base}/${second}/status`, { status: 'contacted' });
    await post(`${base}/${second}/notes`, { text: '+234 call back' });
    await post(`${base}/${third}/status`, { status: 'closed' });

    const list = async (filter: object) => (await get(`${base}?${filterQuery(filter)}`)).json<FollowedUp[]>().map((row) => row.id);
    expect(await list({ q: marker })).toEqual([second, first]);
    expect(await list({ q: marker, status: 'contacted' })).toEqual([second]);
    expect(await list({ q: marker, status: 'closed' })).toEqual([]);
    expect(await list({ q: 'HYPERLINK', status: 'closed' })).toEqual([third]);

    // The status filter does not narrow the cards: they show every status side by side.
    expect((await get(`${base}/stats?${filterQuery({ q: marker, status: 'closed' })}`)).json()).toEqual({ total: 2, new: 1, contacted: 1, closed: 0 });
    const all = (await get(`${base}/stats`)).json<Record<string, number>>();
    const rows = await t.testDb.db.selectFrom(table).select(['status']).execute();
    expect(all).toEqual({
      total: rows.length,
      new: rows.filter((row) => row.status === 'new').length,
      contacted: rows.filter((row) => row.status === 'contacted').length,
      closed: rows.filter((row) => row.status === 'closed').length,
    });

    const csv = await get(`${base}/export.csv?${filterQuery({ q: marker })}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`filename="${resource}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [header, ...records] = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual(csvHeader);
    expect(records.map((record) => record[0])).toEqual([second, first]);
    const status = header!.indexOf('Status');
    expect(records.map((record) => record[status])).toEqual(['contacted', 'new']);
    expect(records[0]![header!.indexOf('Notes')]).toMatch(new RegExp(`^'\\+234 call back \\(${STAFF_NAME}, `));

    const evil = parse((await get(`${base}/export.csv?${filterQuery({ q: 'HYPERLINK' })}`)).body.replace(/^\uFEFF/, '')) as string[][];
    expect(evil[1]!.some((cell) => cell.startsWith(`'=HYPERLINK("http://evil")`))).toBe(true);
    expect(evil[1]!.some((cell) => cell.startsWith('='))).toBe(false);

    expect((await get(`${base}?${filterQuery({ status: 'pending' })}`)).statusCode).toBe(400);
    expect((await get(`${base}/stats?${filterQuery({ status: 'pending' })}`)).statusCode).toBe(400);
  });

  it('is the same read model after a rebuild from the events', async () => {
    await project();
    const snapshot = () => t.testDb.db.selectFrom(table).selectAll().orderBy('id').execute();
    const before = (await snapshot()).map(({ projected_at: _projectedAt, ...row }: Record<string, unknown>) => row);
    expect(before.some((row) => row['status'] !== 'new')).toBe(true);
    await new Projector(t.testDb.db, allProjections).rebuild([table === 'reservation_requests' ? 'vehicles' : table === 'contact_messages' ? 'contact-messages' : 'enquiries']);
    expect((await snapshot()).map(({ projected_at: _projectedAt, ...row }: Record<string, unknown>) => row)).toEqual(before);
  });
});
