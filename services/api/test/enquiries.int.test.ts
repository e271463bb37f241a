import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Projector, allProjections } from '@autobest/projections';
import { readStream } from '@autobest/db';
import { PUBLIC_ENQUIRY_KINDS as ENQUIRY_KINDS, type PublicEnquiryKind as EnquiryKind } from '@autobest/domain';
import { createTestApp, signIn, STAFF_EMAIL, STAFF_NAME, type TestApp } from './support';

interface Enquiry {
  id: string;
  kind: EnquiryKind;
  fullName: string;
  phone: string;
  email: string | null;
  subject: string;
  message: string | null;
  preferredDate: string | null;
  details: Record<string, string | number>;
  sourcePath: string | null;
  status: string;
  receivedAt: string;
  lastUpdated: string | null;
  version: number;
  history: Array<{ from: string; to: string; at: string; by: string | null }>;
  notes: Array<{ text: string; at: string; by: string | null }>;
}

/** One enquiry of each kind, as the storefront's buttons send them. */
const BY_KIND: Record<EnquiryKind, object> = {
  deal: { subject: 'Chery Tiggo 8 Pro 2024 deal', details: { dealId: 'deal-7', salePrice: 38_500_000 }, sourcePath: '/on-sale' },
  rental: { subject: 'Toyota Hilux rental', preferredDate: '2026-12-24', details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255_000 }, sourcePath: '/rent-lease' },
  lease: { subject: 'Lexus RX 350 lease', message: 'Two-year lease for our company.', sourcePath: '/rent-lease', language: 'sw' },
  'service-booking': { subject: 'Brake service', preferredDate: '2026-12-02', sourcePath: '/service' },
  'insurance-quote': { subject: 'Comprehensive plan', email: '', details: { plan: 'Comprehensive' }, sourcePath: '/insurance' },
};

const person = { fullName: 'Ifeoma Nwosu', phone: '+234 803 555 0177', email: 'ifeoma@example.ng' };
const enquiryOf = (kind: EnquiryKind) => ({ kind, ...person, ...BY_KIND[kind] });

let t: TestApp;
let cookie: string;
const ids = new Map<EnquiryKind, string>();

beforeAll(async () => {
  t = await createTestApp('api_enquiries');
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/enquiries', payload: payload as object, headers });
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const list = (query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/admin/enquiries', query, headers: { cookie } });
const listed = async (filter: object) => (await list({ filter: JSON.stringify(filter) })).json<Enquiry[]>();
const changeStatus = (id: string, body: object) => t.app.inject({ method: 'POST', url: `/api/admin/enquiries/${id}/status`, payload: body, headers: { cookie } });
const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.testDb.db)).rows[0]?.n);

