import { ErrorResponseSchema, type DomainMessage, type MessageParams } from '@autobest/domain';

export { ErrorResponseSchema, fieldsAnswer, type ErrorResponse } from '@autobest/domain';

/** An error a route throws on purpose; the error handler turns it into its status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Per field: the domain's message (translated by the web apps), or English for what only staff see. */
    readonly fields?: Readonly<Record<string, string | DomainMessage>>,
    /** The values in `message`, for a translation. */
    readonly params?: MessageParams,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);

/**
 * A dependency is away for a moment (PostgreSQL's connections were cut, Redis cannot count a limit that must be
 * counted): 503 with Retry-After (the errors plugin adds it), so a client retries instead of giving up. Nothing of the
 * request was kept.
 */
export const serviceUnavailable = (message = 'The service is briefly unavailable. Please try again in a moment.') => new HttpError(503, 'service_unavailable', message);

/** How long a 503 asks a client to wait: long enough for the pool to open new connections or Redis to reconnect. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** The common error answers, to spread into a route's `response` schema. */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
  500: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;
