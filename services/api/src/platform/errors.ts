import { z } from 'zod';

/** The one shape every error answer has. `fields` maps a field name to the message a form shows under it. */
export const ErrorResponseSchema = z
  .object({
    error: z.string().describe('Machine-readable code, e.g. validation_failed, unauthorized, not_found, conflict'),
    message: z.string().describe('A sentence a person can read'),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** An error a route throws on purpose; the error handler turns it into its status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
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
