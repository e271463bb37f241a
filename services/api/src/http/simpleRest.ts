import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '@autobest/db';
import { isUuid, withCleanText } from '@autobest/domain';

/**
 * A query parameter that carries JSON, as ra-data-simple-rest sends `sort`, `range` and `filter`. JSON escapes such as
 * \u0000 arrive as plain text, so the parsed value is held to the same text rules as the query itself.
 */
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
    .pipe(withCleanText(schema, { oneLine: true }));
}

const MAX_PAGE_SIZE = 500;
/** Far beyond any list we keep; a larger first index is a mistake or a probe, not a page. */
const MAX_RECORD_INDEX = 10_000_000;

const recordIndex = z.int().min(0).max(MAX_RECORD_INDEX);
const rangeSchema = z
  .tuple([recordIndex, recordIndex], { error: 'Must be [first, last], like [0,24]' })
  .refine(([first, last]) => last >= first, 'The last index must not be before the first')
  .refine(([first, last]) => last - first < MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} records per page`);

/**
 * The query of a ra-data-simple-rest list: `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}`.
 * Unknown sort fields and malformed JSON are 400s that name the parameter.
 */
function simpleRestListQuery<const Fields extends readonly [string, ...string[]], Filter extends z.ZodObject>(sortableFields: Fields, filter: Filter) {
  return z.object({
    sort: jsonParameter(
      z.tuple([z.enum(sortableFields, { error: `Sort by one of: ${sortableFields.join(', ')}` }), z.enum(['ASC', 'DESC'])]),
      '["receivedAt","DESC"]',
    ).optional(),
    range: jsonParameter(rangeSchema, '[0,24]').optional(),
    filter: jsonParameter(filter, '{"q":"toyota"}').optional(),
  });
}

interface Page {
  offset: number;
  limit: number;
}

const pageOf = (range: readonly [number, number] | undefined): Page => (range ? { offset: range[0], limit: range[1] - range[0] + 1 } : { offset: 0, limit: 25 });

/** A list's `dateFrom` / `dateTo` filter: a day (2026-11-22) or an instant. */
export const dateFilter = z.union([z.iso.date(), z.iso.datetime()], { error: 'Use a date like 2026-11-22' });

/** The instants a `dateFrom` / `dateTo` pair keeps, from `from` (inclusive) to `before` (exclusive): a bare `dateTo` day is kept whole. */
export function dateRange(filter: { dateFrom?: string | undefined; dateTo?: string | undefined }): { from?: Date; before?: Date } {
  const range: { from?: Date; before?: Date } = {};
  if (filter.dateFrom) range.from = new Date(filter.dateFrom);
  if (filter.dateTo) {
    const end = new Date(filter.dateTo);
    // A bare date means "through the end of that day".
    if (/^\d{4}-\d{2}-\d{2}$/.test(filter.dateTo)) end.setUTCDate(end.getUTCDate() + 1);
    range.before = end;
  }
  return range;
}

/** A list's date filters, kept by `withinDates`. */
export const dateFilters = { dateFrom: dateFilter.optional(), dateTo: dateFilter.optional() };

/** The rows whose `column` falls within a list's `dateFrom` / `dateTo` (see dateRange). */
export function withinDates<Table extends keyof Database>(
  query: SelectQueryBuilder<Database, Table, object>,
  column: string,
  filter: { dateFrom?: string | undefined; dateTo?: string | undefined },
): SelectQueryBuilder<Database, Table, object> {
  const { from, before } = dateRange(filter);
  let narrowed = query;
  if (from) narrowed = narrowed.where(sql<boolean>`${sql.ref(column)} >= ${from}`);
  if (before) narrowed = narrowed.where(sql<boolean>`${sql.ref(column)} < ${before}`);
  return narrowed;
}

/** A search term safe inside ILIKE: the user's % and _ match themselves. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** `filter={"id":[...]}` (getMany) or `{"id":"..."}`: always a list. */
const recordId = z.string().max(100);
const idList = z.union([recordId, z.array(recordId).max(MAX_PAGE_SIZE)]).transform((ids) => (Array.isArray(ids) ? ids : [ids]));

/** One list resource as a route declares it; `simpleRestList` does the parsing, counting, paging and headers. */
export interface SimpleRestListSpec<Table extends keyof Database, Fields extends string, Filter extends z.ZodRawShape, Row extends Selectable<Database[Table]>, ListRecord> {
  /** The name in `Content-Range`, as the console's resource is called. */
  resource: string;
  /** The rows this resource lists before any filter (a table, or one kind of its rows). */
  from(db: Db): SelectQueryBuilder<Database, Table, object>;
  /** Field the console sorts by, mapped to its column; `id` is always sortable (react-admin's default sort). */
  sortable: Record<Fields, string>;
  defaultSort: readonly [NoInfer<Fields> | 'id', 'ASC' | 'DESC'];
  /** What `q` searches: the longest term taken, and the condition it puts on a row given an ILIKE pattern (and the term as typed). */
  search: { maxLength: number; matches(pattern: string, term: string): RawBuilder<boolean> };
  /** Filters beside `q` and `id`, if any, and how they narrow the rows. */
  filters?: Filter;
  /** Filters that keep the rows whose column equals the value given (none given, or an empty text: no narrowing). */
  equals?: { readonly [Key in keyof Filter]?: string };
  /** What the other filters do. */
  where?(query: SelectQueryBuilder<Database, Table, object>, filter: z.output<z.ZodObject<Filter>>): SelectQueryBuilder<Database, Table, object>;
  /** Records whose ids are UUIDs: any other id in `filter.id` names no record (and must not reach a uuid column). */
  uuidIds: boolean;
  toRecord(row: Row): ListRecord;
}

/**
 * The ra-data-simple-rest list contract, one way for every resource: sort on a listed field or `id` (ties broken by
 * `id` in the same direction, so pages do not overlap), `range`, `filter` with `q`, the route's own filters and
 * `id` lists (an empty one is an empty page with total 0), `Content-Range` and `X-Total-Count`.
 */
export function simpleRestList<Table extends keyof Database, Fields extends string, Filter extends z.ZodRawShape, Row extends Selectable<Database[Table]>, ListRecord>(
  spec: SimpleRestListSpec<Table, Fields, Filter, Row, ListRecord>,
) {
  const sortable = { ...spec.sortable, id: 'id' } as Record<Fields | 'id', string>;
  const fields = Object.keys(sortable) as [Fields | 'id', ...(Fields | 'id')[]];
  const filterSchema = z.object({ ...spec.filters, q: z.string().trim().max(spec.search.maxLength).optional(), id: idList.optional() });
  const querystring = simpleRestListQuery(fields, filterSchema);
  // What filterSchema gives, which TypeScript cannot work out for a Filter still unknown here.
  type ListFilter = z.output<z.ZodObject<Filter>> & { q?: string | undefined; id?: string[] | undefined };

  /** The rows a filter keeps, or undefined when an id list leaves none possible. */
  function filtered(db: Db, filter: ListFilter | undefined): SelectQueryBuilder<Database, Table, object> | undefined {
    let query = spec.from(db);
    if (!filter) return query;
    const { q, id } = filter;
    for (const [key, column] of Object.entries(spec.equals ?? {}) as [string, string][]) {
      const value: unknown = (filter as Record<string, unknown>)[key];
      if (value !== undefined && value !== null && value !== '') query = query.where(sql.ref(column), '=', value);
    }
    if (spec.where) query = spec.where(query, filter);
    if (q) query = query.where(spec.search.matches(likePattern(q), q));
    if (id) {
      const ids = spec.uuidIds ? id.filter(isUuid) : id;
      if (ids.length === 0) return undefined;
      query = query.where(sql<boolean>`${sql.ref('id')} in (${sql.join(ids)})`);
    }
    return query;
  }

  return {
    querystring,
    filtered,
    toRecord: spec.toRecord,
    async answer(db: Db, { sort, range, filter }: z.output<typeof querystring>, reply: FastifyReply): Promise<ListRecord[]> {
      const page = pageOf(range);
      const query = filtered(db, filter as ListFilter | undefined);
      const [field, direction] = sort ?? spec.defaultSort;
      const order = direction === 'ASC' ? sql`asc` : sql`desc`;
      const [rows, total] = query
        ? await Promise.all([
            query
              .selectAll()
              .orderBy(sql`${sql.ref(sortable[field])} ${order}`)
              .orderBy(sql`${sql.ref('id')} ${order}`)
              .offset(page.offset)
              .limit(page.limit)
              // kysely cannot name selectAll's row for a table the caller chose; for that table it is Row.
              .execute() as unknown as Promise<Row[]>,
            query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow().then((counted) => Number(counted.total)),
          ])
        : [[], 0];
      const span = rows.length > 0 ? `${page.offset}-${page.offset + rows.length - 1}` : '*';
      reply.header('Content-Range', `${spec.resource} ${span}/${total}`);
      reply.header('X-Total-Count', String(total));
      reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
      return rows.map((row) => spec.toRecord(row));
    },
  };
}
