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
