import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePhoto } from '@autobest/runtime/testing';
import { makeMissingPhotoCopies } from '../src/photoCopies';

let uploadsDir: string;
const folder = () => join(uploadsDir, 'vehicle-images');
const OLD = 'image-00000000-0000-4000-8000-000000000001.jpg';
const BROKEN = 'image-00000000-0000-4000-8000-000000000002.jpg';

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'photo-copies-'));
  await mkdir(folder());
  // A photo stored before uploads made copies, its thumbnail beside it, and a file that does not decode.
  await writeFile(join(folder(), OLD), await samplePhoto({ width: 1600, height: 1200 }));
  await writeFile(join(folder(), OLD.replace('.jpg', '-thumb.jpg')), await samplePhoto());
  await writeFile(join(folder(), BROKEN), Buffer.from('not a photo'));
});
afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('npm run photos:copies', () => {
  it('gives a photo stored before the copies existed its six smaller AVIF and WebP copies, reports one that does not decode, and does nothing more when run again', async () => {
    const first = await makeMissingPhotoCopies(uploadsDir);
    expect(first).toEqual({ photos: 2, made: 1, failed: [{ photo: BROKEN, reason: expect.any(String) }] });
    const files = await readdir(folder());
    const stem = OLD.replace('.jpg', '');
    for (const width of [320, 640, 1024]) {
      for (const format of ['avif', 'webp']) expect(files).toContain(`${stem}-w${width}.${format}`);
    }
    // Smaller than the photo they stand for.
    expect((await stat(join(folder(), `${stem}-w320.avif`))).size).toBeLessThan((await stat(join(folder(), OLD))).size / 4);

    const before = await stat(join(folder(), `${stem}-w640.webp`));
    const again = await makeMissingPhotoCopies(uploadsDir);
    expect(again.made).toBe(0);
    expect((await stat(join(folder(), `${stem}-w640.webp`))).mtimeMs).toBe(before.mtimeMs);
  });

  it('has nothing to do where no catalogue photo was ever stored', async () => {
    expect(await makeMissingPhotoCopies(join(uploadsDir, 'nowhere'))).toEqual({ photos: 0, made: 0, failed: [] });
  });
});
