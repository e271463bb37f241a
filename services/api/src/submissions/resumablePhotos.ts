import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { domainMessage, MAX_PHOTO_BYTES, MESSAGES, PHOTO_UPLOAD_ID_PATTERN, PHOTO_UPLOADS_PATH, type PhotoSlot, type StoredPhoto } from '@autobest/domain';
import { identifyPhoto, PhotoProbe, RESUMABLE_UPLOAD_EXPIRY_MS, resumableUploadsFolder } from '@autobest/runtime';
import { fieldsAnswer, HttpError } from '../http/errors';
import { perAddressLimit } from '../plugins/publicWriteLimits';
import { cleanOriginalName, invalidFile } from './photoUpload';

/**
 * The most uploads waiting at once, across every client: 2,000 × 5 MB bounds the folder at 10 GB whatever any number
 * of addresses does within their limits. Past it a new upload is refused (503) until requests claim theirs or
 * housekeeping deletes the expired ones; uploads already started go on.
 */
const MAX_WAITING_UPLOADS = 2_000;

/** What the request's bytes are called in an answer about them. */
const PHOTO_FIELD = 'photo';

/** A tus hook refuses with `{ status_code, body }`; the body is the API's usual JSON error. */
const refusal = (error: HttpError) => ({
  status_code: error.statusCode,
  body: JSON.stringify({ error: error.code, message: error.message, ...(error.fields ? fieldsAnswer(error.fields) : {}) }),
});

const unavailable = (slot: string) =>
  new HttpError(400, 'photo_upload_unavailable', 'A photo did not finish uploading, has expired or was sent with another request', { [slot]: domainMessage('photoUploadUnavailable') });

