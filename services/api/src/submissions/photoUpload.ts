import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { domainMessage, MAX_PHOTO_BYTES, MESSAGES, type PhotoSlot, type StoredPhoto } from '@autobest/domain';
import { identifyPhoto, PhotoProbe } from '@autobest/runtime';
import { HttpError } from '../http/errors';

export interface ReceivedUpload {
  fields: Record<string, string>;
  photos: StoredPhoto[];
  /** Moves the photos into a folder (an absolute path); call once everything is valid. */
  keep(folder: string): Promise<void>;
  /** Where a received photo is until it is kept or discarded. */
  pathOf(photo: StoredPhoto): string;
  /** Removes every file this request wrote. */
  discard(): Promise<void>;
}

export const invalidFile = (slot: string) =>
  new HttpError(400, 'invalid_file_type', MESSAGES.invalidFileTitle, { [slot]: domainMessage('invalidFileText') });
const tooLarge = (slot: string) =>
  new HttpError(413, 'file_too_large', MESSAGES.fileTooLargeTitle, { [slot]: domainMessage('fileTooLargeText') });

/** The owner's file name, kept only as text: no path, no control characters, at most 200 characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = basename((name ?? '').replaceAll('\\', '/'));
  // Control characters, and format characters (bidi overrides and isolates, zero-width ones), which would make a name
  // read otherwise in the console than it is (`photo\u202Egpj.exe`).
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f\p{Cf}]/gu, '').slice(0, 200) || 'photo';
}

export interface PhotoUploadOptions {
  /** Sees each photo's bytes in order as they stream to disk (a digest of the request without holding it in memory). */
  onBytes?: (slot: string, chunk: Buffer) => void;
}

/**
 * Streams a multipart request to disk: text parts become fields, each file part must be one of the slots,
 * at most 5 MB, and a whole image by its content (identifyPhoto; what does not pass is 'Invalid file type').
 * Nothing is kept unless the caller says so; on any error every file written so far is removed. The files kept
 * are the owner's as sent: only re-encoded copies are ever shown (the photo processor, or reencodePhoto).
 */
export async function receivePhotoUpload(
  request: FastifyRequest,
  slots: readonly PhotoSlot[],
  uploadsDir: string,
  { onBytes }: PhotoUploadOptions = {},
): Promise<ReceivedUpload> {
  const incoming = join(uploadsDir, '.incoming', randomUUID());
  await mkdir(incoming, { recursive: true });
  const fields: Record<string, string> = {};
  const photos: StoredPhoto[] = [];
  const discard = () => rm(incoming, { recursive: true, force: true });

  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: slots.length + 4, fields: 40, fieldSize: 10_000, parts: 60 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] ??= part.value;
        continue;
      }
      const slot = slots.find((candidate) => candidate.slot === part.fieldname);
      if (!slot) {
        part.file.resume();
        throw new HttpError(400, 'validation_failed', `Unknown photo slot "${part.fieldname.slice(0, 40)}"`, {
          photos: `Photos must be sent as ${slots.map((s) => s.slot).join(', ')}, one each`,
        });
      }
      if (photos.some((photo) => photo.slot === slot.slot)) {
        part.file.resume();
        throw new HttpError(400, 'validation_failed', `More than one photo for ${slot.label}`, { [slot.slot]: 'Only one photo per slot' });
      }
      const temporary = join(incoming, `${slot.slot}-${randomUUID()}`);
      const probe = new PhotoProbe();
      try {
        await pipeline(
          part.file,
          probe,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              onBytes?.(slot.slot, chunk);
              yield chunk;
            }
          },
          createWriteStream(temporary),
        );
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(slot.slot);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(slot.slot);
      const type = await identifyPhoto(temporary, probe);
      if (!type) throw invalidFile(slot.slot);
      const storedName = `${slot.slot}-${randomUUID()}.${type.extension}`;
      await rename(temporary, join(incoming, storedName));
      photos.push({
        slot: slot.slot,
        label: slot.label,
        storedName,
        contentType: type.contentType,
        bytes: part.file.bytesRead,
        originalName: cleanOriginalName(part.filename),
      });
    }
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'payload_too_large', 'Too many parts in the request', { photos: `Send exactly ${slots.length} photos` });
    }
    throw error;
  }

  return {
    fields,
    photos: slots.flatMap((slot) => photos.filter((photo) => photo.slot === slot.slot)),
    async keep(folder) {
      await mkdir(folder, { recursive: true });
      for (const photo of photos) {
        await rename(join(incoming, photo.storedName), join(folder, photo.storedName));
      }
      await discard();
    },
    pathOf: (photo) => join(incoming, photo.storedName),
    discard,
  };
}
