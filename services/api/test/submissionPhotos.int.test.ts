import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import pino from 'pino';
import { eventsBehind, readCheckpoint } from '@autobest/db';
import { SELL_CAR_PHOTO_SLOTS } from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { PhotoProcessor } from '@autobest/workers';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, signIn, type TestApp } from './support';
import { multipartBody } from './images';

const sellFields = {
  fullName: 'Kemi Adeyemi',
  phoneNumber: '+234 803 555 0150',
  email: 'kemi@example.ng',
  make: 'Toyota',
  model: 'Highlander',
  year: '2019',
  odometer: '61000',
  fuelType: 'petrol',
  transmission: 'automatic',
  underFinance: 'no',
  askingPrice: '14000000',
  consent: 'true',
};

// No workers: the test decides when the photo processor runs.
let t: TestApp;
let cookie: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp('api_submission_photos');
  cookie = await signIn(t.app);
  photo = await samplePhoto({ width: 64, height: 48, phoneMetadata: true });
});
afterAll(async () => {
  await t?.close();
});

async function sellWithPhotos() {
  const files = SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: photo }));
  const body = await multipartBody(sellFields, files);
  const response = await t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body.payload, headers: body.headers });
  expect(response.statusCode).toBe(201);
  await project();
  return response.json<{ id: string; statusUrl: string }>();
}

/**
 * What the workers would do, run here until nothing is left behind (other tests on the shared cluster hold
 * transactions open for a moment, and commit-safe reads wait for them).
 */
async function catchUp(processor: { catchUp(): Promise<unknown> }, checkpoint: string) {
  await vi.waitFor(
    async () => {
      await processor.catchUp();
      expect(await eventsBehind(t.app.db, await readCheckpoint(t.app.db, checkpoint))).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}
const project = () => catchUp(new Projector(t.app.db, allProjections.filter((projection) => projection.name === 'submissions')), 'submissions');
async function processPhotos() {
  await catchUp(new PhotoProcessor(t.app.db, t.config.uploadsDir, pino({ level: 'silent' })), 'photos');
  await project();
}

const record = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/sell-car-submissions/${id}`, headers: { cookie } })).json<{
    photos: Array<{ slot: string; state: string; url: string | null; thumbnailUrl: string | null }>;
  }>();

describe('staff and the photos an owner sent', () => {
  it('never get the file as sent: nothing to open while it is processed, then our JPEG without EXIF or GPS', async () => {
    const { id } = await sellWithPhotos();
    // The owner's file is on disk, with its GPS position...
    const folder = join(t.config.uploadsDir, 'sell-car', id);
    const [original] = (await readdir(folder)).filter((name) => name.startsWith('front-'));
    expect((await readFile(join(folder, original!))).equals(photo)).toBe(true);

    // ...yet the console gets no link to it, and the photo route answers that it is being processed.
    const waiting = await record(id);
    expect(waiting.photos.map(({ state, url, thumbnailUrl }) => ({ state, url, thumbnailUrl }))).toEqual(Array(6).fill({ state: 'processing', url: null, thumbnailUrl: null }));
    for (const path of [`/api/admin/sell-car-submissions/${id}/photos/front`, `/api/admin/sell-car-submissions/${id}/photos/front/thumbnail`]) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'photo_processing' });
    }

    await processPhotos();
    const ready = await record(id);
    expect(ready.photos.every((entry) => entry.state === 'ready')).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: ready.photos[0]!.url!, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(photo)).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.exif, metadata.xmp, metadata.icc]).toEqual([48, 64, undefined, undefined, undefined]);
    // The owner's files are gone.
    expect((await readdir(folder)).filter((name) => name.includes('-'))).toEqual([]);
  });

  it('show a photo that did not decode after the request was accepted as unreadable, and the owner’s status page names it', async () => {
    const { id, statusUrl } = await sellWithPhotos();
    // A file that passes the request's check but breaks when decoded in full: a PNG whose compressed pixels are damaged.
    const png = await samplePhoto({ width: 64, height: 48, format: 'png' });
    const broken = Buffer.from(png).fill(0x55, png.indexOf('IDAT') + 20, png.indexOf('IDAT') + 220);
    const folder = join(t.config.uploadsDir, 'sell-car', id);
    const [dashboard] = (await readdir(folder)).filter((name) => name.startsWith('dashboard-'));
    await writeFile(join(folder, dashboard!), broken);

    await processPhotos();
    const { photos } = await record(id);
    expect(photos.find((entry) => entry.slot === 'dashboard')).toEqual({ slot: 'dashboard', label: 'Dashboard', state: 'unreadable', url: null, thumbnailUrl: null });
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/sell-car-submissions/${id}/photos/dashboard`, headers: { cookie } });
    expect(response.json()).toMatchObject({ error: 'photo_unreadable' });

    const token = new URL(statusUrl, 'http://x').searchParams.get('token')!;
    const status = await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status?token=${token}` });
    expect(status.json()).toMatchObject({ unreadablePhotos: ['Dashboard'] });
  });
});