/** Reads a finished upload through the same check as a multipart photo (identifyPhoto), without holding it in memory. */
async function identifyFile(path: string) {
  const probe = new PhotoProbe();
  await pipeline(createReadStream(path), probe, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return identifyPhoto(path, probe);
}

export interface ClaimedPhotos {
  /** In slot order, as a multipart request records them. */
  photos: StoredPhoto[];
  /**
   * Moves each photo into the request's folder. A rename is atomic, so of two requests naming one upload only one
   * moves it; the other gets a 400 naming the slot and puts back what it had moved.
   */
  keep(folder: string): Promise<void>;
  /** Puts the photos back where they were uploaded, when the request could not be recorded after `keep`. */
  release(folder: string): Promise<void>;
  /** Forgets the uploads once the request is recorded: they belong to it now. */
  forget(): Promise<void>;
}

export interface PhotoUploads {
  /** The tus server, for the routes. */
  server: Server;
  /**
   * Checks that `ids` (slot → upload id) name finished, unexpired uploads of accepted images, one per slot, and
   * describes them; nothing moves until `keep`. A problem with a photo is a 400 naming its slot.
   */
  claim(slots: readonly PhotoSlot[], ids: Readonly<Record<string, string>>, now: Date): Promise<ClaimedPhotos>;
}

/**
 * Photos uploaded one at a time over tus (https://tus.io/protocols/resumable-upload, 1.0.0 with creation, expiration
 * and termination) into resumableUploadsFolder, by @tus/server and @tus/file-store: a photo that was cut off goes on
 * from the last byte that arrived. Each upload is at most MAX_PHOTO_BYTES, checked by content (identifyPhoto) once its
 * last byte arrives and deleted when it is not an accepted image, and expires RESUMABLE_UPLOAD_EXPIRY_MS after it was
 * created.
 */
export function createPhotoUploads(uploadsDir: string): PhotoUploads {
  const directory = resumableUploadsFolder(uploadsDir);
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS });
  const pathOf = (id: string) => join(directory, id);
  const expired = (upload: Upload, now: number) => !upload.creation_date || Date.parse(upload.creation_date) + RESUMABLE_UPLOAD_EXPIRY_MS < now;

  const server = new Server({
    path: PHOTO_UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_PHOTO_BYTES,
    relativeLocation: true,
    // Same-origin only: the storefront is served by this API, and no other site has a reason to upload here.
    allowedOrigins: () => false,
    // The routes accept only ids of this shape (PHOTO_UPLOAD_ID_PATTERN), so no decoded path ever reaches the store.
    getFileIdFromRequest: (_request, lastPath) => (lastPath && PHOTO_UPLOAD_ID_PATTERN.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(_request, upload) {
      if (!upload.size) throw refusal(new HttpError(400, 'validation_failed', 'Upload-Length must be between 1 and 5 MB', { [PHOTO_FIELD]: domainMessage('fileTooLargeText') }));
      const waiting = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).length;
      if (waiting >= MAX_WAITING_UPLOADS) throw refusal(new HttpError(503, 'service_unavailable', 'Too many photos are being uploaded right now. Please try again in a few minutes.'));
      // The only metadata kept: the owner's file name as text, as a multipart part's file name is.
      return { metadata: { filename: cleanOriginalName(upload.metadata?.['filename'] ?? undefined) } };
    },
    async onUploadFinish(_request, upload) {
      const type = await identifyFile(pathOf(upload.id)).catch(() => undefined);
      if (!type) {
        await store.remove(upload.id).catch(() => undefined);
        throw refusal(new HttpError(415, 'invalid_file_type', MESSAGES.invalidFileTitle, { [PHOTO_FIELD]: domainMessage('invalidFileText') }));
      }
      return {};
    },
    onResponseError(_request, error) {
      if ('status_code' in error && error.status_code === ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code) {
        return refusal(new HttpError(413, 'file_too_large', MESSAGES.fileTooLargeTitle, { [PHOTO_FIELD]: domainMessage('fileTooLargeText') }));
      }
      return undefined;
    },
  });

  async function claim(slots: readonly PhotoSlot[], ids: Readonly<Record<string, string>>, now: Date): Promise<ClaimedPhotos> {
    const unknown = Object.keys(ids).filter((name) => !slots.some(({ slot }) => slot === name));
    if (unknown.length > 0) {
      throw new HttpError(400, 'validation_failed', `Unknown photo slot "${unknown[0]!.slice(0, 40)}"`, { photos: `Photos must be sent as ${slots.map((s) => s.slot).join(', ')}, one each` });
    }
    const claimed: Array<{ id: string; photo: StoredPhoto }> = [];
    for (const { slot, label } of slots) {
      const id = ids[slot];
      if (id === undefined) continue;
      if (!PHOTO_UPLOAD_ID_PATTERN.test(id) || claimed.some((other) => other.id === id)) throw unavailable(slot);
      const upload = await store.getUpload(id).catch(() => undefined);
      if (!upload || upload.size === undefined || upload.offset !== upload.size || expired(upload, now.getTime())) throw unavailable(slot);
      const type = await identifyFile(pathOf(id)).catch(() => undefined);
      if (!type) throw invalidFile(slot);
      claimed.push({
        id,
        photo: { slot, label, storedName: `${slot}-${randomUUID()}.${type.extension}`, contentType: type.contentType, bytes: upload.size, originalName: cleanOriginalName(upload.metadata?.['filename'] ?? undefined) },
      });
    }
    const putBack = async (folder: string, moved: typeof claimed) => {
      for (const { id, photo } of moved) await rename(join(folder, photo.storedName), pathOf(id)).catch(() => undefined);
    };
    return {
      photos: claimed.map(({ photo }) => photo),
      async keep(folder) {
        await mkdir(folder, { recursive: true });
        const moved: typeof claimed = [];
        for (const entry of claimed) {
          try {
            await rename(pathOf(entry.id), join(folder, entry.photo.storedName));
          } catch (error) {
            await putBack(folder, moved);
            if ((error as { code?: string }).code === 'ENOENT') throw unavailable(entry.photo.slot);
            throw error;
          }
          moved.push(entry);
        }
      },
      release: (folder) => putBack(folder, claimed),
      async forget() {
        for (const { id } of claimed) await rm(`${pathOf(id)}.json`, { force: true });
      },
    };
  }

  return { server, claim };
}

const UploadIdParams = z.object({ id: z.string().regex(PHOTO_UPLOAD_ID_PATTERN, 'Not an upload id') });
const TusHeaders = z.object({ 'tus-resumable': z.literal('1.0.0') });
const TusAnswer = z.unknown().describe('tus 1.0.0: an empty body; Upload-Offset, Upload-Length, Upload-Expires and Location headers as the protocol says');
const TusError = z.unknown().describe('The usual JSON error ({ error, message, fields }) for what the API refuses (413, 415, 429, 503); tus\' text for a protocol error (404, 409, 410, 412)');

