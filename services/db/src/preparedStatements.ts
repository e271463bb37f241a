import type pg from 'pg';

/**
 * A statement whose text starts with this comment runs as a named prepared statement on each connection of a pool
 * made by createDb. Only for statements with a handful of texts (a value list of a few rows at most) whose result
 * columns are named (no `*`): PostgreSQL refuses to run a prepared statement whose result a migration changed.
 */
export const PREPARED = '/* prepared */';

/** Texts one connection keeps prepared at most; past it, the others run unnamed as before. */
const MOST_PER_CONNECTION = 64;

type Query = (config: { name?: string; text: string; values?: unknown[] }) => Promise<pg.QueryResult>;

/**
 * Makes a connection run the statements marked PREPARED as named prepared statements: PostgreSQL parses one once per
 * connection and, after five runs, plans it once too, where it parses and plans an unnamed statement on every run. A
 * one-event append spent 105 µs being planned for 75 µs of work (pg_stat_statements, bench:events); with the append
 * prepared, the event store took 5,790 / 6,494 appends/s from 16 writers where it took 4,336 / 4,299 (bench:events'
 * first figure, against the parent, interleaved, 29 November). Tried on every repeated statement, it made the outbox's
 * result write (an update from arrays) 13 ms a statement: PostgreSQL's plan for any arrays read the whole table. So
 * statements say they want it.
 */
export function preparingMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as (...args: unknown[]) => Promise<pg.QueryResult>;
  const names = new Map<string, string>();
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length > 2 || typeof text !== 'string' || !text.startsWith(PREPARED) || (values !== undefined && !Array.isArray(values))) return query(...args);
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PER_CONNECTION) names.set(text, (name = `autobest_${names.size + 1}`));
    return (query as unknown as Query)({ ...(name === undefined ? {} : { name }), text, values: values as unknown[] | undefined });
  };
}
