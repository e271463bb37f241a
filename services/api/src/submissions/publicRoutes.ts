import { createHash, randomBytes, type Hash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideSubmission,
  newSubmissionId,
  submissionStreamId,
  SUBMISSION_ID_PATTERN,
  SITE_LANGUAGES,
  SUBMISSION_KIND_LIST,
  SubmissionCreatedSchema,
  SubmissionWithUploadsSchema,
  PHOTO_UPLOADS_PATH,
  SubmissionStatusAnswerSchema,
  whatsappNumber,
  WhatsAppStopAnswerSchema,
  type SubmissionKind,
  type SubmissionKindInfo,
} from '@autobest/domain';
import { createStatusTokens, submissionFolder } from '@autobest/runtime';
import { errorResponses, HttpError } from '../http/errors';
import { IdempotencyKeyHeaders, IdempotencyKeyReusedResponse } from '../http/idempotency';
import { createOnce, handleCommand, STREAMS } from '../http/commands';
import { consumePerContact, sharedAddressLimit } from '../plugins/publicWriteLimits';
import { receivePhotoUpload, type ReceivedUpload } from './photoUpload';
import { submissionValue } from './records';
import { createPhotoUploads, photoUploadRoutes, type ClaimedPhotos } from './resumablePhotos';
import { acceptMultipartForms } from '../http/multipartForms';
import { recordWhatsAppStop } from '../whatsapp/stops';

/** What an Idempotency-Key keeps of the answer. */
const KeptSubmissionSchema = z.object({ id: z.string() });

const multipartBody = (spec: SubmissionKindInfo) =>
  z
    .unknown()
    .describe(
      `multipart/form-data. Text parts: fullName, phoneNumber, email, ${spec.kind === 'trade-in' ? 'vehicleMake (or make)' : 'make'}, model, year, odometer, vin, fuelType, transmission, knownIssues, underFinance (yes|no), askingPrice, consent (true), language (${SITE_LANGUAGES.join('|')}, the site's language the owner used; every email and WhatsApp message to them is in it; en when absent), whatsappUpdates (yes|no, default no). File parts, one image of at most 5 MB each: ${spec.slots.map((s) => s.slot).join(', ')}.`,
    );

const notFound = () => new HttpError(404, 'not_found', 'Request not found');

/**
 * The content an Idempotency-Key is bound to: the text fields, and each photo's slot, name and SHA-256, hashed
 * as the photos stream to disk so that no request is ever held in memory.
 */
function uploadContent() {
  const photoHashes = new Map<string, Hash>();
  return {
    onBytes(slot: string, chunk: Buffer) {
      const hash = photoHashes.get(slot) ?? createHash('sha256');
      photoHashes.set(slot, hash.update(chunk));
    },
    describe(upload: ReceivedUpload): string {
      const photos = upload.photos.map((photo) => [photo.slot, photo.originalName, (photoHashes.get(photo.slot) ?? createHash('sha256')).digest('hex')]);
      return JSON.stringify({ fields: Object.entries(upload.fields), photos });
    },
  };
}

