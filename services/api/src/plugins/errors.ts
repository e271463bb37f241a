import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '@autobest/db';
import { messageOfIssue, type DomainMessage } from '@autobest/domain';
import { fieldsAnswer, HttpError, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, serviceUnavailable, type ErrorResponse } from '../http/errors';
import { httpErrorOf } from '../http/commands';

const WHERE_LABEL: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path', headers: 'headers' };

const invalidMultipart = { status: 400, code: 'invalid_multipart', message: 'The request body is not valid multipart/form-data' };
const tooManyParts = { status: 413, code: 'payload_too_large', message: 'The request has too many parts' };

/** Client errors of Fastify and @fastify/multipart, named in our vocabulary. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Send the body as application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Send the request as multipart/form-data' },
  FST_PROTO_VIOLATION: invalidMultipart,
  FST_INVALID_JSON_FIELD_ERROR: invalidMultipart,
  FST_MP_PREMATURE_CLOSE: invalidMultipart,
  FST_PARTS_LIMIT: tooManyParts,
  FST_FILES_LIMIT: tooManyParts,
  FST_FIELDS_LIMIT: tooManyParts,
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', message: 'A file in the request is too large' },
};

/**
 * busboy (under @fastify/multipart) reports a body that is not well-formed multipart with plain Errors, known only by
 * their messages: no boundary, an empty or overlong one, a body or a part cut short.
 */
const MALFORMED_MULTIPART_MESSAGES = new Set(['Multipart: Boundary not found', 'Boundary required', 'Unsupported Content-Type.', 'Unexpected end of multipart data']);
/** Compared as text, not a pattern: two `.*` alternatives in one anchored pattern backtrack polynomially (recheck). */
const isMalformedMultipart = (message: string) =>
  MALFORMED_MULTIPART_MESSAGES.has(message) || message.startsWith('The needle cannot ') || message.endsWith(' terminated early due to unexpected end of multipart data');
const isMultipartRequest = (contentType: string | undefined) => contentType !== undefined && /^\s*multipart\//i.test(contentType);

/** Every error leaves as `{ error, message, fields? }` with the right status; a 5xx never leaks internals. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, DomainMessage> = {};
        for (const { instancePath, keyword, message, params } of error.validation) {
          const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          // fastify-type-provider-zod hands the zod issue over as keyword (its code), message and the rest in params.
          fields[field] ??= messageOfIssue({ ...params, code: keyword, message: message ?? 'Invalid value' } as Parameters<typeof messageOfIssue>[0]);
        }
        const where: string = WHERE_LABEL[error.validationContext ?? 'body'] ?? 'request';
        const body: ErrorResponse = {
          error: 'validation_failed',
          message: `Some fields in the ${where} are missing or invalid: ${Object.keys(fields).join(', ')}`,
          ...fieldsAnswer(fields),
        };
        return reply.code(400).send(body);
      }
      // A connection to PostgreSQL cut under the request (a restart, a failover, pg_terminate_backend): a command's
      // events are one statement, written whole or not at all, and the pool opens new connections for the next request.
      const lostConnection = isConnectionLost(error);
      if (lostConnection) request.log.warn({ err: error }, 'PostgreSQL connection lost during the request; answered 503');
      const intended = error instanceof HttpError ? error : lostConnection ? serviceUnavailable() : httpErrorOf(error);
      if (intended) {
        if (intended.statusCode === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
        const body: ErrorResponse = {
          error: intended.code,
          message: intended.message,
          ...(intended.params ? { params: intended.params as ErrorResponse['params'] } : {}),
          ...(intended.fields ? fieldsAnswer(intended.fields) : {}),
        };
        return reply.code(intended.statusCode).send(body);
      }
      const known = error.code ? FASTIFY_CODES[error.code] : (isMultipartRequest(request.headers['content-type']) && isMalformedMultipart(error.message) ? invalidMultipart : undefined);
      if (known) return reply.code(known.status).send({ error: known.code, message: known.message });
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: (error.code ?? 'bad_request').toLowerCase(), message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'errors' },
);
