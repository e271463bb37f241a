import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { sql } from 'kysely';
import { readStream } from '@autobest/db';
import { reservationRequestStreamId } from '@autobest/domain';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, minimalListing, signIn, type TestApp } from './support';

/** What only reservation requests do; the follow-up routes they share with the others are in followUps.int.test.ts. */

const VENZA = minimalListing('toyota-venza-2024', 'Toyota Venza');
const TIGGO = minimalListing('chery-tiggo-8-2024', 'Chery Tiggo 8');

interface ReservationRequest {
  id: string;
  vehicleId: string;
  vehicleName: string;
  name: string;
  phone: string;
  email: string | null;
  language: string;
  status: string;
  version: number;
}

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_reservation_requests', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  for (const listing of [VENZA, TIGGO]) {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: listing, headers: { cookie } })).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

const reserve = (vehicleId: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/reservations`, payload, headers });
const requestedCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events where type = 'ReservationRequested'`.execute(t.testDb.db)).rows[0]?.n);
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const requestOf = async (id: string) => (await admin('GET', `/api/admin/reservation-requests/${id}`)).json<ReservationRequest>();

describe('POST /api/vehicles/:id/reservations', () => {
  it('takes an optional email and the site language, keeps them with the vehicle name, and staff see them', async () => {
    const response = await reserve(VENZA.id, { name: 'Aïcha Diallo', phone: '+234 803 555 0101', email: ' aicha@example.ng ', language: 'fr' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [event] = await readStream(t.testDb.db, reservationRequestStreamId(id));
    expect(event).toMatchObject({ type: 'ReservationRequested', data: { vehicleName: 'Toyota Venza', email: 'aicha@example.ng', language: 'fr' } });
    await project();
    expect(await requestOf(id)).toMatchObject({ vehicleId: VENZA.id, vehicleName: 'Toyota Venza', name: 'Aïcha Diallo', email: 'aicha@example.ng', language: 'fr', status: 'new', version: 1 });
  });

  it('keeps the phone required; without an email or language the request has none and is in English', async () => {
    const response = await reserve(VENZA.id, { name: 'Musa Bello', phone: '0803 555 0102', email: '' });
    const { id } = response.json<{ id: string }>();
    await project();
    expect(await requestOf(id)).toMatchObject({ email: null, language: 'en' });
    const missing = await reserve(VENZA.id, { name: 'Musa Bello', email: 'musa@example.ng' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: object }>().fields).toEqual({ phone: 'Phone number is required' });
  });

  it('records "Send me updates on WhatsApp" when the buyer ticked it; a request without it reads as no', async () => {
    const asked = (await reserve(TIGGO.id, { name: 'Musa Bello', phone: '0803 555 0104', whatsappUpdates: true })).json<{ id: string }>().id;
    const unasked = (await reserve(TIGGO.id, { name: 'Musa Bello', phone: '0803 555 0105' })).json<{ id: string }>().id;
    expect((await readStream(t.testDb.db, reservationRequestStreamId(asked)))[0]?.data).toMatchObject({ whatsappUpdates: true });
    expect((await readStream(t.testDb.db, reservationRequestStreamId(unasked)))[0]?.data).not.toHaveProperty('whatsappUpdates');
    const nonsense = await reserve(TIGGO.id, { name: 'Musa Bello', phone: '0803 555 0106', whatsappUpdates: 'please' });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json<{ fields: object }>().fields).toHaveProperty('whatsappUpdates');
  });

  it('answers a request sent again with the same Idempotency-Key with the first id and `Idempotent-Replayed`, recording one request', async () => {
    const before = await requestedCount();
    const key = `reserve-${crypto.randomUUID()}`;
    const buyer = { name: 'Ngozi Eze', phone: '0803 555 0107' };
    const first = await reserve(VENZA.id, buyer, { 'idempotency-key': key });
    const retry = await reserve(VENZA.id, buyer, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await requestedCount()).toBe(before + 1);
  });

  it('refuses the same Idempotency-Key for another vehicle or another buyer (422), recording nothing more', async () => {
    const key = `reserve-${crypto.randomUUID()}`;
    const buyer = { name: 'Ngozi Eze', phone: '0803 555 0108' };
    expect((await reserve(VENZA.id, buyer, { 'idempotency-key': key })).statusCode).toBe(201);
    const before = await requestedCount();
    for (const [vehicle, body] of [[TIGGO.id, buyer], [VENZA.id, { ...buyer, name: 'Someone Else' }]] as const) {
      const refused = await reserve(vehicle, body, { 'idempotency-key': key });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: 'idempotency_key_reused', message: expect.stringMatching(/new key/) });
    }
    expect(await requestedCount()).toBe(before);
  });

  it.each([
    ['email', { email: 'musa@example' }, 'emailInvalid', 'Please enter a valid email address'],
    ['language', { language: 'de' }, 'languageInvalid', 'Language must be one of: en, fr, ar, sw'],
  ])('answers 400 naming the %s, with its code for the storefront', async (field, change, code, message) => {
    const response = await reserve(VENZA.id, { name: 'Musa Bello', phone: '0803 555 0103', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: { [field]: message }, codes: { [field]: { code } } });
  });
});