describe('POST /api/enquiries', () => {
  it.each(ENQUIRY_KINDS)('takes a %s enquiry with 201 and its id, and records who sent it', async (kind) => {
    const response = await send(enquiryOf(kind));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    ids.set(kind, id);

    const [event] = await readStream(t.testDb.db, `enquiry-${id}`);
    expect(event?.type).toBe('EnquiryReceived');
    expect(event?.data).toMatchObject({ enquiryId: id, kind, fullName: person.fullName });
    expect(event?.metadata).toMatchObject({ actor: { kind: 'visitor' }, requestId: response.headers['x-request-id'] });
  });

  it('records the site language the visitor used, for their confirmation; none from an older form', async () => {
    const [lease] = await readStream(t.testDb.db, `enquiry-${ids.get('lease')}`);
    expect(lease?.data).toMatchObject({ kind: 'lease', language: 'sw' });
    const [deal] = await readStream(t.testDb.db, `enquiry-${ids.get('deal')}`);
    expect(deal?.data).not.toHaveProperty('language');
  });

  it('leaves out an email sent blank', async () => {
    const [event] = await readStream(t.testDb.db, `enquiry-${ids.get('insurance-quote')}`);
    expect(event?.data).not.toHaveProperty('email');
  });

  it.each([
    ['fullName', { fullName: '' }, 'Full name is required'],
    ['phone', { phone: '0803-55' }, 'Please enter a valid phone number'],
    ['email', { email: 'ifeoma@example' }, 'Please enter a valid email address'],
    ['kind', { kind: 'test-drive' }, 'Enquiry kind must be one of: deal, rental, lease, service-booking, insurance-quote'],
    ['details', { details: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`extra${i}`, i])) }, 'At most 20 details'],
    ['preferredDate', { preferredDate: '2026-13-01' }, 'Please choose a valid date'],
    ['language', { language: 'de' }, 'Language must be one of: en, fr, ar, sw'],
  ])('rejects a bad %s with 400 naming the field', async (field, change, message) => {
    const before = await eventCount();
    const response = await send({ ...enquiryOf('deal'), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; fields: Record<string, string> }>();
    expect(body.error).toBe('validation_failed');
    expect(body.fields).toEqual({ [field]: message });
    expect(body.message).toContain(field);
    expect(await eventCount()).toBe(before);
  });

  it('names every missing required field when the body is empty', async () => {
    const response = await send({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual(['fullName', 'kind', 'phone', 'subject']);
  });

  it('answers a retry with the same Idempotency-Key and body with the first id, and adds one enquiry only', async () => {
    const before = await eventCount();
    const key = `enquiry-${crypto.randomUUID()}`;
    const body = enquiryOf('service-booking');
    const [first, second] = await Promise.all([send(body, { 'idempotency-key': key }), send(body, { 'idempotency-key': key })]);
    const retry = await send(body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const created = [first!, second!, retry].filter((r) => r.statusCode === 201).map((r) => r.json<{ id: string }>().id);
    expect(new Set(created).size).toBe(1);
    expect(await eventCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (422, no id), and treats it after 24 hours as a new enquiry', async () => {
    const key = `enquiry-${crypto.randomUUID()}`;
    const before = await eventCount();
    const first = (await send(enquiryOf('lease'), { 'idempotency-key': key })).json<{ id: string }>().id;
    const edited = await send({ ...enquiryOf('lease'), phone: '0803 555 0100' }, { 'idempotency-key': key });
    expect(edited.statusCode).toBe(422);
    expect(edited.json()).toEqual({ error: 'idempotency_key_reused', message: expect.stringMatching(/new key/) });
    expect(await eventCount()).toBe(before + 1);

    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`.execute(t.testDb.db);
    const later = await send(enquiryOf('lease'), { 'idempotency-key': key });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json<{ id: string }>().id).not.toBe(first);
  });

  it('refuses a malformed Idempotency-Key with 400', async () => {
    const response = await send(enquiryOf('deal'), { 'idempotency-key': 'no spaces allowed' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['idempotency-key']);
  });
});

describe('GET /api/admin/enquiries', () => {
  it('answers 401 without a session, for the list, one enquiry and the status command', async () => {
    const id = ids.get('deal')!;
    for (const [method, url] of [['GET', '/api/admin/enquiries'], ['GET', `/api/admin/enquiries/${id}`], ['POST', `/api/admin/enquiries/${id}/status`]] as const) {
      const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { status: 'closed' } } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('lists every kind newest first, with the ra-data-simple-rest contract', async () => {
    await project();
    const response = await list();
    expect(response.statusCode).toBe(200);
    const rows = response.json<Enquiry[]>();
    const total = (await t.testDb.db.selectFrom('enquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(response.headers['content-range']).toBe(`enquiries 0-${Math.min(Number(total), 25) - 1}/${total}`);
    expect(response.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count');
    const times = rows.map((row) => row.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const kind of ENQUIRY_KINDS) expect(rows.map((row) => row.id)).toContain(ids.get(kind));

    const rental = rows.find((row) => row.id === ids.get('rental'));
    expect(rental).toEqual({
      id: ids.get('rental'),
      kind: 'rental',
      ...person,
      subject: 'Toyota Hilux rental',
      message: null,
      preferredDate: '2026-12-24',
      details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255_000 },
      sourcePath: '/rent-lease',
      status: 'new',
      receivedAt: expect.any(String),
      lastUpdated: null,
      version: 1,
      history: [],
      notes: [],
    });
  });

  it.each(ENQUIRY_KINDS)('filters by kind %s', async (kind) => {
    const rows = await listed({ kind, id: [ids.get(kind)!, ...[...ids.values()]] });
    expect(rows.map((row) => row.id)).toEqual([ids.get(kind)]);
    expect((await listed({ kind })).every((row) => row.kind === kind)).toBe(true);
  });

  it('filters by status, searches with q (names, subjects, details) and gets many by id', async () => {
    const all = await listed({});
    expect((await listed({ status: 'new' })).length).toBe(all.length);
    expect(await listed({ status: 'closed' })).toEqual([]);

    expect((await listed({ q: 'hilux' })).map((row) => row.id)).toEqual([ids.get('rental')]);
    expect((await listed({ q: 'Brake' })).every((row) => row.kind === 'service-booking')).toBe(true);
    expect((await listed({ q: 'deal-7' })).map((row) => row.id)).toEqual([ids.get('deal')]);
    expect((await listed({ q: 'nobody-matches-this' }))).toEqual([]);

    const wanted = [ids.get('deal')!, ids.get('lease')!];
    const many = await listed({ id: [...wanted, 'not-a-uuid'] });
    expect(many.map((row) => row.id).sort()).toEqual([...wanted].sort());
  });

  it('sorts and pages on request', async () => {
    const response = await list({ sort: JSON.stringify(['kind', 'ASC']), range: JSON.stringify([0, 1]) });
    expect(response.json<Enquiry[]>().map((row) => row.kind)).toEqual(['deal', 'insurance-quote']);
    expect(response.headers['content-range']).toMatch(/^enquiries 0-1\/\d+$/);
    const bad = await list({ filter: JSON.stringify({ kind: 'test-drive' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('answers one enquiry, and 404 for an unknown or malformed id', async () => {
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/enquiries/${ids.get('lease')}`, headers: { cookie } });
    expect(one.json<Enquiry>()).toMatchObject({ kind: 'lease', message: 'Two-year lease for our company.', version: 1, history: [] });
    for (const id of ['6d1c3a52-0000-4000-8000-000000000000', 'nope']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers: { cookie } })).statusCode).toBe(404);
    }
  });
});

