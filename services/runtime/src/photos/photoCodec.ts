import { rename, rm, writeFile } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_VARIANT_FORMATS, PHOTO_VARIANT_WIDTHS, type PhotoVariantFormat, type PhotoVariantWidth } from '@autobest/domain/inventory/photoCopies';

// libvips' operation cache pays off when one image is worked on again; every photo here is new, so it would
// only hold memory.
sharp.cache(false);

/**
 * Decompression bombs: a few kilobytes of PNG can announce 30,000 × 30,000 pixels. 64 megapixels is above the
 * 50 MP of the largest common phone cameras; a photo within the 5 MB limit does not honestly hold more.
 */
const MAX_INPUT_PIXELS = 64_000_000;
/** The longer side of the image staff open: sharp enough to judge paintwork, a few hundred kilobytes. */
const MAX_PHOTO_EDGE = 2048;
/** The longer side of the copy the console's lists show. */
const THUMBNAIL_EDGE = 320;

interface PhotoType {
  contentType: string;
  extension: string;
}

/**
 * The formats a phone or camera hands a browser that our sharp build decodes, by sharp's name for them. Its heif
 * loader reads AVIF only: HEIC needs a HEVC decoder the build lacks (browsers send iPhone photos as JPEG).
 */
const ACCEPTED_FORMATS: Record<string, PhotoType> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  heif: { contentType: 'image/avif', extension: 'avif' },
};

const PNG_IEND_CHUNK = Buffer.from('0000000049454e44ae426082', 'hex');
const JPEG_END_OF_IMAGE = Buffer.from([0xff, 0xd9]);
/** Where the headers of the formats we accept are (a JPEG with more segments than that is read from its file). */
const HEAD_BYTES = 64 * 1024;

/**
 * Watches a photo's bytes on their way to disk and keeps what identifyPhoto needs, so that checking it reads
 * nothing back: its size, its first 64 KB, its last bytes, where a JPEG's first scan starts (walking the segments
 * before it: an EXIF thumbnail inside APP1 has markers of its own) and where its last end-of-image marker is.
 */
export class PhotoProbe extends Transform {
  size = 0;
  private headParts: Buffer[] = [];
  private headLength = 0;
  /** The last bytes seen: the end of the file once the stream is done. */
  tail = Buffer.alloc(0);
  scanStart: number | undefined;
  lastEndOfImage = -1;
  /** Where the next JPEG segment starts, until the scan is found (or the bytes are not a JPEG's segments). */
  private nextSegment: number | undefined = 2;

  get head(): Buffer {
    if (this.headParts.length > 1) this.headParts = [Buffer.concat(this.headParts)];
    return (this.headParts[0] ?? Buffer.alloc(0)).subarray(0, HEAD_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const start = this.size;
    const end = start + chunk.length;
    const previous = this.tail;
    // A byte by its position in the file: in this chunk, or in the few kept from the one before.
    const byteAt = (position: number) => (position >= start ? chunk[position - start]! : previous[previous.length - (start - position)]!);
    if (this.headLength < HEAD_BYTES) {
      this.headParts.push(chunk);
      this.headLength += chunk.length;
    }
    if (previous.at(-1) === 0xff && chunk[0] === 0xd9) this.lastEndOfImage = start - 1;
    const marker = chunk.lastIndexOf(JPEG_END_OF_IMAGE);
    if (marker >= 0) this.lastEndOfImage = start + marker;
    while (this.nextSegment !== undefined && this.scanStart === undefined && this.nextSegment + 4 <= end) {
      const at = this.nextSegment;
      if (byteAt(at) !== 0xff) this.nextSegment = undefined;
      else if (byteAt(at + 1) === 0xff) this.nextSegment = at + 1;
      else if (byteAt(at + 1) === 0xda) this.scanStart = at;
      else this.nextSegment = at + 2 + ((byteAt(at + 2) << 8) | byteAt(at + 3));
    }
    // Enough to read a segment header split between chunks, and the longest ending checked (PNG's IEND chunk).
    const last = chunk.length >= PNG_IEND_CHUNK.length ? chunk : Buffer.concat([previous, chunk]);
    this.tail = Buffer.from(last.subarray(-PNG_IEND_CHUNK.length));
    this.size = end;
    done(null, chunk);
  }
}

/**
 * Whether the file ends where its image does. A PNG ends with its IEND chunk: anything after it is how a
 * PNG+HTML polyglot is made, and a short file was cut off. A JPEG must close its scan with an end-of-image marker
 * (a truncated or zero-padded upload does not), but data after that marker is allowed: phones append motion-photo
 * videos and maker trailers there, and re-encoding leaves them behind anyway.
 */
function endsWithItsImage(format: string, probe: PhotoProbe): boolean {
  switch (format) {
    case 'png':
      return probe.tail.equals(PNG_IEND_CHUNK);
    case 'jpeg':
      return probe.scanStart !== undefined && probe.lastEndOfImage > probe.scanStart;
    case 'webp':
      return probe.size >= 12 && probe.head.readUInt32LE(4) + 8 === probe.size;
    case 'gif':
      return probe.tail.at(-1) === 0x3b;
    default:
      return true;
  }
}

/**
 * The formats ACCEPTED_FORMATS names, told by their first bytes before any decoder sees them: libvips picks a loader by
 * content, so without this a file that is none of them (a PDF, an SVG, a TIFF) would reach that format's decoder.
 */
const SIGNATURES: ReadonlyArray<(bytes: Buffer) => boolean> = [
  (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff, // JPEG
  (bytes) => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')), // PNG
  (bytes) => bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP', // WebP
  (bytes) => ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6)), // GIF
  (bytes) => bytes.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis', 'mif1', 'msf1', 'heic', 'heix', 'heif'].includes(bytes.toString('latin1', 8, 12)), // HEIF/AVIF
];

