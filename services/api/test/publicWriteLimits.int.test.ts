import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { appendToStream } from '@autobest/db';
import { SELL_CAR_PHOTO_SLOTS, TRADE_IN_PHOTO_SLOTS, vehicleStreamId, type EventMetadata } from '@autobest/domain';
import { listVehicle, sampleOmoda5 } from '@autobest/domain/testing';
import { PUBLIC_WRITE_LIMITS, type PublicWrite } from '../src/plugins/publicWriteLimits';
import { multipartBody, type FilePart } from './images';
import { createTestApp, everyProcessorCaughtUp, type TestApp } from './support';

let t: TestApp;
let photo: Buffer;
const VEHICLE_ID = sampleOmoda5.id;

beforeAll(async () => {
  t = await createTestApp('api_public_write_limits', {}, { withWorkers: true });
  // A real image, so the request is one a browser could send whatever the photo checks become.
  photo = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
  const seed: EventMetadata = { actor: { kind: 'system', name: 'test' }, correlationId: 'seed', causationId: null, requestId: null };
  await appendToStream(t.testDb.db, vehicleStreamId(VEHICLE_ID), 0, listVehicle(sampleOmoda5, new Date()), seed);
});
afterAll(async () => {
  await t?.close();
});

/** Each test writes from addresses of its own, so one test's counts never reach another's. */
let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.7`;
};

const count = async (table: 'events' | 'sent_emails' | 'analytics_events') =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.testDb.db)).rows[0]?.n);

async function keptFiles(dir = t.config.uploadsDir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(entries.map((entry) => (entry.isDirectory() ? keptFiles(join(dir, entry.name)) : [join(dir, entry.name)])));
  return files.flat();
}

const caughtUp = () => everyProcessorCaughtUp(t.testDb.db);

/** What the database and the uploads folder hold once the workers have done everything they will do. */
async function recorded() {
  await caughtUp();
  return { events: await count('events'), emails: await count('sent_emails'), analytics: await count('analytics_events'), files: await keptFiles() };
}

/** A 429 that says when to come back (within the limit's window), and nothing of the request kept. */
async function expectRefusedAndNothingRecorded(response: LightMyRequestResponse, write: PublicWrite, per: 'perAddress' | 'perEmail' | 'perPhone', before: Awaited<ReturnType<typeof recorded>>, acceptedIds: readonly string[] = []) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: 'rate_limited' });
  const retryAfter = Number(response.headers['retry-after']);
  const limit = (PUBLIC_WRITE_LIMITS[write] as Partial<Record<typeof per, { windowMs: number }>>)[per]!;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
  const after = await recorded();
  expect({ events: after.events, emails: after.emails, analytics: after.analytics }).toEqual({ events: before.events, emails: before.emails, analytics: before.analytics });
  // Files the workers made for requests accepted earlier may appear; none for the refused one.
  expect(after.files.filter((file) => !before.files.includes(file) && !acceptedIds.some((id) => file.includes(id)))).toEqual([]);
}

const KINDS = [
  { kind: 'sell-car', url: '/api/sell-car-submissions', slots: SELL_CAR_PHOTO_SLOTS, fields: { make: 'Toyota', model: 'Corolla', year: '2018', fuelType: 'petrol', askingPrice: '5200000', consent: 'true' } },
  { kind: 'trade-in', url: '/api/trade-in-submissions', slots: TRADE_IN_PHOTO_SLOTS, fields: { vehicleMake: 'Honda', model: 'Accord', year: '2016', fuelType: 'petrol', consent: 'true' } },
] as const;

describe.each(KINDS)('$kind requests', ({ kind, url, slots, fields }) => {
  const limits = PUBLIC_WRITE_LIMITS[kind];
  const photos = (count: number = slots.length): FilePart[] => slots.slice(0, count).map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: photo }));
  const send = async (remoteAddress: string, person: { email: string; phoneNumber: string }, files = photos()) => {
    const body = await multipartBody({ fullName: 'Tunde Bakare', odometer: '84000', transmission: 'automatic', underFinance: 'no', ...fields, ...person }, files);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers, remoteAddress });
  };
  const idOf = (response: LightMyRequestResponse) => response.json<{ id: string }>().id;

  it('per address: a family sends a few; one address sending more is refused with 429 and nothing kept', async () => {
    const address = newAddress();
    const accepted: string[] = [];
    for (let n = 0; n < limits.perAddress.max; n++) {
      const response = await send(address, { email: `owner${n}.${kind}@example.ng`, phoneNumber: `+234 803 600 ${1000 + n}` });
      expect(response.statusCode).toBe(201);
      accepted.push(idOf(response));
    }
    const before = await recorded();
    const over = await send(address, { email: `one.more.${kind}@example.ng`, phoneNumber: '+234 803 600 1999' });
    await expectRefusedAndNothingRecorded(over, kind, 'perAddress', before, accepted);
    // Another address is not affected.
    expect((await send(newAddress(), { email: `neighbour.${kind}@example.ng`, phoneNumber: '+234 803 600 2999' })).statusCode).toBe(201);
  });

  it('per address, one count for both ways of sending a request: multipart, or naming uploads sent first', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) {
      expect((await send(address, { email: `both${n}.${kind}@example.ng`, phoneNumber: `+234 803 610 ${1000 + n}` })).statusCode).toBe(201);
    }
    // Refused before its body is looked at: the limit is the address', whatever the route.
    const fromUploads = await t.app.inject({ method: 'POST', url: `${url}/from-uploads`, payload: { fields: {}, photos: {} }, remoteAddress: address });
    expect(fromUploads.statusCode).toBe(429);
    expect(fromUploads.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(fromUploads.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per email, however it is spelt: requests refused for their fields do not count, the one over the limit is refused', async () => {
    const spellings = [`Ada.Obi.${kind}@example.ng`, `ada.obi.${kind}+car@example.ng`, `ADA.OBI.${kind}@EXAMPLE.NG`];
    for (let n = 0; n < 2; n++) {
      expect((await send(newAddress(), { email: spellings[0]!, phoneNumber: `+234 803 700 ${1000 + n}` }, photos(3))).statusCode).toBe(400);
    }
    const accepted: string[] = [];
    for (let n = 0; n < limits.perEmail.max; n++) {
      const response = await send(newAddress(), { email: spellings[n % spellings.length]!, phoneNumber: `+234 803 700 ${2000 + n}` });
      expect(response.statusCode).toBe(201);
      accepted.push(idOf(response));
    }
    const before = await recorded();
    const over = await send(newAddress(), { email: spellings[1]!, phoneNumber: '+234 803 700 2999' });
    await expectRefusedAndNothingRecorded(over, kind, 'perEmail', before, accepted);
  });

  it('per phone, however it is written', async () => {
    const spellings = ['+234 803 800 1234', '00234-803-800-1234', '234 8038001234'];
    const accepted: string[] = [];
    for (let n = 0; n < limits.perPhone.max; n++) {
      const response = await send(newAddress(), { email: `phone${n}.${kind}@example.ng`, phoneNumber: spellings[n % spellings.length]! });
      expect(response.statusCode).toBe(201);
      accepted.push(idOf(response));
    }
    const before = await recorded();
    const over = await send(newAddress(), { email: `phone-over.${kind}@example.ng`, phoneNumber: spellings[0]! });
    await expectRefusedAndNothingRecorded(over, kind, 'perPhone', before, accepted);
  });
});

describe('contact messages', () => {
  const limits = PUBLIC_WRITE_LIMITS['contact-message'];
  const send = (remoteAddress: string, person: { email: string; phone: string }) =>
    t.app.inject({ method: 'POST', url: '/api/contact-messages', remoteAddress, payload: { firstName: 'Chinedu', lastName: 'Okafor', message: 'Is the Omoda 5 available?', ...person } });

  it('per address', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) expect((await send(address, { email: `c${n}@example.ng`, phone: `+234 803 610 ${1000 + n}` })).statusCode).toBe(201);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await send(address, { email: 'c-over@example.ng', phone: '+234 803 610 1999' }), 'contact-message', 'perAddress', before);
  });

  it('per email and per phone', async () => {
    for (let n = 0; n < limits.perEmail.max; n++) expect((await send(newAddress(), { email: 'chinedu@example.ng', phone: `+234 803 620 ${1000 + n}` })).statusCode).toBe(201);
    let before = await recorded();
    await expectRefusedAndNothingRecorded(await send(newAddress(), { email: 'Chinedu+again@example.ng', phone: '+234 803 620 1999' }), 'contact-message', 'perEmail', before);

    for (let n = 0; n < limits.perPhone.max; n++) expect((await send(newAddress(), { email: `p${n}@example.ng`, phone: '0803 630 1234' })).statusCode).toBe(201);
    before = await recorded();
    await expectRefusedAndNothingRecorded(await send(newAddress(), { email: 'p-over@example.ng', phone: '0803-630-1234' }), 'contact-message', 'perPhone', before);
  });
});

describe('enquiries', () => {
  const limits = PUBLIC_WRITE_LIMITS.enquiry;
  const send = (remoteAddress: string, person: { email?: string; phone: string }, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/enquiries', remoteAddress, headers, payload: { kind: 'deal', fullName: 'Ifeoma Nwosu', subject: 'Chery Tiggo 8 Pro 2024 deal', ...person } });

  it('per address', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) expect((await send(address, { phone: `+234 803 640 ${1000 + n}` })).statusCode).toBe(201);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await send(address, { phone: '+234 803 640 1999' }), 'enquiry', 'perAddress', before);
  });

  it('per email (each enquiry emails that address): a replay of the same send is not counted again', async () => {
    const key = 'enquiry-replay-key-0001';
    const first = await send(newAddress(), { email: 'ifeoma@example.ng', phone: '+234 803 650 1000' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const replay = await send(newAddress(), { email: 'ifeoma@example.ng', phone: '+234 803 650 1000' }, { 'idempotency-key': key });
    expect(replay.json()).toEqual(first.json());
    for (let n = 1; n < limits.perEmail.max; n++) expect((await send(newAddress(), { email: 'ifeoma@example.ng', phone: `+234 803 650 ${1000 + n}` })).statusCode).toBe(201);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await send(newAddress(), { email: 'IFEOMA+x@example.ng', phone: '+234 803 650 1999' }), 'enquiry', 'perEmail', before);
  });

  it('per phone', async () => {
    for (let n = 0; n < limits.perPhone.max; n++) expect((await send(newAddress(), { phone: '+234 803 660 1234' })).statusCode).toBe(201);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await send(newAddress(), { phone: '+234-803-660-1234' }), 'enquiry', 'perPhone', before);
  });
});

describe('reservations', () => {
  const limits = PUBLIC_WRITE_LIMITS.reservation;
  const reserve = (remoteAddress: string, phone: string, email?: string) =>
    t.app.inject({ method: 'POST', url: `/api/vehicles/${VEHICLE_ID}/reservations`, remoteAddress, payload: { name: 'Chidi', phone, ...(email ? { email } : {}) } });
  // Each request is in a stream of its own.
  const reservationEvents = async () =>
    (await sql<{ streamId: string }>`select stream_id as "streamId" from events where type = 'ReservationRequested' and data->>'vehicleId' = ${VEHICLE_ID}`.execute(t.testDb.db)).rows;

  it('one open request per buyer and vehicle: repeats at once, and later in another spelling, answer the first id and record nothing', async () => {
    const before = (await reservationEvents()).length;
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => reserve(address, '+234 803 670 1234')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => answer.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    const again = await reserve(newAddress(), '0023480367012-34');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id: [...ids][0] });
    const events = await reservationEvents();
    expect(events.length).toBe(before + 1);

    // Another buyer of the same vehicle is a request of their own.
    const other = await reserve(newAddress(), '+234 803 670 9999');
    expect(other.statusCode).toBe(201);
    expect(ids.has(other.json<{ id: string }>().id)).toBe(false);
    expect((await reservationEvents()).length).toBe(before + 2);
  });

  it('per address and per phone', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) expect((await reserve(address, `+234 803 680 ${1000 + n}`)).statusCode).toBe(201);
    let before = await recorded();
    await expectRefusedAndNothingRecorded(await reserve(address, '+234 803 680 1999'), 'reservation', 'perAddress', before);

    // Asking again and again counts, even while the answer is the same request.
    for (let n = 0; n < limits.perPhone.max; n++) expect((await reserve(newAddress(), '+234 803 690 1234')).statusCode).toBe(201);
    before = await recorded();
    await expectRefusedAndNothingRecorded(await reserve(newAddress(), '+234 803 690 1234'), 'reservation', 'perPhone', before);
  });

  it('per email, now that a buyer may give one (each acknowledgement goes to it): the same mailbox spelled another way counts too', async () => {
    for (let n = 0; n < limits.perEmail.max; n++) expect((await reserve(newAddress(), `+234 803 700 ${1000 + n}`, 'buyer.one@gmail.com')).statusCode).toBe(201);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await reserve(newAddress(), '+234 803 700 1999', 'BuyerOne+cars@gmail.com'), 'reservation', 'perEmail', before);
  });
});

describe('the address counted with the contact, in one round trip (issue 37)', () => {
  const limits = PUBLIC_WRITE_LIMITS['contact-message'];
  const message = (remoteAddress: string, person: { email: string; phone: string }, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact-messages', remoteAddress, headers, payload: { firstName: 'Chinedu', lastName: 'Okafor', message: 'Is the Omoda 5 available?', ...person } });

  it('requests refused for their fields count against their address: each is answered its 400 naming the field, until the address is over', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) {
      const refused = await message(address, { email: 'chinedu@example', phone: `+234 803 710 ${1000 + n}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'validation_failed', fields: { email: 'Please enter a valid email address' } });
    }
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await message(address, { email: 'chinedu.valid@example.ng', phone: '+234 803 710 1999' }), 'contact-message', 'perAddress', before);
  });

  it('replays of an Idempotency-Key count against their address, not against the contact again', async () => {
    const address = newAddress();
    const person = { email: 'replayer@example.ng', phone: '+234 803 720 1000' };
    const headers = { 'idempotency-key': 'contact-replay-key-0001' };
    const first = await message(address, person, headers);
    expect(first.statusCode).toBe(201);
    for (let n = 1; n < limits.perAddress.max; n++) {
      const replay = await message(address, person, headers);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    }
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await message(address, person, headers), 'contact-message', 'perAddress', before);

    // The mailbox was counted once, by the first send: it may still send the rest of its limit.
    for (let n = 1; n < limits.perEmail.max; n++) expect((await message(newAddress(), { ...person, phone: `+234 803 720 ${1000 + n}` })).statusCode).toBe(201);
    const full = await recorded();
    await expectRefusedAndNothingRecorded(await message(newAddress(), { ...person, phone: '+234 803 720 1999' }), 'contact-message', 'perEmail', full);
  });

  it('a new request refused for its address leaves its Idempotency-Key free for the retry from elsewhere', async () => {
    const address = newAddress();
    for (let n = 0; n < limits.perAddress.max; n++) expect((await message(address, { email: `k${n}@example.ng`, phone: `+234 803 730 ${1000 + n}` })).statusCode).toBe(201);
    const person = { email: 'key.free@example.ng', phone: '+234 803 730 1999' };
    const headers = { 'idempotency-key': 'contact-refused-key-0001' };
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await message(address, person, headers), 'contact-message', 'perAddress', before);
    const retried = await message(newAddress(), person, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it("landed-cost quote requests count per address with the enquiry form, and per phone; Tara's hand-offs per address and per email", async () => {
    const enquiry = PUBLIC_WRITE_LIMITS.enquiry;
    const quote = (remoteAddress: string, phone: string) =>
      t.app.inject({ method: 'POST', url: `/api/vehicles/${VEHICLE_ID}/quote-requests`, remoteAddress, payload: { country: 'NG', currency: 'NGN', fullName: 'Ifeoma Nwosu', phone } });
    await caughtUp(); // the vehicle is quoted from its read model
    const address = newAddress();
    for (let n = 0; n < enquiry.perAddress.max; n++) expect((await quote(address, `+234 803 740 ${1000 + n}`)).statusCode).toBe(201);
    let before = await recorded();
    await expectRefusedAndNothingRecorded(await quote(address, '+234 803 740 1999'), 'enquiry', 'perAddress', before);
    const anEnquiry = await t.app.inject({ method: 'POST', url: '/api/enquiries', remoteAddress: address, payload: { kind: 'deal', fullName: 'Ifeoma Nwosu', subject: 'Omoda 5', phone: '+234 803 740 1998' } });
    await expectRefusedAndNothingRecorded(anEnquiry, 'enquiry', 'perAddress', before);
    for (let n = 0; n < enquiry.perPhone.max; n++) expect((await quote(newAddress(), '+234 803 750 1234')).statusCode).toBe(201);
    before = await recorded();
    await expectRefusedAndNothingRecorded(await quote(newAddress(), '+234-803-750-1234'), 'enquiry', 'perPhone', before);

    const handoff = PUBLIC_WRITE_LIMITS['chat-handoff'];
    const conversation = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/chat/conversations', remoteAddress: newAddress(), payload: { language: 'en', currency: 'NGN' } })).json<{ id: string }>().id;
    const handOff = async (remoteAddress: string, email: string, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/handoff`, remoteAddress, payload: { name: 'Ada', email } });
    const from = newAddress();
    for (let n = 0; n < handoff.perAddress.max; n++) expect((await handOff(from, `ada${n}@example.ng`, await conversation())).statusCode).toBe(201);
    let open = await conversation();
    before = await recorded();
    await expectRefusedAndNothingRecorded(await handOff(from, 'ada.over@example.ng', open), 'chat-handoff', 'perAddress', before);
    for (let n = 0; n < handoff.perEmail.max; n++) expect((await handOff(newAddress(), 'ada.lead@example.ng', await conversation())).statusCode).toBe(201);
    open = await conversation();
    before = await recorded();
    await expectRefusedAndNothingRecorded(await handOff(newAddress(), 'Ada.Lead+x@example.ng', open), 'chat-handoff', 'perEmail', before);
  });
});

describe('analytics', () => {
  it('per address, generous: a busy page never reaches it, a flood does', async () => {
    const { max } = PUBLIC_WRITE_LIMITS.analytics.perAddress;
    const address = newAddress();
    // A tab of its own for each batch, so only the limits per address apply (analytics.int.test.ts has the others).
    let tab = 0;
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/analytics/events', remoteAddress: address, payload: { sessionId: `session-limits-${++tab}`, events: [{ event: 'page_view', properties: { page: 'homepage' }, timestamp: new Date().toISOString() }] } });
    for (let n = 0; n < max; n++) expect((await send()).statusCode).toBe(204);
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await send(), 'analytics', 'perAddress', before);
  });
});

describe('photos uploaded one by one', () => {
  it('per address: starting uploads is limited, and one refused leaves no file', async () => {
    const { max } = PUBLIC_WRITE_LIMITS['photo-upload'].perAddress;
    const address = newAddress();
    const start = () => t.app.inject({ method: 'POST', url: '/api/photo-uploads', remoteAddress: address, headers: { 'tus-resumable': '1.0.0', 'upload-length': String(photo.length) } });
    // Each given up at once, so the few unfinished uploads an address may keep waiting never stop it first.
    const giveUp = (answer: LightMyRequestResponse) => t.app.inject({ method: 'DELETE', url: String(answer.headers['location']), remoteAddress: address, headers: { 'tus-resumable': '1.0.0' } });
    for (let n = 0; n < max; n++) {
      const answer = await start();
      expect(answer.statusCode).toBe(201);
      expect((await giveUp(answer)).statusCode).toBe(204);
    }
    const before = await recorded();
    await expectRefusedAndNothingRecorded(await start(), 'photo-upload', 'perAddress', before);
    expect((await t.app.inject({ method: 'POST', url: '/api/photo-uploads', remoteAddress: newAddress(), headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } })).statusCode).toBe(201);
  });

  it('per address, one count for resuming and giving up (HEAD, PATCH, DELETE together)', async () => {
    const { max } = PUBLIC_WRITE_LIMITS['photo-upload-resume'].perAddress;
    const address = newAddress();
    const id = '0'.repeat(32);
    const tus = { 'tus-resumable': '1.0.0' };
    // Split across the three methods: each alone stays far below the limit, together they reach it.
    for (let n = 0; n < max; n++) {
      const method = (['HEAD', 'DELETE', 'PATCH'] as const)[n % 3]!;
      const headers = method === 'PATCH' ? { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : tus;
      expect((await t.app.inject({ method, url: `/api/photo-uploads/${id}`, remoteAddress: address, headers, ...(method === 'PATCH' ? { payload: Buffer.from('x') } : {}) })).statusCode, `${method} ${n}`).toBe(404);
    }
    const over = await t.app.inject({ method: 'HEAD', url: `/api/photo-uploads/${id}`, remoteAddress: address, headers: tus });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('while Redis does not answer', () => {
  it('public forms are still accepted and kept (the limits fail open: a lost customer costs more than a brake off for a while)', async () => {
    // Nothing listens on port 1.
    const noRedis = await createTestApp('api_public_writes_no_redis', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const contact = await noRedis.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Is the Omoda 5 available?' },
      });
      expect(contact.statusCode).toBe(201);
      const enquiry = await noRedis.app.inject({ method: 'POST', url: '/api/enquiries', payload: { kind: 'lease', fullName: 'Ada Obi', phone: '+234 803 555 0101', email: 'ada@example.ng', subject: 'Lexus RX 350 lease' } });
      expect(enquiry.statusCode).toBe(201);
      const kept = await sql<{ type: string }>`select type from events order by global_position`.execute(noRedis.testDb.db);
      // After the first admin's account, made at the start.
      expect(kept.rows.map((row) => row.type)).toEqual(['StaffAccountCreated', 'ContactMessageReceived', 'EnquiryReceived']);
      // Analytics is not a customer: uncounted, it would open the disk to a flood again, so it waits for Redis.
      const analytics = await noRedis.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        payload: { sessionId: 'tab-0123456789', events: [{ event: 'page_view', properties: { path: '/' }, timestamp: new Date().toISOString() }] },
      });
      expect(analytics.statusCode, analytics.body).toBe(503);
      expect(analytics.headers['retry-after']).toBeDefined();
      expect((await noRedis.testDb.db.selectFrom('analytics_events').select('id').execute()).length).toBe(0);
    } finally {
      await noRedis.close();
    }
  });
});