describe('POST /api/admin/enquiries/:id/status', () => {
  it('changes the status, answers the updated record with its history, and refuses a stale version with 409', async () => {
    const id = ids.get('deal')!;
    const contacted = await changeStatus(id, { status: 'contacted', expectedVersion: 1 });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json<Enquiry>()).toMatchObject({
      id,
      status: 'contacted',
      version: 2,
      lastUpdated: expect.any(String),
      history: [{ from: 'new', to: 'contacted', at: expect.any(String), by: STAFF_NAME }],
    });

    const stale = await changeStatus(id, { status: 'closed', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict' });

    const closed = await changeStatus(id, { status: 'closed', expectedVersion: 2 });
    expect(closed.json<Enquiry>().history.map((change) => `${change.from}>${change.to}`)).toEqual(['new>contacted', 'contacted>closed']);

    const [received, ...changes] = await readStream(t.testDb.db, `enquiry-${id}`);
    expect(received?.type).toBe('EnquiryReceived');
    expect(changes.map((event) => event.metadata.actor)).toEqual([
      expect.objectContaining({ kind: 'staff', email: STAFF_EMAIL }),
      expect.objectContaining({ kind: 'staff', email: STAFF_EMAIL }),
    ]);
    expect((await listed({ status: 'closed' })).map((row) => row.id)).toEqual([id]);
  });

  it('adds nothing when the status is already the one asked for, and works without expectedVersion', async () => {
    const id = ids.get('lease')!;
    const before = await eventCount();
    const same = await changeStatus(id, { status: 'new' });
    expect(same.statusCode).toBe(200);
    expect(same.json<Enquiry>().version).toBe(1);
    expect(await eventCount()).toBe(before);
    expect((await changeStatus(id, { status: 'closed' })).json<Enquiry>()).toMatchObject({ status: 'closed', version: 2 });
  });

  it('answers 400 naming the status for an unknown one, and 404 for an unknown enquiry', async () => {
    const bad = await changeStatus(ids.get('rental')!, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toEqual({ status: 'Status must be one of: new, contacted, closed' });
    expect((await changeStatus('6d1c3a52-0000-4000-8000-000000000000', { status: 'closed' })).statusCode).toBe(404);
    expect((await changeStatus('nope', { status: 'closed' })).statusCode).toBe(404);
  });
});

describe('the enquiries read model', () => {
  it('is the same after a rebuild from the events', async () => {
    await project();
    const rows = () =>
      t.testDb.db
        .selectFrom('enquiries')
        .select(['id', 'kind', 'full_name', 'phone', 'email', 'subject', 'message', 'preferred_date', 'details', 'source_path', 'status', 'status_history', 'notes', 'received_at', 'last_updated', 'version', 'global_position'])
        .orderBy('id')
        .execute();
    const before = await rows();
    expect(before.length).toBeGreaterThanOrEqual(ENQUIRY_KINDS.length);
    await new Projector(t.testDb.db, allProjections).rebuild(['enquiries']);
    expect(await rows()).toEqual(before);
  });
});
