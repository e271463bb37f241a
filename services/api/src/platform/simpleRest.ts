import { z } from 'zod';
import type { FastifyReply } from 'fastify';

/** A query parameter that carries JSON, as ra-data-simple-rest sends `sort`, `range` and `filter`. */
function jsonParameter<T extends z.ZodType>(schema: T, example: string) {
  return z
    .string()
    .transform((raw, context) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `Must be JSON, like ${example}` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const MAX_PAGE_SIZE = 500;

const rangeSchema = z
  .tuple([z.int().min(0), z.int().min(0)], { error: 'Must be [first, last], like [0,24]' })
  .refine(([first, last]) => last >= first, 'The last index must not be before the first')
  .refine(([first, last]) => last - first < MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} records per page`);

/**
 * The query of a ra-data-simple-rest list: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`.
 * Unknown sort fields and malformed JSON are 400s that name the parameter.
 */
export function simpleRestListQuery<const Fields extends readonly [string, ...string[]], Filter extends z.ZodObject>(
  sortableFields: Fields,
  filter: Filter,
) {
  return z.object({
    sort: jsonParameter(
      z.tuple([z.enum(sortableFields, { error: `Sort by one of: ${sortableFields.join(', ')}` }), z.enum(['ASC', 'DESC'])]),
      '["receivedAt","DESC"]',
    ).optional(),
    range: jsonParameter(rangeSchema, '[0,24]').optional(),
    filter: jsonParameter(filter, '{"q":"toyota"}').optional(),
  });
}

export interface Page {
  offset: number;
  limit: number;
}

export function pageOf(range: readonly [number, number] | undefined, defaultSize = 25): Page {
  return range ? { offset: range[0], limit: range[1] - range[0] + 1 } : { offset: 0, limit: defaultSize };
}

/** Sets `Content-Range: resource first-last/total` and exposes it to scripts, as ra-data-simple-rest reads it. */
export function sendContentRange(reply: FastifyReply, resource: string, page: Page, count: number, total: number): void {
  const span = count > 0 ? `${page.offset}-${page.offset + count - 1}` : '*';
  reply.header('Content-Range', `${resource} ${span}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

/** A search term safe inside ILIKE: the user's % and _ match themselves. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `filter={"id":[...]}` (getMany) or `{"id":"..."}`: always a list. */
export const idList = z.union([z.string(), z.array(z.string()).max(MAX_PAGE_SIZE)]).transform((ids) => (Array.isArray(ids) ? ids : [ids]));
