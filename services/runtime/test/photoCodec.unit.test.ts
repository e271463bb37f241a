import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PHOTO_VARIANT_WIDTHS } from '@autobest/domain/inventory/photoCopies';
import { identifyPhoto, PhotoProbe, photoVariantPath, reencodePhoto, UndecodablePhotoError } from '../src/index';
import { samplePhoto } from '../src/testing';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'autobest-photo-codec-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

let sent = 0;
/**
 * identifyPhoto checks a file as the API receives it: streamed to disk through a probe. The network's chunks are
 * of any size; odd ones here, so markers and segment headers fall across their edges.
 */
async function identify(bytes: Buffer, chunkSize = 1_001) {
  const path = join(folder, `sent-${(sent += 1)}`);
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, index) => bytes.subarray(index * chunkSize, (index + 1) * chunkSize));
  const probe = new PhotoProbe();
  await pipeline(Readable.from(chunks), probe, createWriteStream(path));
  return identifyPhoto(path, probe);
}

/** Text a metadata block leaves in a file: EXIF's APP1 header, XMP's namespace, an ICC profile's APP2, Photoshop's IPTC. */
const METADATA_MARKERS = ['Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'ICC_PROFILE', 'Photoshop 3.0', 'PhoneCo', 'Seller Home'];
/** The EXIF tag that points at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('reencodePhoto', () => {
  it('applies EXIF orientation 6 and keeps no metadata block at all: no EXIF, GPS, XMP or ICC', async () => {
    const original = await samplePhoto({ width: 64, height: 48, phoneMetadata: true });
    const sent = await sharp(original).metadata();
    // What a phone sends: stored 64 × 48 and rotated by its EXIF, with the camera, a GPS position, XMP and ICC.
    expect([sent.width, sent.height, sent.orientation]).toEqual([64, 48, 6]);
    expect(sent.exif?.toString('latin1')).toContain('PhoneCo');
    expect(hasGpsPointer(sent.exif!)).toBe(true);
    expect(sent.xmp?.toString()).toContain('Seller Home');
    expect(sent.icc).toBeDefined();

    const result = await reencodePhoto(original, { photo: join(folder, 'front.jpg'), thumbnail: join(folder, 'front.thumb.jpg') });
    expect(result).toMatchObject({ width: 48, height: 64 });
    for (const file of ['front.jpg', 'front.thumb.jpg']) {
      const kept = await readFile(join(folder, file));
      const metadata = await sharp(kept).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.iptc, metadata.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
      for (const marker of METADATA_MARKERS) expect(kept.includes(marker), `${file} contains ${JSON.stringify(marker)}`).toBe(false);
    }
    expect(result.bytes).toBe((await readFile(join(folder, 'front.jpg'))).length);
  });

  it('bounds the photo to 2048 pixels and the thumbnail to 320, never enlarging a small one', async () => {
    const wide = await reencodePhoto(await samplePhoto({ width: 3000, height: 1000, quality: 50 }), { photo: join(folder, 'wide.jpg'), thumbnail: join(folder, 'wide.thumb.jpg') });
    expect([wide.width, wide.height]).toEqual([2048, 683]);
    expect(await sharp(join(folder, 'wide.thumb.jpg')).metadata()).toMatchObject({ width: 320, height: 106 });
    const small = await reencodePhoto(await samplePhoto({ width: 200, height: 100, format: 'png' }), { photo: join(folder, 'small.jpg'), thumbnail: join(folder, 'small.thumb.jpg') });
    expect([small.width, small.height]).toEqual([200, 100]);
    expect(await sharp(join(folder, 'small.thumb.jpg')).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('writes the photo at 320, 640 and 1024 pixels wide in AVIF and WebP, each smaller than the JPEG, never enlarged (issue 42)', async () => {
    const photo = join(folder, 'variants.jpg');
    const result = await reencodePhoto(await samplePhoto({ width: 1600, height: 1200 }), { photo, variants: true });
    const sizes: number[] = [];
    for (const width of PHOTO_VARIANT_WIDTHS) {
      for (const format of ['avif', 'webp'] as const) {
        const file = photoVariantPath(photo, width, format);
        expect(file).toBe(join(folder, `variants-w${width}.${format}`));
        const metadata = await sharp(await readFile(file)).metadata();
        expect([metadata.format, metadata.width]).toEqual([format === 'avif' ? 'heif' : 'webp', width]);
        sizes.push((await readFile(file)).length);
      }
    }
    expect(Math.max(...sizes)).toBeLessThan(result.bytes);
    const small = join(folder, 'small-variants.jpg');
    await reencodePhoto(await samplePhoto({ width: 200, height: 100 }), { photo: small, variants: true });
    expect((await sharp(await readFile(photoVariantPath(small, 1024, 'webp'))).metadata()).width).toBe(200);
  });

  it('paints transparency white instead of the black a JPEG would otherwise show', async () => {
    const transparent = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    await reencodePhoto(transparent, { photo: join(folder, 'clear.jpg') });
    const { dominant } = await sharp(join(folder, 'clear.jpg')).stats();
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(240);
  });

  it('throws UndecodablePhotoError for a file cut short, and writes nothing', async () => {
    const photo = await samplePhoto({ width: 400, height: 300 });
    const cut = Buffer.concat([photo.subarray(0, photo.length / 2), Buffer.alloc(photo.length / 2)]);
    await expect(reencodePhoto(cut, { photo: join(folder, 'cut.jpg'), thumbnail: join(folder, 'cut.thumb.jpg') })).rejects.toBeInstanceOf(UndecodablePhotoError);
    expect((await readdir(folder)).filter((name) => name.startsWith('cut'))).toEqual([]);
  });

  it('hands no decoder a format we do not accept (a TIFF, an SVG decode well, yet are refused), and writes nothing', async () => {
    const tiff = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a6ea5' } }).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="12"><rect width="16" height="12" fill="red"/></svg>');
    for (const [name, bytes] of [['tiff', tiff], ['svg', svg]] as const) {
      await expect(reencodePhoto(bytes, { photo: join(folder, `${name}.jpg`) }), name).rejects.toBeInstanceOf(UndecodablePhotoError);
    }
    expect((await readdir(folder)).filter((name) => name.startsWith('tiff') || name.startsWith('svg'))).toEqual([]);
    // The formats accepted still are.
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const bytes = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a6ea5' } }).toFormat(format).toBuffer();
      await expect(reencodePhoto(bytes, { photo: join(folder, `ok-${format}.jpg`) }), format).resolves.toMatchObject({ width: 16, height: 12 });
    }
  });
});

describe('identifyPhoto (the check a request makes)', () => {
  it('accepts whole JPEG, PNG, WebP, GIF and AVIF photos, naming their type', async () => {
    const pixels = sharp(await samplePhoto({ width: 32, height: 24 }));
    expect(await identify(await samplePhoto({ width: 32, height: 24 }))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(await identify(await samplePhoto({ width: 32, height: 24, phoneMetadata: true }))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(await identify(await samplePhoto({ width: 32, height: 24, format: 'png' }))).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(await identify(await pixels.clone().webp().toBuffer())).toEqual({ contentType: 'image/webp', extension: 'webp' });
    expect(await identify(await pixels.clone().gif().toBuffer())).toEqual({ contentType: 'image/gif', extension: 'gif' });
    expect(await identify(await pixels.clone().avif().toBuffer())).toEqual({ contentType: 'image/avif', extension: 'avif' });
  });

  it('finds the markers however the bytes arrive, even one byte at a time', async () => {
    expect(await identify(await samplePhoto({ width: 32, height: 24, phoneMetadata: true }), 1)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(await identify(await samplePhoto({ width: 32, height: 24, format: 'png' }), 1)).toEqual({ contentType: 'image/png', extension: 'png' });
  });

  it('accepts a JPEG whose segments before the image pass 64 KB (a phone’s extended XMP, depth maps)', async () => {
    const photo = await samplePhoto({ width: 32, height: 24 });
    const segment = Buffer.concat([Buffer.from([0xff, 0xef, 0xfd, 0xe8]), Buffer.alloc(65_000 - 2, 0x41)]);
    expect(await identify(Buffer.concat([photo.subarray(0, 2), segment, segment, photo.subarray(2)]))).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
  });

  it('accepts a JPEG with data after its end marker (motion photos, maker trailers): re-encoding drops it', async () => {
    const photo = await samplePhoto({ width: 32, height: 24 });
    expect(await identify(Buffer.concat([photo, Buffer.from('ftypmp42 motion photo video')]))).toBeDefined();
    expect(await identify(Buffer.concat([photo, Buffer.alloc(300_000)]))).toBeDefined();
  });

  it.each([
    ['a PNG+HTML polyglot (HTML after IEND)', async () => Buffer.concat([await samplePhoto({ format: 'png' }), Buffer.from('<html><script>alert(document.cookie)</script></html>')])],
    ['a PNG padded with zeros after IEND', async () => Buffer.concat([await samplePhoto({ format: 'png' }), Buffer.alloc(300_000)])],
    ['a PNG cut short', async () => (await samplePhoto({ format: 'png', width: 200, height: 200 })).subarray(0, 5_000)],
    ['a JPEG cut short and zero-padded', async () => { const photo = await samplePhoto({ width: 400, height: 300 }); return Buffer.concat([photo.subarray(0, photo.length / 2), Buffer.alloc(photo.length)]); }],
    ['a large JPEG cut short and zero-padded', async () => { const photo = await samplePhoto({ width: 1600, height: 1200, quality: 45 }); return Buffer.concat([photo.subarray(0, 200_000), Buffer.alloc(250_000)]); }],
    ['JPEG magic bytes followed by padding', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(2_000, 0x20)])],
    ['a WebP with bytes appended', async () => Buffer.concat([await sharp(await samplePhoto()).webp().toBuffer(), Buffer.from('<html>')])],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['a PDF', async () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')],
    ['a decompression bomb (100 megapixels of PNG in a few kilobytes)', async () => sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: 'black' } }).png({ compressionLevel: 9 }).toBuffer()],
  ])('refuses %s', async (_what, make) => {
    expect(await identify(await make())).toBeUndefined();
  });
});
