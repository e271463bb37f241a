import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Each table's column types as PostgreSQL names them (`timestamp with time zone`), read once per process: every
 * database a process writes to has this code's migrations, so a table has the same columns in each.
 */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

function typesOf(db: Executor, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type
      from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`
      .execute(db)
      .then(({ rows }) => new Map(rows.map((row) => [row.name, row.type])));
    // A failed read (the table not made yet) is not kept: the next call asks again.
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return types;
}

export interface InsertRowsOptions {
  /** Columns given the same SQL expression in every row, such as `now()`. */
  computed?: Record<string, RawBuilder<unknown>>;
  /** Rows whose key is taken already are left out (`on conflict (...) do nothing`). */
  onConflictDoNothing?: readonly string[];
}

/**
 * Inserts rows in one statement whose text does not grow with them: each column goes as one array parameter, typed
 * as the table types it, and `unnest` makes the rows again. A projector's batch wrote its rows as a multi-row VALUES
 * list (500 contact messages are 6,000 parameters, 500 emails 7,000) that kysely built node by node and PostgreSQL
 * parsed, bound and planned value by value. Every row must give the same columns (the first row's); a column none
 * gives keeps its default. JSON columns take their JSON text, as kysely's inserts do; a column of arrays cannot be
 * written so (kysely's own insert does it).
 */
export async function insertRows<Table extends keyof Database & string>(
  db: Executor,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
  { computed = {}, onConflictDoNothing }: InsertRowsOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const types = await typesOf(db, table);
  const columns = Object.keys(rows[0]!);
  // A row with a column the first lacks would lose it without a word: refused as a row lacking one is.
  const extra = rows.map((row) => Object.keys(row).find((column) => !columns.includes(column))).find((column) => column !== undefined);
  if (extra !== undefined) throw new Error(`every row inserted into ${table} must give the same columns: ${extra} is not in the first`);
  const arrays = columns.map((column) => {
    const type = types.get(column);
    if (type === undefined) throw new Error(`${table} has no column ${column}`);
    // unnest takes a two-dimensional array apart element by element: a column of arrays cannot go this way.
    if (type.endsWith('[]')) throw new Error(`insertRows cannot write ${table}.${column}, a column of arrays`);
    const values = rows.map((row) => {
      if (!(column in row)) throw new Error(`every row inserted into ${table} must give ${column}`);
      return (row as Record<string, unknown>)[column] ?? null;
    });
    return sql`${values}::${sql.raw(`${type}[]`)}`;
  });
  const named = [...columns, ...Object.keys(computed)].map((column) => sql.ref(column));
  const conflict = onConflictDoNothing ? sql`on conflict (${sql.join(onConflictDoNothing.map((column) => sql.ref(column)))}) do nothing` : sql``;
  await sql`
    insert into ${sql.table(table)} (${sql.join(named)})
    select given.*${sql.join(Object.values(computed).map((expression) => sql`, ${expression}`), sql``)}
    from unnest(${sql.join(arrays)}) as given (${sql.join(columns.map((column) => sql.ref(column)))})
    ${conflict}`.execute(db);
}
