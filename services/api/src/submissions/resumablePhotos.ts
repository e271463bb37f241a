import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { domainMessage, MAX_PHOTO_BYTES, MESSAGES, PHOTO_UPLOAD_ID_PATTERN, PHOTO_UPLOADS_PATH, type PhotoSlot, type StoredPhoto } from '@autobest/domain';
import { CLAIMED_SUFFIX, identifyPhoto, PhotoProbe, receivedBytes, RESUMABLE_UPLOAD_EXPIRY_MS, RESUMABLE_UPLOAD_IDLE_MS, resumableUploadsFolder, uploadExpired } from '@autobest/runtime';
import { fieldsAnswer, HttpError, serviceUnavailable } from '../http/errors';
import { tooManyRequests } from '../plugins/limits';
import { perAddressLimit, sharedAddressLimit } from '../plugins/publicWriteLimits';
import { cleanOriginalName, invalidFile } from './photoUpload';

/**
 * The most unfinished uploads one client network (request.clientNetwork, as every limit per address counts) may have
 * waiting: a form's six photos, a few replaced, a second form from the same shared address. Counted in Redis from
 * creation until the last byte arrives, the upload is given up (DELETE) or an hour passes with no byte
 * (RESUMABLE_UPLOAD_IDLE_MS, when housekeeping deletes it too). Past it a new upload from that network is a 429; other
 * networks are not affected.
 */
export const MAX_WAITING_UPLOADS_PER_NETWORK = 16;

/**
 * The most bytes all waiting uploads may hold on disk, counted as received (not as announced): past it a new upload
 * is refused (503, and the storefront sends its form as one multipart request instead) until requests claim theirs or
 * housekeeping deletes expired ones; uploads already started go on.
 */
const MAX_WAITING_BYTES = 10 * 1024 ** 3;

/** The Redis sorted set of one network's unfinished uploads (id → when it last made progress). */
const WAITING_NAME = 'photo-uploads-waiting';

/**
 * Counts an upload against its network's waiting uploads, atomically: drops those idle for longer than ARGV[2] ms,
 * then adds ARGV[4] (at time ARGV[1]) unless ARGV[3] are already waiting. Answers 0 when added, else the ms until the
 * oldest one stops counting.
 */
const RESERVE_WAITING_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + tonumber(ARGV[2]) - tonumber(ARGV[1]))
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** RESERVE_WAITING_SCRIPT. */
    reserveWaitingUpload(key: string, now: number, idleMs: number, max: number, id: string): Result<number, Context>;
  }
}

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

/**
 * Copies the first `bytes` bytes of an upload into a new file (never an existing one) and checks the copy as a
 * multipart photo is checked: what is checked is what is kept, whatever is written to the upload afterwards.
 */
async function copyAndIdentify(from: string, to: string, bytes: number) {
  const probe = new PhotoProbe();
  await pipeline(createReadStream(from, { start: 0, end: bytes - 1 }), probe, createWriteStream(to, { flags: 'wx' }));
  if ((await stat(to)).size !== bytes) return undefined;
  return identifyPhoto(to, probe);
}

