import { z } from 'zod';
import { coded, messageOfIssue, type DomainMessage, type MessageCode } from './messages';

/** A field name mapped to the first message that applies to it, as the forms show them. */
export type FieldErrors = Record<string, DomainMessage>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= messageOfIssue(issue);
  }
  return fields;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors };

/** Parses input from outside (a form, a file): text `withCleanText` refuses first, then the schema. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const parsed = withCleanText(schema).safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, fields: fieldErrorsOf(parsed.error) };
}

/** The codes of the text rules every field is held to. */
export const TEXT_RULE_CODES = ['notUnicode', 'controlCharacters', 'oneLine'] as const satisfies readonly MessageCode[];

/** A UTF-16 surrogate without its other half: not text at all, and PostgreSQL's jsonb refuses it. (No lookbehind: the storefront runs this.) */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL cannot store NUL in text or jsonb
 * at all; the others only hide or garble text (terminal escapes, bells), and no keyboard or form produces them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const TAB_OR_LINE_BREAK = /[\t\n\r]/;

/**
 * At most `max` characters, told with the field's label ("First name must be at most 100 characters"), for forms that
 * word it so: spread into `.refine(...)`. Checked before the field's patterns, and a longer text ends the field's
 * validation (`abort`; zod otherwise runs every later check on it too): no pattern reads more than `max` characters.
 */
export const withinLength = (label: string, max: number) => [(value: string) => value.length <= max, { ...coded('fieldTooLong', { label, max }), abort: true }] as const;

/** `.max(max, tooLong)`: the short message, and a longer text ends the field's validation as with `withinLength`. */
export const tooLong = { message: 'tooLong', abort: true } as const satisfies { message: MessageCode; abort: boolean };

/** Our generated ids (enquiries, contact messages, sent emails) are UUIDs: anything else names no record. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Free text (a message, a description) keeps its tabs and line breaks; names, addresses, ids and query values do not. */
export const isOneLine = (text: string) => !TAB_OR_LINE_BREAK.test(text);

/**
 * Every character a rule above looks for: text without any (nearly all text) passes them all after one test instead of
 * three. Every field of every request is checked, the search's query among them.
 */
// eslint-disable-next-line no-control-regex
const ANY_RULED_CHARACTER = /[\u0000-\u001f\uD800-\uDFFF]/;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text from a sender we cannot ask to fix it (a signed webhook, which a 400 would only make its sender retry for
 * days), made acceptable instead of refused: control characters dropped, a lone surrogate made U+FFFD. Server only
 * (a lookbehind).
 */
export const withoutRefusedCharacters = (text: string) => (ANY_RULED_CHARACTER.test(text) ? text.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATES, '\uFFFD') : text);

/** Why a piece of text is refused whatever field it is in, or undefined when it is acceptable. */
export function textProblem(text: string, { oneLine = false }: { oneLine?: boolean } = {}): MessageCode | undefined {
  if (!ANY_RULED_CHARACTER.test(text)) return undefined;
  if (LONE_SURROGATE.test(text)) return 'notUnicode';
  if (CONTROL_CHARACTER.test(text)) return 'controlCharacters';
  if (oneLine && !isOneLine(text)) return 'oneLine';
  return undefined;
}

interface Visit {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}
const pathOf = (visit: Visit): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Every string and object key of a parsed input (a JSON body, a query, form fields) that `textProblem` refuses, with
 * its path; object keys are names, so they are held to one line. Walks without recursion, since a JSON body can be
 * nested deeper than the call stack, and stops after `limit` finds.
 */
export function refusedText(input: unknown, { oneLine = false } = {}, limit = 20): Array<{ path: PropertyKey[]; message: MessageCode }> {
  const found: Array<{ path: PropertyKey[]; message: MessageCode }> = [];
  const pending: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  while (pending.length > 0 && found.length < limit) {
    const visit = pending.pop()!;
    const { value, key } = visit;
    const keyProblem = typeof key === 'string' ? textProblem(key, { oneLine: true }) : undefined;
    if (keyProblem) found.push({ path: pathOf(visit), message: keyProblem });
    if (typeof value === 'string') {
      const problem = textProblem(value, { oneLine });
      if (problem) found.push({ path: pathOf(visit), message: problem });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push({ value: value[index], key: index, parent: visit });
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value).reverse()) pending.push({ value: item, key: name, parent: visit });
    }
  }
  return found.slice(0, limit);
}

/**
 * `schema`, behind a check that refuses (each at its field) text `textProblem` refuses anywhere in the input. The API
 * puts every route's body, query and path schemas behind it; `validate` does the same for what handlers parse.
 */
export function withCleanText<S extends z.ZodType>(schema: S, rules: { oneLine?: boolean } = {}) {
  return z
    .unknown()
    .superRefine((input, context) => {
      for (const { path, message } of refusedText(input, rules)) context.addIssue({ code: 'custom', path, message });
    })
    .pipe(schema);
}
