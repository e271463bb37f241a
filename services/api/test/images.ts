import { samplePhoto } from '@autobest/runtime/testing';
/** A real 1×1 PNG; padding after IEND keeps it a PNG by its magic bytes while reaching any size. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function pngOfSize(bytes: number): Buffer {
  return bytes <= PNG_1X1.length ? PNG_1X1 : Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length, 0)]);
}

/** A JPEG's magic bytes followed by filler. */
export function jpegOfSize(bytes: number): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser builds it, ready for `inject`. */
export async function multipartBody(fields: Record<string, string>, files: readonly FilePart[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.content)], { type: file.type }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/**
 * A real, decodable JPEG of about `bytes` bytes (within 64 KB below it): a small photo with comment segments after
 * its start marker, the way a camera's metadata makes a file large. What the upload keeps is re-encoded without them.
 */
export async function photoOfSize(bytes: number): Promise<Buffer> {
  const photo = await samplePhoto();
  const segment = (payload: number) => Buffer.concat([Buffer.from([0xff, 0xfe, (payload + 2) >> 8, (payload + 2) & 0xff]), Buffer.alloc(payload, 0x20)]);
  const segments: Buffer[] = [];
  for (let room = bytes - photo.length; room > 4; room -= 4 + Math.min(65_533, room - 4)) segments.push(segment(Math.min(65_533, room - 4)));
  return Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]);
}