/** Sums what has arrived of every waiting upload (the bytes on disk, not the lengths announced). */
async function waitingBytes(directory: string): Promise<number> {
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => PHOTO_UPLOAD_ID_PATTERN.test(name));
  const sizes = await Promise.all(names.map((id) => receivedBytes(directory, id)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export interface ClaimedPhotos {
  /** In slot order, as a multipart request records them. */
  photos: StoredPhoto[];
  /**
   * Claims each upload (its record `{id}.json` renamed to `{id}.claimed`: atomic, so of two requests naming one
   * upload, in any process, only one claims it; the other gets a 400 naming the slot and gives back what it had
   * claimed), then copies its bytes into the request's folder and checks the copy as an image. A copy, not a move: a
   * PATCH still open on the upload in another process (tus' lock is per process) writes to the upload, never to the
   * request's photo.
   */
  keep(folder: string): Promise<void>;
  /** Gives the uploads back (and deletes the copies), when the request could not be recorded after `keep`. */
  release(folder: string): Promise<void>;
  /** Deletes the claimed uploads once the request is recorded: their copies belong to it now. */
  forget(): Promise<void>;
}

export interface PhotoUploads {
  /** The tus server. */
  server: Server;
  /**
   * Hands a request Fastify matched and limited to tus, which answers it itself (reply.hijack); a creation is first
   * counted against its network's waiting uploads and the disk bound (reserveWaiting).
   */
  handOver(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Checks that `ids` (slot → upload id) name finished, unexpired uploads of accepted images, one per slot, and
   * describes them; nothing moves until `keep`. A problem with a photo is a 400 naming its slot.
   */
  claim(slots: readonly PhotoSlot[], ids: Readonly<Record<string, string>>, now: Date): Promise<ClaimedPhotos>;
}

/**
 * Photos uploaded one at a time over tus (https://tus.io/protocols/resumable-upload, 1.0.0 with creation,
 * creation-with-upload, expiration and termination) into resumableUploadsFolder, by @tus/server and @tus/file-store: a
 * photo that was cut off goes on from the last byte that arrived. Each upload is at most MAX_PHOTO_BYTES, checked by
 * content (identifyPhoto) once its last byte arrives and deleted when it is not an accepted image. A finished one
 * expires RESUMABLE_UPLOAD_EXPIRY_MS after it was created, an unfinished one RESUMABLE_UPLOAD_IDLE_MS after its last
 * byte. tus' lock on an upload is per process (@tus/server 2.4 ships only MemoryLocker, no lock shared between
 * processes): the claim does not rely on it (it locks by rename and keeps a checked copy).
 */
export function createPhotoUploads(app: FastifyInstance, uploadsDir: string): PhotoUploads {
  const directory = resumableUploadsFolder(uploadsDir);
  // Made here, readable by this user only (FileStore would make it 0777 less the umask).
  mkdirSync(uploadsDir, { recursive: true });
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS });
  const pathOf = (id: string) => join(directory, id);
  const expired = async (upload: Upload, now: number) =>
    !upload.creation_date || !upload.size || (await uploadExpired(directory, upload.id, { created: Date.parse(upload.creation_date), size: upload.size }, now));

  const server = new Server({
    path: PHOTO_UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_PHOTO_BYTES,
    relativeLocation: true,
    // Same-origin only: the storefront is served by this API, and no other site has a reason to upload here.
    allowedOrigins: () => false,
    // The id is the last segment of the URL's path, never of its query (tus would read `?x=/<other id>`); the routes
    // accept only ids of this shape (PHOTO_UPLOAD_ID_PATTERN), so no decoded path ever reaches the store.
    getFileIdFromRequest: (request) => {
      const id = new URL(request.url).pathname.split('/').pop();
      return id && PHOTO_UPLOAD_ID_PATTERN.test(id) ? id : undefined;
    },
    // The id the route reserved in its network's count (reserveWaiting), so the count names the upload tus creates.
    namingFunction: (request) => reservedIds.get(request) ?? randomBytes(16).toString('hex'),
    async onUploadCreate(_request, upload) {
      if (!upload.size) throw refusal(new HttpError(400, 'validation_failed', 'Upload-Length must be between 1 and 5 MB', { [PHOTO_FIELD]: domainMessage('fileTooLargeText') }));
      // The only metadata kept: the owner's file name as text, as a multipart part's file name is.
      return { metadata: { filename: cleanOriginalName(upload.metadata?.['filename'] ?? undefined) } };
    },
    async onUploadFinish(request, upload) {
      await settleWaiting(request, upload.id);
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

  /** What each request handed to tus counts against: its network's waiting uploads (a Redis key). */
  const networkKeys = new WeakMap<Request, string>();
  /** The id a creation reserved, by its request. */
  const reservedIds = new WeakMap<Request, string>();
  const waitingKey = (request: FastifyRequest) => `${app.config.queuePrefix}:rate-limit:${WAITING_NAME}:${createHash('sha256').update(request.clientNetwork).digest('base64url')}`;
  app.redis.defineCommand('reserveWaitingUpload', { numberOfKeys: 1, lua: RESERVE_WAITING_SCRIPT });

  /** An upload no longer waits (finished or given up): it stops counting against the network it was sent from. */
  async function settleWaiting(request: Request, id: string) {
    const key = networkKeys.get(request);
    if (key) await app.redis.zrem(key, id).catch(() => undefined);
  }

  /**
   * Refuses a new upload when its network has MAX_WAITING_UPLOADS_PER_NETWORK unfinished ones (429) or every waiting
   * upload together holds MAX_WAITING_BYTES (503); else reserves its id in the network's count. While Redis does not
   * answer, uploads are allowed, as the forms' limits are (the bytes bound still holds).
   */
  async function reserveWaiting(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    if ((await waitingBytes(directory)) >= MAX_WAITING_BYTES) throw serviceUnavailable('Too many photos are being uploaded right now. Please try again in a few minutes.');
    const id = randomBytes(16).toString('hex');
    let waitMs = 0;
    try {
      waitMs = await app.redis.reserveWaitingUpload(waitingKey(request), Date.now(), RESUMABLE_UPLOAD_IDLE_MS, MAX_WAITING_UPLOADS_PER_NETWORK, id);
    } catch (error) {
      request.log.warn({ err: error }, 'waiting photo uploads not counted: Redis did not answer');
    }
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      reply.header('Retry-After', String(seconds));
      throw tooManyRequests(seconds);
    }
    return id;
  }

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
      if (!upload || upload.size === undefined || upload.offset !== upload.size || (await expired(upload, now.getTime()))) throw unavailable(slot);
      const type = await identifyFile(pathOf(id)).catch(() => undefined);
      if (!type) throw invalidFile(slot);
      claimed.push({
        id,
        photo: { slot, label, storedName: `${slot}-${randomUUID()}.${type.extension}`, contentType: type.contentType, bytes: upload.size, originalName: cleanOriginalName(upload.metadata?.['filename'] ?? undefined) },
      });
    }
    const record = (id: string) => `${pathOf(id)}.json`;
    const claimedRecord = (id: string) => `${pathOf(id)}${CLAIMED_SUFFIX}`;
    const giveBack = async (folder: string, taken: typeof claimed) => {
      for (const { id, photo } of taken) {
        await rm(join(folder, photo.storedName), { force: true });
        await rename(claimedRecord(id), record(id)).catch(() => undefined);
      }
    };
    return {
      photos: claimed.map(({ photo }) => photo),
      async keep(folder) {
        await mkdir(folder, { recursive: true });
        const taken: typeof claimed = [];
        for (const entry of claimed) {
          const { id, photo } = entry;
          try {
            await rename(record(id), claimedRecord(id));
          } catch (error) {
            await giveBack(folder, taken);
            if ((error as { code?: string }).code === 'ENOENT') throw unavailable(photo.slot);
            throw error;
          }
          taken.push(entry);
          let type: Awaited<ReturnType<typeof copyAndIdentify>>;
          try {
            type = await copyAndIdentify(pathOf(id), join(folder, photo.storedName), photo.bytes);
          } catch (error) {
            await giveBack(folder, taken);
            throw error;
          }
          if (type?.contentType !== photo.contentType) {
            await giveBack(folder, taken);
            throw invalidFile(photo.slot);
          }
        }
      },
      release: (folder) => giveBack(folder, claimed),
      async forget() {
        for (const { id } of claimed) {
          await rm(pathOf(id), { force: true });
          await rm(claimedRecord(id), { force: true });
        }
      },
    };
  }

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    // Only creation with a length is offered (no concatenation, no deferred length): tus would answer 501.
    if (request.headers['upload-concat'] !== undefined) throw new HttpError(400, 'validation_failed', 'Upload-Concat is not supported', { 'upload-concat': 'Send each photo as one upload' });
    const reserved = request.method === 'POST' ? await reserveWaiting(request, reply) : undefined;
    reply.hijack();
    // What Fastify would have sent with any answer (security headers, rate-limit counts), plus the request id.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.setHeader('X-Request-Id', request.id);
    reply.raw.setHeader('Cache-Control', 'no-store');
    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    const key = waitingKey(request);
    networkKeys.set(webRequest, key);
    if (reserved) reservedIds.set(webRequest, reserved);
    const answer = await server.handleWeb(webRequest);
    const id = reserved ?? (request.params as { id?: string }).id;
    if (id && ((request.method === 'POST' && answer.status !== 201) || (request.method === 'DELETE' && answer.status === 204))) {
      await app.redis.zrem(key, id).catch(() => undefined);
    } else if (id && request.method === 'PATCH' && answer.status === 204) {
      // Progress: the upload counts from its last byte, as housekeeping judges it (a finished one left the set).
      await app.redis.zadd(key, 'XX', Date.now(), id).catch(() => undefined);
    }
    await sendNodeResponse(reply.raw, await inOurErrorShape(answer));
  }

  return { server, claim, handOver };
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
  const handOver = (request: FastifyRequest, reply: FastifyReply) => uploads.handOver(request, reply);
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

  // HEAD, PATCH and DELETE share one count per address.
  const resumeLimit = sharedAddressLimit(app, 'photo-upload-resume');
  const resumeOptions = (summary: string, response: Record<number, z.ZodType>, headers: z.ZodObject = TusHeaders) => ({
    onRequest: resumeLimit,
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
