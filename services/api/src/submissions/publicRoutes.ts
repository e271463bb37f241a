import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideSubmission,
  initialSubmissionState,
  newSubmissionId,
  submissionStreamId,
  SUBMISSION_ID_PATTERN,
} from '@autobest/domain';
import { statusTokenDigest } from '@autobest/workers';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, HttpError } from '../platform/errors';
import { claimIdempotencyKey, completeIdempotencyKey, IdempotencyKeyHeaders, releaseIdempotencyKey } from '../platform/idempotency';
import { SUBMISSION_KINDS, type SubmissionKindSpec } from './kinds';
import { receivePhotoUpload } from './photoUpload';

const CreatedSchema = z.object({ id: z.string(), statusUrl: z.string() }).meta({ id: 'SubmissionCreated' });

const StatusSchema = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'reviewed', 'finalized']),
    submittedAt: z.string(),
    lastUpdated: z.string().nullable(),
    vehicle: z.object({ make: z.string(), model: z.string(), year: z.string() }),
    offeredValue: z.number().nullable().optional(),
    estimatedValue: z.number().nullable().optional(),
  })
  .meta({ id: 'SubmissionStatus' });

const multipartBody = (spec: SubmissionKindSpec) =>
  z
    .unknown()
    .describe(
      `multipart/form-data. Text parts: fullName, phoneNumber, email, ${spec.kind === 'trade-in' ? 'vehicleMake (or make)' : 'make'}, model, year, odometer, vin, fuelType, transmission, knownIssues, underFinance (yes|no), askingPrice, consent (true). File parts, one image of at most 5 MB each: ${spec.slots.map((s) => s.slot).join(', ')}.`,
    );

const notFound = () => new HttpError(404, 'not_found', 'Request not found');

/** Owners send sell-car and trade-in requests with six photos, and follow them on a status page. */
export const submissionPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const spec of SUBMISSION_KINDS) {
    app.post(
      `/api/${spec.resource}`,
      {
        bodyLimit: 40 * 1024 * 1024,
        schema: {
          tags: ['submissions'],
          summary: `Send a ${spec.kind} request with its photos`,
          consumes: ['multipart/form-data'],
          headers: IdempotencyKeyHeaders,
          body: multipartBody(spec),
          response: { 201: CreatedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the request as multipart/form-data');
        const key = request.headers['idempotency-key'];
        if (key) {
          const claim = await claimIdempotencyKey(app.db, spec.kind, key);
          if (claim.state !== 'claimed') {
            for await (const part of request.parts()) if (part.type === 'file') part.file.resume();
            if (claim.state === 'in-progress') {
              throw new HttpError(409, 'request_in_progress', 'This request is still being processed. Try again in a moment.');
            }
            return reply.code(201).header('Idempotent-Replayed', 'true').send(claim.response as z.infer<typeof CreatedSchema>);
          }
        }
        try {
          const upload = await receivePhotoUpload(request, spec.slots, app.config.uploadsDir);
          const parsed = spec.parseFields(upload.fields);
          const errors = parsed.ok ? {} : { ...parsed.errors };
          const missing = spec.slots.filter((slot) => !upload.photos.some((photo) => photo.slot === slot.slot));
          if (missing.length > 0) errors['photos'] = spec.missingPhotosMessage(missing.map((slot) => slot.label));
          if (!parsed.ok || missing.length > 0) {
            await upload.discard();
            throw new HttpError(400, 'validation_failed', `Some fields are missing or invalid: ${Object.keys(errors).join(', ')}`, errors);
          }

          const now = new Date();
          const submissionId = newSubmissionId(spec.kind, now, randomBytes(6));
          const statusToken = randomBytes(24).toString('base64url');
          const events = decideSubmission(
            {
              type: 'Submit',
              kind: spec.kind,
              data: {
                submissionId,
                submittedAt: now.toISOString(),
                personalInfo: parsed.personalInfo,
                vehicleInfo: parsed.vehicleInfo,
                photos: upload.photos,
                statusToken,
              },
            },
            initialSubmissionState,
          );
          const folder = join(spec.kind, submissionId);
          await upload.keep(folder);
          try {
            await app.eventStore.append(submissionStreamId(spec.kind, submissionId), 0, events, eventMetadata(request, { kind: 'visitor' }));
          } catch (error) {
            await rm(join(app.config.uploadsDir, folder), { recursive: true, force: true });
            throw error;
          }
          const created = { id: submissionId, statusUrl: `/${spec.kind}-status/${submissionId}?token=${statusToken}` };
          if (key) await completeIdempotencyKey(app.db, spec.kind, key, created);
          request.log.info({ submissionId }, `${spec.kind} request received`);
          return reply.code(201).send(created);
        } catch (error) {
          if (key) await releaseIdempotencyKey(app.db, spec.kind, key);
          throw error;
        }
      },
    );

    app.get(
      `/api/${spec.resource}/:id/status`,
      {
        schema: {
          tags: ['submissions'],
          summary: `The owner's view of a ${spec.kind} request, opened with the token from the email`,
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: StatusSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { token } = request.query;
        if (!token || !SUBMISSION_ID_PATTERN.test(id)) throw notFound();
        const row = await app.db
          .selectFrom('submissions')
          .select(['id', 'status', 'submitted_at', 'last_updated', 'make', 'model', 'year', 'value_minor'])
          .where('id', '=', id)
          .where('kind', '=', spec.kind)
          .where('status_token_hash', '=', statusTokenDigest(token))
          .executeTakeFirst();
        if (!row) throw notFound();
        reply.header('Cache-Control', 'no-store');
        return {
          id: row.id,
          status: row.status,
          submittedAt: new Date(row.submitted_at).toISOString(),
          lastUpdated: row.last_updated ? new Date(row.last_updated).toISOString() : null,
          vehicle: { make: row.make, model: row.model, year: row.year },
          [spec.valueField]: row.value_minor === null ? null : Number(row.value_minor) / 100,
        };
      },
    );
  }
};