describe('following up reservation requests', () => {
  it('closing a request ends it: the buyer who asks again is a new request', async () => {
    const buyer = { name: 'Chidi Okeke', phone: '+234 803 555 0111' };
    const first = (await reserve(TIGGO.id, buyer)).json<{ id: string }>().id;
    expect((await reserve(TIGGO.id, { ...buyer, phone: '00234 803 555 0111' })).json()).toEqual({ id: first });
    await project();

    // Contacted, it stays open: asking again still answers it.
    await admin('POST', `/api/admin/reservation-requests/${first}/status`, { status: 'contacted' });
    expect((await reserve(TIGGO.id, buyer)).json()).toEqual({ id: first });

    await admin('POST', `/api/admin/reservation-requests/${first}/status`, { status: 'closed' });
    const again = (await reserve(TIGGO.id, buyer)).json<{ id: string }>().id;
    expect(again).not.toBe(first);
    await project();
    expect(await requestOf(again)).toMatchObject({ status: 'new', version: 1 });
    expect(await requestOf(first)).toMatchObject({ status: 'closed', version: 3 });
  });

  it("each request has its own version: the vehicle's changes and other buyers' requests do not make a staff page stale", async () => {
    const mine = (await reserve(VENZA.id, { name: 'Ngozi Eze', phone: '+234 803 555 0121' })).json<{ id: string }>().id;
    await project();
    const seen = await requestOf(mine);
    // Meanwhile: the price changes, another buyer asks, a colleague adds a note to that other request.
    expect((await admin('PUT', `/api/admin/vehicles/${VENZA.id}`, { ...VENZA, price: 41000 })).statusCode).toBe(200);
    const other = (await reserve(VENZA.id, { name: 'Tunde Bakare', phone: '+234 803 555 0122' })).json<{ id: string }>().id;
    await project();
    expect((await admin('POST', `/api/admin/reservation-requests/${other}/notes`, { text: 'Wants the white one', expectedVersion: 1 })).statusCode).toBe(200);

    const contacted = await admin('POST', `/api/admin/reservation-requests/${mine}/status`, { status: 'contacted', expectedVersion: seen.version });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted', version: 2 });
    // Now the page is stale: it saw version 1.
    const stale = await admin('POST', `/api/admin/reservation-requests/${mine}/notes`, { text: 'Deposit on Monday', expectedVersion: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict' });
  });

  it('filters by vehicle, and staff can still close the requests of a delisted vehicle', async () => {
    const onTiggo = (await reserve(TIGGO.id, { name: 'Kemi Ade', phone: '+234 803 555 0131' })).json<{ id: string }>().id;
    await project();
    const listed = async (filter: object) =>
      (await admin('GET', `/api/admin/reservation-requests?filter=${encodeURIComponent(JSON.stringify(filter))}`)).json<ReservationRequest[]>();
    const tiggoRows = await listed({ vehicleId: TIGGO.id });
    expect(tiggoRows.length).toBeGreaterThan(0);
    expect(tiggoRows.every((row) => row.vehicleId === TIGGO.id)).toBe(true);
    expect(tiggoRows.map((row) => row.id)).toContain(onTiggo);
    expect((await listed({ vehicleId: VENZA.id })).map((row) => row.id)).not.toContain(onTiggo);
    const counts = (await admin('GET', `/api/admin/reservation-requests/stats?filter=${encodeURIComponent(JSON.stringify({ vehicleId: TIGGO.id }))}`)).json<{ total: number }>();
    expect(counts.total).toBe(tiggoRows.length);

    expect((await admin('DELETE', `/api/admin/vehicles/${TIGGO.id}`)).statusCode).toBe(200);
    const closed = await admin('POST', `/api/admin/reservation-requests/${onTiggo}/status`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', vehicleName: 'Chery Tiggo 8' });
  });
});
