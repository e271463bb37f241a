import type { z } from 'zod';

/** A field name mapped to the first message that applies to it, as the forms show them. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, fields: fieldErrorsOf(parsed.error) };
}
