import { createHash } from 'node:crypto';
import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Projector, allProjections } from '@autobest/projections';
import { appendToStream, readStream } from '@autobest/db';
import { phoneKey, vehicleStreamId, type EventMetadata } from '@autobest/domain';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, minimalListing, signIn, type TestApp } from './support';

/*
 * Reservation requests live in streams of their own (issue 36.8): a vehicle's commands cost the same however many
 * buyers asked for it, and the requests earlier versions kept on the vehicle's stream still work.
 */

const POPULAR = minimalListing('toyota-land-cruiser-2024', 'Toyota Land Cruiser');
const RACED = minimalListing('kia-sorento-2024', 'Kia Sorento');
const EARLIER = minimalListing('honda-pilot-2024', 'Honda Pilot');

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_reservation_streams', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  for (const listing of [POPULAR, RACED, EARLIER]) {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: listing, headers: { cookie } })).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

let addressCounter = 0;
const reserve = (vehicleId: string, phone: string) => {
  addressCounter += 1;
  return t.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/reservations`, remoteAddress: `10.36.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`, payload: { name: 'Chidi Okeke', phone } });
};
const reserveId = async (vehicleId: string, phone: string) => {
  const response = await reserve(vehicleId, phone);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));
const requestsOf = async (vehicleId: string) =>
  (await sql<{ streamId: string; reservationId: string; phone: string }>`
    select stream_id as "streamId", data->>'reservationId' as "reservationId", data->>'phone' as phone from events
    where type = 'ReservationRequested' and data->>'vehicleId' = ${vehicleId} order by global_position`.execute(t.testDb.db)).rows;

/** The events the API's store hands to its readers (the command handler folds every one of them) while `work` runs. */
async function eventsReadDuring(work: () => Promise<unknown>): Promise<number> {
  const store = t.app.eventStore;
  const readStreamOfStore = store.readStream;
  let read = 0;
  store.readStream = async (streamId) => {
    const events = await readStreamOfStore(streamId);
    read += events.length;
    return events;
  };
  try {
    await work();
  } finally {
    store.readStream = readStreamOfStore;
  }
  return read;
}

describe('reservation requests in streams of their own', () => {
  it("a vehicle's command, and a buyer's request, read no more events after 2,000 requests for the vehicle than before any", async () => {
    // Saving the record as it is: the handler reads and folds the vehicle's stream, and decides there is nothing to change.
    const save = () => admin('PUT', `/api/admin/vehicles/${POPULAR.id}`, POPULAR);
    const readBySave = await eventsReadDuring(async () => expect((await save()).statusCode).toBe(200));
    const readByRequest = await eventsReadDuring(() => reserveId(POPULAR.id, '+234 803 100 0000'));

    const REQUESTS = 2_000;
    const ids = new Set<string>();
    for (let start = 1; start <= REQUESTS; start += 16) {
      const batch = Array.from({ length: Math.min(16, REQUESTS + 1 - start) }, (_, i) => reserveId(POPULAR.id, `+234 803 ${String(1_000_000 + start + i)}`));
      for (const id of await Promise.all(batch)) ids.add(id);
    }
    expect(ids.size).toBe(REQUESTS);
    expect((await requestsOf(POPULAR.id)).length).toBe(REQUESTS + 1);

    expect(await eventsReadDuring(async () => expect((await save()).statusCode).toBe(200))).toBe(readBySave);
    expect(await eventsReadDuring(() => reserveId(POPULAR.id, '+234 803 200 0000'))).toBe(readByRequest);
    // The vehicle's stream holds its listing alone.
    expect((await readStream(t.testDb.db, vehicleStreamId(POPULAR.id))).map((event) => event.type)).toEqual(['VehicleListed']);
    await project();
    const { total } = (await admin('GET', `/api/admin/reservation-requests/stats?filter=${encodeURIComponent(JSON.stringify({ vehicleId: POPULAR.id }))}`)).json<{ total: number }>();
    expect(total).toBe(REQUESTS + 2);
  }, 180_000);

  it('the same request sent many times at once is recorded once, each answered with its id; two buyers at once are both recorded', async () => {
    const answers = await Promise.all([...Array.from({ length: 6 }, () => reserve(RACED.id, '+234 803 555 0300')), reserve(RACED.id, '+234 803 555 0301')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(201));
    const ids = answers.map((answer) => answer.json<{ id: string }>().id);
    expect(new Set(ids.slice(0, 6)).size).toBe(1);
    expect(ids[6]).not.toBe(ids[0]);
    const recorded = await requestsOf(RACED.id);
    expect(recorded.map((request) => request.reservationId).sort()).toEqual([ids[0], ids[6]].sort());
    expect(recorded.map((request) => request.streamId).sort()).toEqual([`reservation-${ids[0]}`, `reservation-${ids[6]}`].sort());

    // Closed by staff, the buyer asks again, twice at once: one new request.
    await project();
    expect((await admin('POST', `/api/admin/reservation-requests/${ids[0]}/status`, { status: 'closed' })).statusCode).toBe(200);
    const again = await Promise.all([reserve(RACED.id, '+234 803 555 0300'), reserve(RACED.id, '00234 803 555 0300')]);
    const againIds = again.map((answer) => answer.json<{ id: string }>().id);
    expect(againIds[0]).toBe(againIds[1]);
    expect(againIds[0]).not.toBe(ids[0]);
    expect((await requestsOf(RACED.id)).length).toBe(3);
  });

  it('delisting the vehicle ends its open requests: listed again, the buyer who asks again is a new request', async () => {
    const first = await reserveId(RACED.id, '+234 803 555 0310');
    expect(await reserveId(RACED.id, '+234 803 555 0310')).toBe(first);
    await project();
    expect((await admin('DELETE', `/api/admin/vehicles/${RACED.id}`)).statusCode).toBe(200);
    expect((await reserve(RACED.id, '+234 803 555 0310')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/vehicles', RACED)).statusCode).toBe(201);
    const second = await reserveId(RACED.id, '+234 803 555 0310');
    expect(second).not.toBe(first);
    expect(await reserveId(RACED.id, '+234 803 555 0310')).toBe(second);
  });
});

describe("a reservation request's id", () => {
  it("cannot be computed from the vehicle and a guessed phone number (an attacker's hash of each candidate number)", async () => {
    const phone = '+234 803 555 0199';
    const id = await reserveId(POPULAR.id, phone);
    // What anyone could compute for each candidate number: the same name-based UUID without the installation's key.
    const hash = createHash('sha256').update(`reservation-request\n${POPULAR.id}\n${phoneKey(phone)}\n1`).digest();
    hash[6] = (hash[6]! & 0x0f) | 0x80;
    hash[8] = (hash[8]! & 0x3f) | 0x80;
    const hex = hash.subarray(0, 16).toString('hex');
    expect(id).not.toBe(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
    // Still the buyer's one open request: asking again answers it.
    expect(await reserveId(POPULAR.id, phone)).toBe(id);
  });
});

describe("reservation requests an earlier version kept on the vehicle's stream", () => {
  const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
  const earlierId = '5b0e7c1d-0000-4000-8000-0000000e0036';
  const asked = new Date(Date.now() - 24 * 3_600_000).toISOString();

  it('still answer a repeat, are followed up there, and a rebuild of every read model gives both forms as before', async () => {
    await appendToStream(t.testDb.db, vehicleStreamId(EARLIER.id), 1, [
      { type: 'ReservationRequested', data: { vehicleId: EARLIER.id, reservationId: earlierId, vehicleName: EARLIER.name, name: 'Amina Yusuf', phone: '+234 803 555 0400', requestedAt: asked } },
    ], visitor);
    // Its buyer asking again is answered with it, and records nothing.
    expect(await reserveId(EARLIER.id, '00234 803 555 0400')).toBe(earlierId);
    const newer = await reserveId(EARLIER.id, '+234 803 555 0401');
    expect((await requestsOf(EARLIER.id)).map((request) => request.streamId)).toEqual([vehicleStreamId(EARLIER.id), `reservation-${newer}`]);
    await project();

    for (const id of [earlierId, newer]) {
      const contacted = await admin('POST', `/api/admin/reservation-requests/${id}/status`, { status: 'contacted', expectedVersion: 1 });
      expect(contacted.statusCode, contacted.body).toBe(200);
      expect(contacted.json()).toMatchObject({ status: 'contacted', version: 2 });
      expect((await admin('POST', `/api/admin/reservation-requests/${id}/notes`, { text: 'Calls back on Monday', expectedVersion: 1 })).statusCode).toBe(409);
      expect((await admin('POST', `/api/admin/reservation-requests/${id}/notes`, { text: 'Calls back on Monday', expectedVersion: 2 })).json()).toMatchObject({ version: 3 });
    }
    // The earlier request's follow-up went to the vehicle's stream, the newer one's to its own.
    expect((await readStream(t.testDb.db, vehicleStreamId(EARLIER.id))).map((event) => event.type)).toEqual(['VehicleListed', 'ReservationRequested', 'ReservationStatusChanged', 'ReservationNoteAdded']);
    expect((await readStream(t.testDb.db, `reservation-${newer}`)).map((event) => event.type)).toEqual(['ReservationRequested', 'ReservationStatusChanged', 'ReservationNoteAdded']);
    await project();

    const shown = async () => {
      const list = (await admin('GET', `/api/admin/reservation-requests?filter=${encodeURIComponent(JSON.stringify({ vehicleId: EARLIER.id }))}`)).json<Array<Record<string, unknown>>>();
      const csv = (await admin('GET', `/api/admin/reservation-requests/export.csv?filter=${encodeURIComponent(JSON.stringify({ vehicleId: EARLIER.id }))}`)).body;
      const trail = await t.testDb.db.selectFrom('staff_activity').select(['action', 'record_kind', 'record_id', 'summary']).where('stream_id', 'in', [vehicleStreamId(EARLIER.id), `reservation-${newer}`]).where('action', 'like', 'Reservation%').orderBy('global_position').execute();
      return { list, csv, trail };
    };
    const before = await shown();
    expect(before.list).toEqual([
      expect.objectContaining({ id: newer, vehicleName: EARLIER.name, status: 'contacted', version: 3, notes: [expect.objectContaining({ text: 'Calls back on Monday' })] }),
      expect.objectContaining({ id: earlierId, vehicleName: EARLIER.name, name: 'Amina Yusuf', status: 'contacted', version: 3, notes: [expect.objectContaining({ text: 'Calls back on Monday' })] }),
    ]);
    // A follow-up in a request's own stream points at the request; an earlier one points at its vehicle, as it did.
    expect(before.trail).toEqual([
      { action: 'ReservationStatusChanged', record_kind: 'vehicles', record_id: EARLIER.id, summary: 'Reservation status changed: new → contacted' },
      { action: 'ReservationNoteAdded', record_kind: 'vehicles', record_id: EARLIER.id, summary: 'Note added to a reservation' },
      { action: 'ReservationStatusChanged', record_kind: 'reservation-requests', record_id: newer, summary: 'Reservation status changed: new → contacted' },
      { action: 'ReservationNoteAdded', record_kind: 'reservation-requests', record_id: newer, summary: 'Note added to a reservation' },
    ]);

    await new Projector(t.testDb.db, allProjections).rebuild();
    expect(await shown()).toEqual(before);
  });
});