/** What a protocol error from tus is called in our error shape, by its status. */
const TUS_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'validation_failed',
  403: 'forbidden',
  404: 'not_found',
  409: 'upload_offset_conflict',
  410: 'upload_expired',
  412: 'precondition_failed',
  413: 'file_too_large',
  415: 'unsupported_media_type',
};

/**
 * tus answers a refusal in text ("Upload-Offset conflict"); a client of this API reads `{ error, message }`, as from
 * every other route. Refusals the hooks made are already JSON.
 */
async function inOurErrorShape(answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  const json = text.startsWith('{') ? text : JSON.stringify({ error: TUS_ERROR_CODES[answer.status] ?? 'upload_refused', message: text.trim() || `Refused (${answer.status})` });
  const headers = new Headers(answer.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(json)));
  return new Response(json, { status: answer.status, headers });
}

/**
 * The tus routes. Fastify matches and limits each request (per address, before any byte is read), then hands the raw
 * request to @tus/server, which answers it itself (reply.hijack): tus' PATCH body is a stream of bytes Fastify must not
 * read. The id in the path is checked here, so the store only ever sees PHOTO_UPLOAD_ID_PATTERN.
 */
export const photoUploadRoutes: FastifyPluginAsyncZod<{ uploads: PhotoUploads }> = async (app, { uploads }) => {
  // Left unread for tus, on these routes only: the body of a PATCH (and of a creation with data) is the photo's bytes.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // What Fastify would have sent with any answer (security headers, rate-limit counts), plus the request id.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.setHeader('X-Request-Id', request.id);
    reply.raw.setHeader('Cache-Control', 'no-store');
    const answer = await uploads.server.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    await sendNodeResponse(reply.raw, await inOurErrorShape(answer));
  };
  const tags = ['submissions'];

  app.post(
    PHOTO_UPLOADS_PATH,
    {
      config: perAddressLimit(app, 'photo-upload'),
      schema: {
        tags,
        summary: 'Start uploading one photo of a sell-car or trade-in request (tus creation): Upload-Length (at most 5 MB), optional Upload-Metadata filename; answers 201 with its Location',
        headers: TusHeaders.extend({ 'upload-length': z.string().regex(/^[0-9]{1,8}$/, 'Upload-Length must be the photo\'s size in bytes') }),
        response: { 201: TusAnswer, 400: TusError, 413: TusError, 429: TusError, 503: TusError },
      },
    },
    (request, reply) => handOver(request, reply),
  );

  const resumeOptions = (summary: string, response: Record<number, z.ZodType>, headers: z.ZodObject = TusHeaders) => ({
    config: perAddressLimit(app, 'photo-upload-resume'),
    schema: { tags, summary, params: UploadIdParams, headers, response: { ...response, 404: TusError, 410: TusError, 429: TusError } },
  });

  app.head(`${PHOTO_UPLOADS_PATH}/:id`, resumeOptions('How much of a photo has arrived (tus): Upload-Offset and Upload-Length', { 200: TusAnswer }), (request, reply) => handOver(request, reply));
  app.patch(
    `${PHOTO_UPLOADS_PATH}/:id`,
    resumeOptions(
      'Send the rest of a photo from Upload-Offset (tus), as application/offset+octet-stream; the last byte has it checked as an image (415 when it is not)',
      { 204: TusAnswer, 409: TusError, 413: TusError, 415: TusError },
      TusHeaders.extend({ 'upload-offset': z.string().regex(/^[0-9]{1,8}$/, 'Upload-Offset must be a number of bytes'), 'content-type': z.literal('application/offset+octet-stream') }),
    ),
    (request, reply) => handOver(request, reply),
  );
  app.delete(`${PHOTO_UPLOADS_PATH}/:id`, resumeOptions('Give up a photo (tus termination), when the owner removes or replaces it', { 204: TusAnswer }), (request, reply) => handOver(request, reply));
};
