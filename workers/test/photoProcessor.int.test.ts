import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { appendToStream, eventsBehind, postgresEventStore, readAll, readCheckpoint, readState, START_OF_STORE } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { decideSubmission, foldSubmission, initialSubmissionState, submissionDecider, type EventMetadata } from '@autobest/domain';
import { PhotoProcessor, type PhotoCatchUp, type PhotoProcessorOptions } from '../src/index';
import { samplePhoto } from '@autobest/runtime/testing';

const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
const silent = { warn: () => undefined };
const SLOTS = [
  { slot: 'front', label: 'Front View' },
  { slot: 'dashboard', label: 'Dashboard' },
];

let testDb: TestDatabase;
let uploadsDir: string;
let photo: Buffer;
beforeAll(async () => {
  testDb = await createTestDatabase('photo_processor');
  uploadsDir = await mkdtemp(join(tmpdir(), 'autobest-photo-processor-'));
  photo = await samplePhoto({ width: 64, height: 48, phoneMetadata: true });
});
afterAll(async () => {
  await testDb?.drop();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sql`truncate events, processor_checkpoints`.execute(testDb.db);
});

const folderOf = (id: string) => join(uploadsDir, 'sell-car', id);
const processor = (options?: PhotoProcessorOptions) => new PhotoProcessor(testDb.db, uploadsDir, silent, options);

/**
 * Runs catch-ups until the processor has nothing left behind, adding up what they did. Other tests on the
 * shared cluster hold transactions open for a moment (creating and dropping databases), and commit-safe reads
 * rightly wait for them.
 */
