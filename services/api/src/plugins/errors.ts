import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConcurrencyError } from '@autobest/db';
import { HttpError, type ErrorResponse } from '../platform/errors';

const WHERE_LABEL: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path', headers: 'headers' };

/** Fastify's own client errors, named in our vocabulary. */
const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON' },
};

/** Every error leaves as `{ error, message, fields? }` with the right status; a 5xx never leaks internals. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          fields[field] ??= issue.message ?? 'Invalid value';
        }
        const where: string = WHERE_LABEL[error.validationContext ?? 'body'] ?? 'request';
        const body: ErrorResponse = {
          error: 'validation_failed',
          message: `Some fields in the ${where} are missing or invalid: ${Object.keys(fields).join(', ')}`,
          fields,
        };
        return reply.code(400).send(body);
      }
      if (error instanceof HttpError) {
        const body: ErrorResponse = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
        return reply.code(error.statusCode).send(body);
      }
      if (error instanceof ConcurrencyError) {
        return reply.code(409).send({ error: 'conflict', message: 'Someone else changed this record at the same time. Reload and try again.' });
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      const status = error.statusCode ?? 500;
      if (known) return reply.code(status).send({ error: known.code, message: known.message });
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: (error.code ?? 'bad_request').toLowerCase(), message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'errors' },
);
