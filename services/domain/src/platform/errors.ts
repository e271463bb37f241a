import { z } from 'zod';
import type { DomainMessage } from './messages';

const MessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]));

/**
 * The one shape every error answer of the API has. `error` is a stable code (validation_failed, rate_limited, ...);
 * `fields` maps a field to the English sentence a form shows under it, and `codes` gives the same field's message code
 * and values, which the web apps translate (a field only a person on the staff sees may have English alone).
 */
export const ErrorResponseSchema = z
  .object({
    error: z.string().describe('Machine-readable code, e.g. validation_failed, unauthorized, not_found, conflict'),
    message: z.string().describe('A sentence a person can read, in English'),
    params: MessageParamsSchema.optional().describe("The values in the message, for a translation, e.g. rate_limited's retryAfterSeconds"),
    fields: z.record(z.string(), z.string()).optional(),
    codes: z
      .record(z.string(), z.object({ code: z.string(), params: MessageParamsSchema.optional() }))
      .optional()
      .describe('Per field: the code of its message (see the domain catalogue) and its values'),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type FieldCodes = NonNullable<ErrorResponse['codes']>;

/** A field's message as the API sends it: English text, and the code with its values where the domain gave one. */
export function fieldsAnswer(fields: Readonly<Record<string, string | DomainMessage>>): Pick<ErrorResponse, 'fields' | 'codes'> {
  const english: Record<string, string> = {};
  const codes: FieldCodes = {};
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      english[field] = value;
      continue;
    }
    english[field] = value.message;
    codes[field] = { code: value.code, ...(value.params ? { params: value.params as Record<string, string | number | string[]> } : {}) };
  }
  return { fields: english, ...(Object.keys(codes).length > 0 ? { codes } : {}) };
}

/** What a record created once by a command is: the kinds a create can find already there. */
export type CreatedOnceKind = 'submission' | 'enquiry' | 'contact-message' | 'news-source' | 'review-video' | 'conversation';
/** The kinds of record a command can find missing. */
export type RecordKind = CreatedOnceKind | 'vehicle' | 'reservation-request';

/** A command found no such record (never created, or deleted); the API answers 404 naming the kind. */
export class NotFound extends Error {
  override readonly name = 'NotFound';
  constructor(
    readonly kind: RecordKind,
    /** The record's id, when the one refusing knows it (a decider often sees only an empty state). */
    readonly id?: string,
  ) {
    super(id === undefined ? `${kind} not found` : `${kind} ${id} not found`);
  }
}

/** A create found its record already there (a retried request, or an id taken); the API answers 409 naming the kind. */
export class AlreadyExists extends Error {
  override readonly name = 'AlreadyExists';
  constructor(
    readonly kind: CreatedOnceKind,
    readonly id: string,
  ) {
    super(`${kind} ${id} already exists`);
  }
}
