import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { open, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SELL_CAR_PHOTO_SLOTS, TRADE_IN_PHOTO_SLOTS } from '@autobest/domain';
import { sellCarFormFields } from '@autobest/domain/testing';
import { removeExpiredPhotoUploads, resumableUploadsFolder } from '@autobest/runtime';
import { MAX_WAITING_UPLOADS_PER_NETWORK } from '../src/submissions/resumablePhotos';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';
import { multipartBody, PDF, photoOfSize, pngOfSize } from './images';

/**
 * Photos sent one by one over tus (submissions/resumablePhotos.ts), then a request naming them: each photo resumes
 * from the byte where it was cut, is checked as an image once whole, and goes into exactly one request.
 */
const JPEG = await samplePhoto({ width: 64, height: 48, phoneMetadata: true });
const LARGE = await photoOfSize(400_000);
const sellFields = { ...sellCarFormFields({ fullName: 'Ngozi Eze', phoneNumber: '+234 803 555 0160', email: 'ngozi@example.ng' }), vin: '', knownIssues: '' };
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let cookie: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp('api_resumable_photos', { ...LOOSE_PUBLIC_WRITE_LIMITS, PROJECTOR_SAFETY_NET_MS: '600000' }, { withWorkers: true });
  cookie = await signIn(t.app);
  // A real socket too: only a connection that really drops shows what a cut-off upload leaves.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const filenameMetadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

