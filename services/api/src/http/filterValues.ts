import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from '@autobest/db';
import { ListFilterValuesQuerySchema, ListFilterValuesSchema, type ListFilterValues, type StaffPermission } from '@autobest/domain';
import { errorResponses } from './errors';

/** More would not fit a dropdown; a list that has more is searched with its search box. */
const MAX_VALUES = 500;

interface FilterValuesSpec<Table extends keyof Database> {
  /** The route: `/api/admin/{resource}/filter-values`. */
  path: string;
  tags: string[];
  /** Who may read the list may read its values. */
  permission: StaffPermission;
  /** The list's rows, as its list route starts from. */
  from(db: Db): SelectQueryBuilder<Database, Table, object>;
  /** The table's columns holding the make, model and year. */
  columns: { make: string; model: string; year: string };
}

/** The distinct non-empty values of one column of `query`'s rows, as text, in order (years newest first). */
async function distinctValues<Table extends keyof Database>(query: SelectQueryBuilder<Database, Table, object>, column: string, newestFirst = false): Promise<string[]> {
  const value = sql<string>`${sql.ref(column)}::text`;
  const rows = await query
    .select(value.as('value'))
    .distinct()
    .where(value, '<>', '')
    .orderBy(sql`1 ${newestFirst ? sql`desc` : sql`asc`}`)
    .limit(MAX_VALUES)
    .execute();
  return rows.map((row) => row.value);
}

/**
 * A console list's make, model and year filters as lists of what its records hold, instead of free text: the route
 * answers the makes, the models (of `make` when given, matched whatever its case) and the years present.
 */
export function registerFilterValues<Table extends keyof Database>(instance: FastifyInstance, spec: FilterValuesSpec<Table>): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    spec.path,
    {
      config: { staffPermission: spec.permission },
      schema: { tags: spec.tags, summary: "The makes, models (of the chosen make) and years the list's records hold, for its filters", querystring: ListFilterValuesQuerySchema, response: { 200: ListFilterValuesSchema, ...errorResponses } },
    },
    async (request): Promise<ListFilterValues> => {
      const { make } = request.query;
      const rows = spec.from(app.db);
      const models = make ? rows.where(sql<boolean>`lower(${sql.ref(spec.columns.make)}) = lower(${make})`) : rows;
      const [makes, modelValues, years] = await Promise.all([distinctValues(rows, spec.columns.make), distinctValues(models, spec.columns.model), distinctValues(rows, spec.columns.year, true)]);
      return { make: makes, model: modelValues, year: years };
    },
  );
}