/** Whether `bytes` start as one of the formats we accept (SIGNATURES). */
export const hasAcceptedSignature = (bytes: Buffer) => SIGNATURES.some((matches) => matches(bytes));

/**
 * The check a request can afford, without decoding pixels or reading the file back: a format we accept, found by
 * content, with a header sharp can read, no more than MAX_INPUT_PIXELS, and nothing cut off or appended after the
 * image. `probe` watched the bytes written to `path`. Undefined when the file is refused. The full decode happens
 * when the photo is re-encoded.
 */
export async function identifyPhoto(path: string, probe: PhotoProbe): Promise<PhotoType | undefined> {
  // No loader of a format we do not accept reads even the header.
  if (!hasAcceptedSignature(probe.head)) return undefined;
  // sharp reads a header from memory in a third of the time it takes from the file; WebP and GIF want the whole file.
  const metadata = await sharp(probe.head)
    .metadata()
    .catch(() => sharp(path).metadata())
    .catch(() => undefined);
  const type = ACCEPTED_FORMATS[metadata?.format ?? ''];
  if (!metadata?.format || !type || !metadata.width || !metadata.height) return undefined;
  if (metadata.format === 'heif' && metadata.compression !== 'av1') return undefined;
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return undefined;
  return endsWithItsImage(metadata.format, probe) ? type : undefined;
}

/** The file is not an image we can decode; nothing was written. */
export class UndecodablePhotoError extends Error {
  override readonly name = 'UndecodablePhotoError';
}

export interface ReencodedPhoto {
  width: number;
  height: number;
  bytes: number;
}

/** Where a variant of the photo stored at `photo` (…/image-x.jpg) is: …/image-x-w320.avif. */
export function photoVariantPath(photo: string, width: PhotoVariantWidth, format: PhotoVariantFormat): string {
  return `${photo.replace(/\.[a-z0-9]+$/, '')}-w${width}.${format}`;
}

/**
 * Writes the photo at each of PHOTO_VARIANT_WIDTHS (never enlarged) in AVIF and WebP next to `photo`, named by
 * photoVariantPath. One variant is encoded at a time, from the already re-encoded JPEG (at most MAX_PHOTO_EDGE), so
 * memory stays at one image. Each file appears whole or not at all.
 */
export async function writePhotoVariants(jpeg: Buffer, photo: string): Promise<void> {
  for (const width of PHOTO_VARIANT_WIDTHS) {
    for (const format of PHOTO_VARIANT_FORMATS) {
      const resized = sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS }).resize(width, undefined, { withoutEnlargement: true });
      // AVIF at effort 2: within a few per cent of the default's size for a fraction of its time on a small server.
      const data = await (format === 'avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 72 })).toBuffer();
      await writeWhole(photoVariantPath(photo, width, format), data);
    }
  }
}

async function writeWhole(path: string, data: Buffer): Promise<void> {
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, data);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Decodes the whole photo (a file that does not decode throws UndecodablePhotoError), applies its EXIF orientation,
 * paints transparency white, and writes a JPEG of at most MAX_PHOTO_EDGE pixels, plus a thumbnail and the smaller
 * AVIF/WebP variants (writePhotoVariants) when asked.
 * sharp copies no metadata unless told to (no EXIF, GPS, XMP, IPTC or ICC: colours are converted to sRGB first).
 * Each file appears whole or not at all, and running it again writes the same files.
 */
export async function reencodePhoto(original: Buffer, outputs: { photo: string; thumbnail?: string; variants?: boolean }): Promise<ReencodedPhoto> {
  let photo: { data: Buffer; info: OutputInfo };
  let thumbnail: Buffer | undefined;
  if (!hasAcceptedSignature(original)) throw new UndecodablePhotoError('not a format we accept (JPEG, PNG, WebP, GIF, AVIF)');
  try {
    photo = await sharp(original, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(MAX_PHOTO_EDGE, MAX_PHOTO_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    if (outputs.thumbnail) {
      thumbnail = await sharp(photo.data).resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
    }
  } catch (error) {
    throw new UndecodablePhotoError(error instanceof Error ? error.message : String(error));
  }
  // Written outside the try: a full disk is not the owner's fault and must not mark their photo unreadable.
  await writeWhole(outputs.photo, photo.data);
  if (outputs.thumbnail && thumbnail) await writeWhole(outputs.thumbnail, thumbnail);
  if (outputs.variants) await writePhotoVariants(photo.data, outputs.photo);
  return { width: photo.info.width, height: photo.info.height, bytes: photo.data.length };
}