/** Owners send sell-car and trade-in requests with six photos, and follow them on a status page. */
export const submissionPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app);
  const tokens = createStatusTokens(app.config.statusTokenSecret);
  const created = (kind: SubmissionKind, id: string) => ({ id, statusUrl: `/${kind}-status/${id}?token=${tokens.issue(id)}` });

  const uploads = createPhotoUploads(app, app.config.uploadsDir);
  await app.register(photoUploadRoutes, { uploads });

  /** The parsed fields, or a 400 listing every field that is missing or invalid, and the photo slots left empty. */
  const validFields = (spec: SubmissionKindInfo, fields: Record<string, string>, hasPhoto: (slot: string) => boolean) => {
    const parsed = spec.parseFields(fields);
    const errors = parsed.ok ? {} : { ...parsed.errors };
    const missing = spec.slots.filter((slot) => !hasPhoto(slot.slot));
    if (missing.length > 0) errors['photos'] = spec.missingPhotosMessage(missing);
    if (!parsed.ok || missing.length > 0) {
      throw new HttpError(400, 'validation_failed', `Some fields are missing or invalid: ${Object.keys(errors).join(', ')}`, errors);
    }
    return parsed;
  };

  /**
   * Records a valid request once per Idempotency-Key, whichever way its photos came: counts it against the owner's
   * email and phone, moves its photos into its folder and appends the Submit event, so the events, the emails and what
   * staff see are the same. `photos` is asked for only when the request is new (a replay's photos were claimed by
   * its first answer). A failure after the move puts the photos back.
   */
  const recordOnce = async (
    spec: SubmissionKindInfo,
    request: FastifyRequest,
    reply: FastifyReply,
    parsed: ReturnType<typeof validFields>,
    idempotency: { key: string | undefined; content: () => string },
    photos: () => Promise<Pick<ClaimedPhotos, 'photos' | 'keep' | 'release' | 'forget'>>,
  ) => {
    // The key keeps the id only: the status link is derived again for a replay, so no token is stored.
    const { created: kept, replayed } = await createOnce(app, request, reply, { scope: spec.kind, key: idempotency.key, content: idempotency.content, answer: KeptSubmissionSchema }, async () => {
      const now = new Date();
      const sent = await photos();
      // Counted once the request is valid and new: a replay of an answered request costs the owner nothing.
      await consumePerContact(app, request, reply, spec.kind, { email: parsed.personalInfo.email, phone: parsed.personalInfo.phoneNumber });
      const submissionId = newSubmissionId(spec.kind, now, randomBytes(6));
      const data = { submissionId, submittedAt: now.toISOString(), personalInfo: parsed.personalInfo, vehicleInfo: parsed.vehicleInfo, photos: sent.photos, language: parsed.language, whatsappUpdates: parsed.whatsappUpdates };
      const folder = submissionFolder(app.config.uploadsDir, spec.kind, submissionId);
      await sent.keep(folder);
      try {
        await handleCommand(app, request, STREAMS.submission, submissionStreamId(spec.kind, submissionId), (state) => decideSubmission({ type: 'Submit', kind: spec.kind, data }, state), { by: 'visitor', fresh: true });
      } catch (error) {
        await sent.release(folder);
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      await sent.forget();
      request.log.info({ submissionId }, `${spec.kind} request received`);
      return { id: submissionId };
    });
    return { replayed, answer: created(spec.kind, kept.id) };
  };

  for (const spec of SUBMISSION_KIND_LIST) {
    // A request sent as multipart or naming its uploads: one count per address for both.
    const perAddress = sharedAddressLimit(app, spec.kind);
    app.post(
      `/api/${spec.resource}/from-uploads`,
      {
        onRequest: perAddress,
        schema: {
          tags: ['submissions'],
          summary: `Send a ${spec.kind} request whose photos were uploaded first, one by one (tus, ${PHOTO_UPLOADS_PATH}): its text fields as the multipart form names them, and a finished upload's id for each of ${spec.slots.map((s) => s.slot).join(', ')}. Each upload is moved into the request once; an unknown, unfinished, expired or already used one is a 400 naming its slot`,
          headers: IdempotencyKeyHeaders,
          body: SubmissionWithUploadsSchema,
          response: { 201: SubmissionCreatedSchema, ...IdempotencyKeyReusedResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { fields, photos } = request.body;
        const parsed = validFields(spec, fields, (slot) => photos[slot] !== undefined);
        const content = () => JSON.stringify({ fields: Object.entries(fields), photos: Object.entries(photos) });
        const { answer } = await recordOnce(spec, request, reply, parsed, { key: request.headers['idempotency-key'], content }, () => uploads.claim(spec.slots, photos, new Date()));
        return reply.send(answer);
      },
    );

    app.post(
      `/api/${spec.resource}`,
      {
        bodyLimit: 40 * 1024 * 1024,
        onRequest: perAddress,
        schema: {
          tags: ['submissions'],
          summary: `Send a ${spec.kind} request with its photos`,
          consumes: ['multipart/form-data'],
          headers: IdempotencyKeyHeaders,
          body: multipartBody(spec),
          response: { 201: SubmissionCreatedSchema, ...IdempotencyKeyReusedResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the request as multipart/form-data');
        const key = request.headers['idempotency-key'];
        const content = uploadContent();
        // The whole request is read before its key is looked at: a retry and another request with the same key
        // differ only in their content. A replay goes through the same limits as the first request did.
        const upload = await receivePhotoUpload(request, spec.slots, app.config.uploadsDir, key ? { onBytes: content.onBytes } : {});
        try {
          const parsed = validFields(spec, upload.fields, (slot) => upload.photos.some((photo) => photo.slot === slot));
          const { replayed, answer } = await recordOnce(spec, request, reply, parsed, { key, content: () => content.describe(upload) }, async () => ({
            photos: upload.photos,
            keep: upload.keep,
            // Received by this request alone: nothing to put back.
            release: async () => undefined,
            forget: async () => undefined,
          }));
          if (replayed) await upload.discard();
          return reply.send(answer);
        } catch (error) {
          await upload.discard();
          throw error;
        }
      },
    );

    /** The request a status token opens, or the same 404 for a wrong token and an unknown id. */
    const openedRequest = async (id: string, token: string | undefined) => {
      if (!token || !SUBMISSION_ID_PATTERN.test(id)) throw notFound();
      const row = await app.db
        .selectFrom('submissions')
        .select(['id', 'status', 'submitted_at', 'last_updated', 'make', 'model', 'year', 'value_minor', 'status_token_hash', 'photos', 'phone_number'])
        .where('id', '=', id)
        .where('kind', '=', spec.kind)
        .executeTakeFirst();
      // Checked whether or not the request exists, so a wrong token and an unknown id take the same path.
      if (!tokens.verify(id, token, row?.status_token_hash ?? null) || !row) throw notFound();
      return row;
    };

    /** The phone WhatsApp updates of this request go to, while they are on: asked for on the form, and not stopped since. */
    const updatesPhone = async (row: { id: string; phone_number: string; submitted_at: string | Date }): Promise<string | null> => {
      const submitted = await app.db
        .selectFrom('events')
        .select(sql<boolean>`coalesce((data->>'whatsappUpdates')::boolean, false)`.as('asked'))
        .where('stream_id', '=', submissionStreamId(spec.kind, row.id))
        .orderBy('stream_position')
        .limit(1)
        .executeTakeFirst();
      const phone = whatsappNumber(row.phone_number);
      if (!submitted?.asked || !phone) return null;
      const stopped = await app.db.selectFrom('whatsapp_stops').select('phone').where('phone', '=', phone).where('stopped_at', '>=', new Date(row.submitted_at)).executeTakeFirst();
      return stopped ? null : phone;
    };

    app.get(
      `/api/${spec.resource}/:id/status`,
      {
        schema: {
          tags: ['submissions'],
          summary: `The owner's view of a ${spec.kind} request, opened with the token from the email`,
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: SubmissionStatusAnswerSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const row = await openedRequest(request.params.id, request.query.token);
        reply.header('Cache-Control', 'no-store');
        return {
          id: row.id,
          status: row.status,
          submittedAt: new Date(row.submitted_at).toISOString(),
          lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
          vehicle: { make: row.make, model: row.model, year: row.year },
          [spec.valueField]: submissionValue(row),
          unreadablePhotos: row.photos.filter((photo) => photo.state === 'unreadable').map((photo) => photo.label),
          whatsappUpdates: (await updatesPhone(row)) !== null,
        };
      },
    );

    app.post(
      `/api/${spec.resource}/:id/whatsapp-stop`,
      {
        schema: {
          tags: ['submissions', 'whatsapp'],
          summary: `Stop the WhatsApp updates of a ${spec.kind} request from its status page, as replying STOP does; authorised by its status token`,
          params: z.object({ id: z.string().max(64) }),
          body: z.object({ token: z.string().max(200) }),
          response: { 200: WhatsAppStopAnswerSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const row = await openedRequest(request.params.id, request.body.token);
        const phone = await updatesPhone(row);
        // Stopped already (or never asked): nothing to record, the same answer.
        if (phone) await app.db.transaction().execute((trx) => recordWhatsAppStop(trx, phone, null));
        reply.header('Cache-Control', 'no-store');
        return { whatsappUpdates: false as const };
      },
    );
  }
};