async function create(length: number, name = 'front.jpg', remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/photo-uploads', headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': filenameMetadata(name) }, ...(remoteAddress ? { remoteAddress } : {}) });
}
async function created(length: number, name?: string): Promise<string> {
  const response = await create(length, name);
  expect(response.statusCode).toBe(201);
  const location = response.headers['location'] as string;
  expect(location).toMatch(/^\/api\/photo-uploads\/[0-9a-f]{32}$/);
  return location.split('/').pop()!;
}
const patch = (id: string, offset: number, bytes: Buffer, remoteAddress?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/photo-uploads/${id}`, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: bytes, ...(remoteAddress ? { remoteAddress } : {}) });
const head = (id: string) => t.app.inject({ method: 'HEAD', url: `/api/photo-uploads/${id}`, headers: TUS });
async function uploaded(content: Buffer, name?: string): Promise<string> {
  const id = await created(content.length, name);
  const answer = await patch(id, 0, content);
  expect(answer.statusCode).toBe(204);
  expect(answer.headers['upload-offset']).toBe(String(content.length));
  return id;
}
const sixUploads = async (slots: readonly { slot: string }[]) => Object.fromEntries(await Promise.all(slots.map(async ({ slot }) => [slot, await uploaded(JPEG, `${slot}.jpg`)] as const)));
const sellFromUploads = (photos: Record<string, string>, fields: Record<string, string> = sellFields, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/sell-car-submissions/from-uploads', payload: { fields, photos }, headers });
const waiting = async () => (await readdir(resumableUploadsFolder(t.config.uploadsDir)).catch(() => [] as string[])).sort();

/** Sends `bytes` as a PATCH that declares them all, writes `sent` of them, and drops the connection, as a phone that loses its network. */
async function cutOff(id: string, bytes: Buffer, sent: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = httpRequest(`${origin}/api/photo-uploads/${id}`, {
      method: 'PATCH',
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sent), () => setTimeout(() => request.destroy(), 50));
  });
}

describe('photos uploaded one by one (tus)', () => {
  it('creates an upload with an unguessable id, resumes it from where the connection was cut, and checks it once whole', async () => {
    const id = await created(LARGE.length, 'front.jpg');
    const fresh = await head(id);
    expect(fresh.statusCode).toBe(200);
    expect([fresh.headers['upload-offset'], fresh.headers['upload-length'], fresh.headers['cache-control']]).toEqual(['0', String(LARGE.length), 'no-store']);

    await cutOff(id, LARGE, 150_000);
    let offset = 0;
    await vi.waitFor(async () => {
      offset = Number((await head(id)).headers['upload-offset']);
      expect(offset).toBeGreaterThan(0);
    }, { timeout: 10_000, interval: 50 });
    // What arrived is kept; nothing past the cut.
    expect(offset).toBeLessThanOrEqual(150_000);
    // Resuming from a wrong offset is refused without touching the upload, in the API's error shape.
    const conflict = await patch(id, 0, LARGE);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'upload_offset_conflict', message: 'Upload-Offset conflict' });
    expect(conflict.headers['x-request-id']).toBeDefined();

    const rest = await patch(id, offset, LARGE.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(LARGE.length));
    expect(await readFile(join(resumableUploadsFolder(t.config.uploadsDir), id))).toEqual(LARGE);
  });

  it('refuses a file that is not an image once its last byte arrives, and deletes it', async () => {
    const id = await created(PDF.length, 'front.jpg');
    const half = Math.floor(PDF.length / 2);
    // Half a PDF is not judged yet: it could still become anything.
    expect((await patch(id, 0, PDF.subarray(0, half))).statusCode).toBe(204);
    const last = await patch(id, half, PDF.subarray(half));
    expect(last.statusCode).toBe(415);
    expect(last.json()).toEqual({ error: 'invalid_file_type', message: 'Invalid file type', fields: { photo: 'Please upload an image file (JPG, PNG, etc.)' }, codes: { photo: { code: 'invalidFileText' } } });
    expect((await head(id)).statusCode).toBe(404);
    expect(await waiting()).not.toContain(id);
  });

  it('refuses more than 5 MB: announced, or sent beyond the length announced', async () => {
    const tooLarge = await create(5 * 1024 * 1024 + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'file_too_large', fields: { photo: 'Please upload an image smaller than 5MB' } });
    const id = await created(1_000);
    expect((await patch(id, 0, pngOfSize(2_000))).statusCode).toBe(413);
    expect(Number((await head(id)).headers['upload-offset'])).toBeLessThanOrEqual(1_000);
  });

  it('refuses ids that are not its own before any path is made: encoded slashes, dots, NUL, other shapes', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(31)}%00`, `${'a'.repeat(30)}%2F%2E`, 'A'.repeat(32), '0'.repeat(33)]) {
      const answer = await head(id);
      expect(answer.statusCode, id).toBe(400);
    }
    // Dots alone are resolved by the router to another path, which no upload route matches.
    expect((await head('%2E%2E')).statusCode).toBe(404);
    expect((await head('0'.repeat(32))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/photo-uploads', headers: { 'upload-length': '10' } })).statusCode).toBe(400);
  });

  it('a request names six finished uploads: it is recorded as a multipart one is, and staff see its photos', async () => {
    const ids = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    const response = await sellFromUploads(ids);
    expect(response.statusCode).toBe(201);
    const { id, statusUrl } = response.json<{ id: string; statusUrl: string }>();
    expect(statusUrl).toMatch(new RegExp(`^/sell-car-status/${id}\\?token=[A-Za-z0-9_-]{43}$`));
    // Claimed: gone from the uploads, nothing left behind.
    for (const upload of Object.values(ids)) expect(await waiting()).not.toContain(upload);

    const multipart = await multipartBody({ ...sellFields, email: 'ngozi.multipart@example.ng' }, SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: JPEG })));
    const other = await t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: multipart.payload, headers: multipart.headers });
    expect(other.statusCode).toBe(201);
    const submitted = async (submission: string) =>
      (await t.testDb.db.selectFrom('events').select(['type', 'data']).where('stream_id', '=', `sell-car-${submission}`).orderBy('stream_position').executeTakeFirstOrThrow()) as { type: string; data: { photos: Array<Record<string, unknown>> } };
    const [fromUploads, fromMultipart] = [await submitted(id), await submitted(other.json<{ id: string }>().id)];
    expect(fromUploads.type).toBe(fromMultipart.type);
    const shape = (photo: Record<string, unknown>) => ({ ...photo, storedName: String(photo['storedName']).replace(/-[0-9a-f-]{36}\./, '-*.') });
    expect(fromUploads.data.photos.map(shape)).toEqual(fromMultipart.data.photos.map(shape));

    await vi.waitFor(async () => {
      const record = (await t.app.inject({ method: 'GET', url: `/api/admin/sell-car-submissions/${id}`, headers: { cookie } })).json<{ photos: Array<{ label: string; state: string }> }>();
      expect(record.photos.map((photo) => [photo.label, photo.state])).toEqual(SELL_CAR_PHOTO_SLOTS.map(({ label }) => [label, 'ready']));
    }, { timeout: 20_000, interval: 100 });
  });

  it('an upload goes into one request only: a second request naming it is refused, naming the slot', async () => {
    const ids = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    expect((await sellFromUploads(ids)).statusCode).toBe(201);
    const again = await sellFromUploads({ ...(await sixUploads(SELL_CAR_PHOTO_SLOTS)), rear: ids['rear']! }, { ...sellFields, email: 'someone.else@example.ng' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'photo_upload_unavailable', fields: { rear: 'This photo did not finish uploading or has expired. Please choose it again' }, codes: { rear: { code: 'photoUploadUnavailable' } } });

    // Two requests racing for the same six: one wins, the other gets none of them.
    const shared = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    const race = await Promise.all([sellFromUploads(shared, { ...sellFields, email: 'first@example.ng' }), sellFromUploads(shared, { ...sellFields, email: 'second@example.ng' })]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
  });

  it('a replay with its Idempotency-Key answers the same request, although its uploads are claimed', async () => {
    const ids = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    const key = crypto.randomUUID();
    const first = await sellFromUploads(ids, sellFields, { 'idempotency-key': key });
    const replay = await sellFromUploads(ids, sellFields, { 'idempotency-key': key });
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    expect(replay.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
  });

  it('refuses unknown, unfinished and expired uploads naming the slot, and a missing one as the multipart form does', async () => {
    const ids = await sixUploads(TRADE_IN_PHOTO_SLOTS);
    const tradeIn = (photos: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade-in-submissions/from-uploads',
        payload: { fields: { fullName: 'Zainab Musa', phoneNumber: '0803 555 0177', email: 'zainab@example.ng', vehicleMake: 'Honda', model: 'Accord', year: '2016', odometer: '120000', fuelType: 'petrol', transmission: 'automatic', underFinance: 'no', consent: 'true' }, photos },
      });
    const slot = TRADE_IN_PHOTO_SLOTS[0]!.slot;
    const unknown = await tradeIn({ ...ids, [slot]: 'f'.repeat(32) });
    expect([unknown.statusCode, Object.keys(unknown.json<{ fields: object }>().fields)]).toEqual([400, [slot]]);
    const notAnId = await tradeIn({ ...ids, [slot]: '../../sell-car' });
    expect([notAnId.statusCode, Object.keys(notAnId.json<{ fields: object }>().fields)]).toEqual([400, [slot]]);

    const unfinished = await created(JPEG.length);
    await patch(unfinished, 0, JPEG.subarray(0, 100));
    const half = await tradeIn({ ...ids, [slot]: unfinished });
    expect([half.statusCode, half.json<{ error: string }>().error, Object.keys(half.json<{ fields: object }>().fields)]).toEqual([400, 'photo_upload_unavailable', [slot]]);

    const { [slot]: _left, ...five } = ids;
    const missing = await tradeIn(five);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: object }>().fields).toEqual({ photos: `Please upload images for: ${TRADE_IN_PHOTO_SLOTS[0]!.label}` });

    // Created two days ago: expired, refused to a request and to a resume, and swept by housekeeping.
    const record = join(resumableUploadsFolder(t.config.uploadsDir), `${ids[slot]}.json`);
    const info = JSON.parse(await readFile(record, 'utf8')) as { creation_date: string };
    await writeFile(record, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 48 * 3_600_000).toISOString() }));
    const expired = await tradeIn(ids);
    expect([expired.statusCode, Object.keys(expired.json<{ fields: object }>().fields)]).toEqual([400, [slot]]);
    expect((await head(ids[slot]!)).statusCode).toBe(410);

    const removed = await removeExpiredPhotoUploads(t.config.uploadsDir, new Date());
    expect(removed).toBe(1);
    expect(await waiting()).not.toContain(ids[slot]);
    expect(await waiting()).not.toContain(`${ids[slot]}.json`);
    // The others are a day from expiring: kept, until a day later.
    expect(await waiting()).toContain(ids[TRADE_IN_PHOTO_SLOTS[1]!.slot]);
    expect(await removeExpiredPhotoUploads(t.config.uploadsDir, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(5);
    expect(await waiting()).toEqual([]);
  });

  it('one network may keep only a few unfinished uploads waiting: the next is a 429 for it alone, and finishing or giving one up frees its place', async () => {
    const address = '10.77.0.1';
    const ids: string[] = [];
    for (let n = 0; n < MAX_WAITING_UPLOADS_PER_NETWORK; n++) {
      const answer = await create(JPEG.length, 'front.jpg', address);
      expect(answer.statusCode).toBe(201);
      ids.push(answer.headers['location']!.toString().split('/').pop()!);
    }
    const over = await create(JPEG.length, 'front.jpg', address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not affected (the whole point: two addresses can no longer shut the forms for everyone).
    expect((await create(JPEG.length, 'front.jpg', '10.77.0.2')).statusCode).toBe(201);
    // Finished: no longer waiting.
    expect((await patch(ids[0]!, 0, JPEG, address)).statusCode).toBe(204);
    expect((await create(JPEG.length, 'front.jpg', address)).statusCode).toBe(201);
    // Given up: no longer waiting.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/photo-uploads/${ids[1]}`, headers: TUS, remoteAddress: address })).statusCode).toBe(204);
    expect((await create(JPEG.length, 'front.jpg', address)).statusCode).toBe(201);
    expect((await create(JPEG.length, 'front.jpg', address)).statusCode).toBe(429);
  });

  it('an unfinished upload that received nothing for an hour is swept; a finished one waits its day', async () => {
    const idle = await created(JPEG.length);
    await patch(idle, 0, JPEG.subarray(0, 100));
    const finished = await uploaded(JPEG);
    const folder = resumableUploadsFolder(t.config.uploadsDir);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const name of [idle, `${idle}.json`, finished, `${finished}.json`]) await utimes(join(folder, name), twoHoursAgo, twoHoursAgo);
    // Created two hours ago too.
    for (const id of [idle, finished]) {
      const info = JSON.parse(await readFile(join(folder, `${id}.json`), 'utf8')) as Record<string, unknown>;
      await writeFile(join(folder, `${id}.json`), JSON.stringify({ ...info, creation_date: twoHoursAgo.toISOString() }));
      await utimes(join(folder, `${id}.json`), twoHoursAgo, twoHoursAgo);
    }
    await removeExpiredPhotoUploads(t.config.uploadsDir, new Date());
    expect(await waiting()).not.toContain(idle);
    expect((await head(idle)).statusCode).toBe(404);
    expect(await waiting()).toContain(finished);
    expect((await head(finished)).statusCode).toBe(200);
  });

  it('the request keeps a copy checked as an image: bytes written to the upload after the claim (a PATCH held open in another process) never reach it', async () => {
    const ids = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    const front = ids['front']!;
    // A writer that opened the upload before the claim, as another API process' PATCH does.
    const held = await open(join(resumableUploadsFolder(t.config.uploadsDir), front), 'r+');
    try {
      const response = await sellFromUploads(ids, { ...sellFields, email: 'held.open@example.ng' });
      expect(response.statusCode).toBe(201);
      await held.write(Buffer.concat([PDF, Buffer.alloc(Math.max(0, JPEG.length - PDF.length))]).subarray(0, JPEG.length), 0, JPEG.length, 0);
    } finally {
      await held.close();
    }
    const submission = (await t.testDb.db.selectFrom('events').select('data').where('type', '=', 'SellCarSubmitted').orderBy('global_position', 'desc').executeTakeFirstOrThrow()) as { data: { submissionId: string; photos: Array<{ slot: string; storedName: string }> } };
    const stored = submission.data.photos.find((photo) => photo.slot === 'front')!.storedName;
    const folders = await readdir(join(t.config.uploadsDir), { recursive: true });
    const path = folders.find((name) => name.endsWith(stored))!;
    expect(path).toBeDefined();
    // The original as received (the workers may have re-encoded it by now, into a JPEG still).
    const kept = await readFile(join(t.config.uploadsDir, path));
    expect(kept.subarray(0, 4).toString('latin1')).not.toBe('%PDF');
    expect(kept[0]).toBe(0xff);
  });

  it('reads the upload id from the path only: a query string naming another upload changes nothing', async () => {
    const [a, b] = [await created(JPEG.length), await created(JPEG.length)];
    const answer = await t.app.inject({ method: 'DELETE', url: `/api/photo-uploads/${a}?x=/${b}`, headers: TUS });
    expect(answer.statusCode).toBe(204);
    expect((await head(b)).statusCode).toBe(200);
    expect((await head(a)).statusCode).toBe(404);
  });

  it('refuses concatenation in the API error shape, keeps its folder to itself, and strips format characters from file names', async () => {
    const concat = await t.app.inject({ method: 'POST', url: '/api/photo-uploads', headers: { ...TUS, 'upload-length': '10', 'upload-concat': 'partial' } });
    expect(concat.statusCode).toBe(400);
    expect(concat.json()).toMatchObject({ error: 'validation_failed', fields: { 'upload-concat': 'Send each photo as one upload' } });
    expect((await stat(resumableUploadsFolder(t.config.uploadsDir))).mode & 0o777).toBe(0o700);

    const ids = await sixUploads(SELL_CAR_PHOTO_SLOTS);
    ids['front'] = await uploaded(JPEG, 'front\u202Egpj.exe\u200B');
    expect((await sellFromUploads(ids, { ...sellFields, email: 'bidi.name@example.ng' })).statusCode).toBe(201);
    const submission = (await t.testDb.db.selectFrom('events').select('data').where('type', '=', 'SellCarSubmitted').orderBy('global_position', 'desc').executeTakeFirstOrThrow()) as { data: { photos: Array<{ slot: string; originalName: string }> } };
    expect(submission.data.photos.find((photo) => photo.slot === 'front')!.originalName).toBe('frontgpj.exe');
  });
});