async function drain(photoProcessor = processor()): Promise<PhotoCatchUp> {
  const total = { processed: 0, erased: 0 };
  await vi.waitFor(
    async () => {
      const done = await photoProcessor.catchUp();
      total.processed += done.processed;
      total.erased += done.erased;
      expect(await eventsBehind(testDb.db, await readCheckpoint(testDb.db, 'photos'))).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
  return total;
}

/** A request as the API leaves it: the owner's files in the request's folder, then its Submitted event. */
async function submit(id: string, files: Record<string, Buffer> = { front: photo, dashboard: photo }) {
  await mkdir(folderOf(id), { recursive: true });
  const photos = SLOTS.map(({ slot, label }) => ({ slot, label, storedName: `${slot}-0b5c7a52-7f59-4f0e-9d3c-3f4c1b7e2a10.jpg`, contentType: 'image/jpeg', bytes: 1, originalName: `${slot}.jpg` }));
  for (const sent of photos) {
    const content = files[sent.slot];
    if (content) await writeFile(join(folderOf(id), sent.storedName), content);
  }
  const events = decideSubmission(
    {
      type: 'Submit',
      kind: 'sell-car',
      data: {
        submissionId: id,
        submittedAt: '2026-11-22T09:00:00.000Z',
        personalInfo: { fullName: 'Ada Obi', phoneNumber: '08035550142', email: 'ada@example.ng' },
        vehicleInfo: { make: 'Kia', model: 'Rio', year: '2017', odometer: '90000', fuelType: 'petrol', transmission: 'manual', vin: null, knownIssues: null, underFinance: false, askingPrice: '3000000' },
        photos,
      },
    },
    initialSubmissionState,
  );
  await appendToStream(testDb.db, `sell-car-${id}`, 0, events, visitor);
}

async function history(id: string) {
  return (await readState(postgresEventStore(testDb.db), submissionDecider, `sell-car-${id}`)).events;
}
const eventTypes = async (id: string) => (await history(id)).map((event) => event.type);

describe('photo processor', () => {
  it('re-encodes every photo of a request, records it once, and deletes the originals; running again changes nothing', async () => {
    await submit('SC-1763802000000-PHOTO1');
    expect(await drain()).toEqual({ processed: 1, erased: 0 });

    const [, processed] = await history('SC-1763802000000-PHOTO1');
    expect(processed).toMatchObject({
      type: 'SubmissionPhotosProcessed',
      data: {
        photos: [
          { slot: 'front', label: 'Front View', state: 'ready', storedName: 'front.jpg', thumbnailName: 'front.thumb.jpg', width: 48, height: 64 },
          { slot: 'dashboard', label: 'Dashboard', state: 'ready', storedName: 'dashboard.jpg', thumbnailName: 'dashboard.thumb.jpg', width: 48, height: 64 },
        ],
      },
    });
    const folder = folderOf('SC-1763802000000-PHOTO1');
    expect((await readdir(folder)).sort()).toEqual(['dashboard.jpg', 'dashboard.thumb.jpg', 'front.jpg', 'front.thumb.jpg']);
    const kept = await sharp(join(folder, 'front.jpg')).metadata();
    expect([kept.exif, kept.xmp, kept.icc]).toEqual([undefined, undefined, undefined]);

    const before = await stat(join(folder, 'front.jpg'));
    expect(await drain()).toEqual({ processed: 0, erased: 0 });
    await sql`truncate processor_checkpoints`.execute(testDb.db);
    expect(await drain()).toEqual({ processed: 0, erased: 0 });
    expect(await eventTypes('SC-1763802000000-PHOTO1')).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
    expect((await stat(join(folder, 'front.jpg'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('resumes after a crash between writing the photos and recording them: one record, originals gone', async () => {
    await submit('SC-1763802000000-CRASH1');
    const crashing = processor({
      beforeRecord: () => {
        throw new Error('crash');
      },
    });
    await vi.waitFor(() => expect(crashing.catchUp()).rejects.toThrow('crash'), { timeout: 20_000, interval: 50 });
    const folder = folderOf('SC-1763802000000-CRASH1');
    expect(await eventTypes('SC-1763802000000-CRASH1')).toEqual(['SellCarSubmitted']);
    // Nothing recorded, so the owner's files are still there to process again.
    expect((await readdir(folder)).filter((name) => name.includes('-0b5c7a52-'))).toHaveLength(2);

    expect(await drain()).toEqual({ processed: 1, erased: 0 });
    expect(await eventTypes('SC-1763802000000-CRASH1')).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
    expect((await readdir(folder)).sort()).toEqual(['dashboard.jpg', 'dashboard.thumb.jpg', 'front.jpg', 'front.thumb.jpg']);
  });

  it('records a photo that does not decode, or whose file is gone, as unreadable; the owner sees it on their status page', async () => {
    const cut = Buffer.concat([photo.subarray(0, photo.length / 2), Buffer.alloc(photo.length / 2)]);
    await submit('SC-1763802000000-BROKEN', { front: cut });
    await drain();
    const [, processed] = await history('SC-1763802000000-BROKEN');
    expect(processed?.data).toMatchObject({
      photos: [
        { slot: 'front', label: 'Front View', state: 'unreadable', reason: 'undecodable' },
        { slot: 'dashboard', label: 'Dashboard', state: 'unreadable', reason: 'missing' },
      ],
    });
    expect(await readdir(folderOf('SC-1763802000000-BROKEN'))).toEqual([]);
  });

  it('erases the files of a deleted request once, and never processes a request deleted before its turn', async () => {
    await submit('SC-1763802000000-GONE01');
    await drain();
    await submit('SC-1763802000000-GONE02');
    for (const id of ['SC-1763802000000-GONE01', 'SC-1763802000000-GONE02']) {
      const [deleted] = decideSubmission({ type: 'Delete', now: new Date() }, foldSubmission(await history(id)));
      await appendToStream(testDb.db, `sell-car-${id}`, (await history(id)).length, [deleted!], visitor);
    }

    expect(await drain()).toEqual({ processed: 0, erased: 2 });
    expect(await eventTypes('SC-1763802000000-GONE01')).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed', 'SubmissionDeleted', 'SubmissionPhotosErased']);
    expect(await eventTypes('SC-1763802000000-GONE02')).toEqual(['SellCarSubmitted', 'SubmissionDeleted', 'SubmissionPhotosErased']);
    await expect(stat(folderOf('SC-1763802000000-GONE01'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(folderOf('SC-1763802000000-GONE02'))).rejects.toMatchObject({ code: 'ENOENT' });

    await sql`truncate processor_checkpoints`.execute(testDb.db);
    expect(await drain()).toEqual({ processed: 0, erased: 0 });
  });

  it('two replicas at once process each request once', async () => {
    const ids = ['SC-1763802000000-TWIN01', 'SC-1763802000000-TWIN02', 'SC-1763802000000-TWIN03'];
    for (const id of ids) await submit(id);
    const [first, second] = await Promise.all([drain(), drain()]);
    expect(first!.processed + second!.processed).toBe(3);
    for (const id of ids) expect(await eventTypes(id)).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
  });

  it('holds no transaction while it works: events committed meanwhile are readable by every other processor', async () => {
    await submit('SC-1763802000000-BUSY01');
    let seenMeanwhile = false;
    await drain(
      processor({
        beforeRecord: async () => {
          await appendToStream(testDb.db, 'contact-meanwhile', 'any', [{ type: 'ContactMessageReceived', data: {} }], visitor);
          // Were the processor inside a transaction with an xid, this would wait until it times out.
          await vi.waitFor(async () => expect((await readAll(testDb.db, START_OF_STORE, 100)).map((event) => event.streamId)).toContain('contact-meanwhile'), {
            timeout: 10_000,
            interval: 50,
          });
          seenMeanwhile = true;
        },
      }),
    );
    expect(seenMeanwhile).toBe(true);
  });

  it('finds each request among many other events, reading a few at a time, and ends at the head of the store', async () => {
    const others = (from: number, count: number) =>
      Promise.all(Array.from({ length: count }, (_, n) => appendToStream(testDb.db, `contact-${from + n}`, 0, [{ type: 'ContactMessageReceived', data: {} }], visitor)));
    await others(0, 25);
    await submit('SC-1763802000000-AMID01');
    await others(25, 25);
    await submit('SC-1763802000000-AMID02');
    await others(50, 10);
    // Once every event is readable (another test file's transaction may hold the horizon back a moment), one catch-up
    // goes all the way: to the head of the store, past the contact messages after the last request too.
    await vi.waitFor(async () => expect(await readAll(testDb.db, START_OF_STORE, 1000)).toHaveLength(62), { timeout: 10_000, interval: 50 });
    expect(await processor({ batchSize: 1, lookAhead: 10 }).catchUp()).toEqual({ processed: 2, erased: 0 });
    expect(await eventsBehind(testDb.db, await readCheckpoint(testDb.db, 'photos'))).toBe(0);
    for (const id of ['SC-1763802000000-AMID01', 'SC-1763802000000-AMID02']) expect(await eventTypes(id)).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
  });

  it('stopped after the request in hand, it resumes at the next one: none skipped, none done twice', async () => {
    await submit('SC-1763802000000-STOP01');
    await submit('SC-1763802000000-STOP02');
    await appendToStream(testDb.db, 'contact-after-stop', 0, [{ type: 'ContactMessageReceived', data: {} }], visitor);
    const stopping = new AbortController();
    const stopped = processor({ beforeRecord: () => stopping.abort() });
    await vi.waitFor(async () => expect(await stopped.catchUp(stopping.signal)).toEqual({ processed: 1, erased: 0 }), { timeout: 20_000, interval: 50 });
    expect(await eventTypes('SC-1763802000000-STOP01')).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
    expect(await eventTypes('SC-1763802000000-STOP02')).toEqual(['SellCarSubmitted']);
    expect(await drain()).toEqual({ processed: 1, erased: 0 });
    expect(await eventTypes('SC-1763802000000-STOP02')).toEqual(['SellCarSubmitted', 'SubmissionPhotosProcessed']);
  });

  it('keeps the owner’s original until the outcome is recorded, so a photo is never lost', async () => {
    await submit('SC-1763802000000-ORIG01');
    let originalsAtRecord: string[] = [];
    await drain(
      processor({
        beforeRecord: async () => {
          originalsAtRecord = (await readdir(folderOf('SC-1763802000000-ORIG01'))).filter((name) => name.includes('-0b5c7a52-'));
        },
      }),
    );
    expect(originalsAtRecord).toHaveLength(2);
    const front = await readFile(join(folderOf('SC-1763802000000-ORIG01'), 'front.jpg'));
    expect(front.equals(photo)).toBe(false);
  });
});
