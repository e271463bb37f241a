import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DomainEvent, EventMetadata } from '@autobest/domain';
import type { Database } from './schema';
import { PREPARED } from './preparedStatements';
import { withPlannerSettings } from './plannerSettings';

/** The version a writer expects the stream to be at: a number (0 = no events yet), or no check at all. */
export type ExpectedVersion = number | 'any';

export interface StoredEvent {
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamPosition: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  occurredAt: Date;
}

/** Where a processor stands in the global order of events. */
export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export const START_OF_STORE: Checkpoint = { transactionId: '0', globalPosition: 0 };

export interface AppendResult {
  nextExpectedVersion: number;
  eventIds: string[];
}

export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
  ) {
    super(`Stream ${streamId} is not at version ${String(expectedVersion)}: someone else changed it first`);
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/**
 * Appends events to one stream with optimistic concurrency, in a single statement: the rows are inserted only
 * when the stream is at the expected version, and the (stream_id, stream_position) primary key turns a race
 * between two writers into exactly one winner.
 */
export async function appendToStream(
  db: Executor,
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: readonly DomainEvent<string, object>[],
  metadata: EventMetadata,
): Promise<AppendResult> {
  if (events.length === 0) {
    throw new RangeError('appendToStream needs at least one event');
  }
  const eventIds = events.map(() => randomUUID());
  const metadataJson = JSON.stringify(metadata);
  const rows = events.map(
    (event, index) =>
      sql`(${eventIds[index]}::uuid, ${index + 1}::bigint, ${event.type}::text, ${JSON.stringify(event.data)}::jsonb)`,
  );
  const versionGuard =
    expectedVersion === 'any'
      ? sql`true`
      : sql`(select coalesce(max(stream_position), 0) from events where stream_id = ${streamId}) = ${expectedVersion}`;
  const base =
    expectedVersion === 'any'
      ? sql`(select coalesce(max(stream_position), 0) from events where stream_id = ${streamId})`
      : sql`${expectedVersion}::bigint`;
  try {
    // Prepared on each connection (preparedStatements.ts): most appends have one event, and planning cost more than the insert.
    const result = await sql<{ stream_position: number }>`${sql.raw(PREPARED)}
      insert into events (stream_id, stream_position, event_id, type, data, metadata)
      select ${streamId}, ${base} + new_event.offset_in_batch, new_event.event_id, new_event.type, new_event.data, ${metadataJson}::jsonb
      from (values ${sql.join(rows)}) as new_event (event_id, offset_in_batch, type, data)
      where ${versionGuard}
      returning stream_position`.execute(db);
    if (result.rows.length !== events.length) {
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    const last = Math.max(...result.rows.map((row) => Number(row.stream_position)));
    return { nextExpectedVersion: last, eventIds };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw error;
  }
}

interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  occurred_at: Date;
}

const toStoredEvent = (row: EventRow): StoredEvent => ({
  globalPosition: Number(row.global_position),
  transactionId: String(row.transaction_id),
  streamId: row.stream_id,
  streamPosition: Number(row.stream_position),
  eventId: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata as unknown as EventMetadata,
  occurredAt: row.occurred_at,
});

export async function readStream(db: Executor, streamId: string): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select([
      'global_position',
      sql<string>`transaction_id::text`.as('transaction_id'),
      'stream_id',
      'stream_position',
      'event_id',
      'type',
      'data',
      'metadata',
      'occurred_at',
    ])
    .where('stream_id', '=', streamId)
    .orderBy('stream_position')
    .execute();
  return rows.map(toStoredEvent);
}

/**
 * The next batch of events after a checkpoint, in commit-safe order. Only transactions older than every
 * transaction still running are visible, so an event whose sequence number was taken early but committed
 * late is read after — never skipped by — the events around it.
 */
export async function readAll(db: Executor, after: Checkpoint, limit: number): Promise<StoredEvent[]> {
  const result = await sql<EventRow>`
    select global_position, transaction_id::text as transaction_id, stream_id, stream_position, event_id, type,
           data, metadata, occurred_at
    from events
    where (events.transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      and events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    -- Qualified on purpose: the bare name would sort by the text alias above, putting xid 10001 before 9999.
    order by events.transaction_id, global_position
    limit ${limit}`.execute(db);
  return result.rows.map(toStoredEvent);
}

/** A processor's next events of its own types, and how far it may move its checkpoint once it has handled them. */
export interface EventsOfTypes {
  events: StoredEvent[];
  /**
   * Its last event when `limit` of them came; else the last event looked at, past the others between (undefined when
   * there was no event after the checkpoint to look at).
   */
  through: Checkpoint | undefined;
  /**
   * True when there may be more to read after `through` already: `limit` events came, or `lookAhead` were looked at (so
   * a batch that is exactly the last may cost one empty read more).
   */
  more: boolean;
}

/**
 * The next events of `types` after a checkpoint, commit-safe as readAll, for a processor that acts on a few types and
 * passes over the rest. It looks at the next `lookAhead` events by their type alone and reads whole only those of its
 * types, at most `limit`, in one statement (one snapshot: nothing looked past can have been left out). Read with
 * readAll, each event passed over was read whole and sent to the processor: the photo processor, woken every 5 s by its
 * safety net under a flood of contact messages, spent 23 µs of its own CPU and 15 µs of PostgreSQL's per event passed
 * over (20,000 contact messages in batches of 100), about 2% of all the CPU a contact message costs `npm start`.
 */
export async function readAllOfTypes(db: Executor, after: Checkpoint, types: readonly string[], limit: number, lookAhead = 10_000): Promise<EventsOfTypes> {
  // A limit of 0 would move the reader past events of its types unread, and a look-ahead of 0 would never move it.
  if (!(Number.isSafeInteger(limit) && limit >= 1 && Number.isSafeInteger(lookAhead) && lookAhead >= 1)) {
    throw new RangeError(`readAllOfTypes needs a limit and a look-ahead of at least 1: ${limit}, ${lookAhead}`);
  }
  type Row = (EventRow & { last_looked: false }) | { last_looked: true; transaction_id: string; global_position: number; looked: number };
  const result = await sql<Row>`
    with looked as materialized (
      select transaction_id, global_position, type = any(${sql.val(types)}::text[]) as wanted
      from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, global_position
      limit ${lookAhead}
    ), picked as (
      select transaction_id, global_position from looked where wanted order by transaction_id, global_position limit ${limit}
    )
    select * from (
      select events.global_position, events.transaction_id::text as transaction_id, events.transaction_id as in_order,
             stream_id, stream_position, event_id, type, data, metadata, occurred_at, false as last_looked, null::int as looked
      from picked join events using (transaction_id, global_position)
      union all (
        select global_position, transaction_id::text, transaction_id, null, null, null, null, null, null, null, true,
               (select count(*)::int from looked)
        from looked order by looked.transaction_id desc, looked.global_position desc limit 1)
    ) as answer
    order by last_looked, in_order, global_position`.execute(db);
  const events = result.rows.flatMap((row) => (row.last_looked ? [] : [toStoredEvent(row)]));
  const last = result.rows.at(-1);
  if (!last?.last_looked) return { events, through: undefined, more: false };
  const full = events.length >= limit;
  const lastEvent = events.at(-1);
  const through = full && lastEvent ? { transactionId: lastEvent.transactionId, globalPosition: lastEvent.globalPosition } : { transactionId: last.transaction_id, globalPosition: Number(last.global_position) };
  return { events, through, more: full || Number(last.looked) >= lookAhead };
}

/**
 * How PostgreSQL must plan a count of the events after a checkpoint. It cannot estimate how many lie after one: it
 * keeps no statistics of xid8's order, so it assumes a third of the table, and for that it planned a parallel scan.
 * On 230,000 events (`npm run seed:large -- 100000`) a count with nobody behind took 55-62 ms that way, nearly all of
 * it starting two parallel workers, and /api/health, counting for every processor, took 0.8 s; planned alone in its
 * process, 0.4 ms (EXPLAIN ANALYZE). For several counts in one statement the same estimate passes JIT's threshold
 * (about 95 ms of compiling for 1 ms of work; the metrics' lag per processor, 310 ms of 440). A processor far behind
 * is counted alone too: 1.1 s for 100,000 events against 0.3 s with two workers, on a table not yet vacuumed; a
 * rebuild is when that happens, and it is rare.
 */
export const EVENT_COUNT_PLAN = { max_parallel_workers_per_gather: '0', jit: 'off' } as const;

/**
 * How many events a processor has not yet handled (committed or not yet visible); with `types`, only the events of
 * those types (for a processor that acts on a few types and passes over the rest whenever it next runs).
 */
export async function eventsBehind(db: Kysely<Database>, after: Checkpoint, types?: readonly string[]): Promise<number> {
  const result = await withPlannerSettings(db, EVENT_COUNT_PLAN, (trx) =>
    sql<{ behind: number }>`
      select count(*)::int as behind from events
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
        ${types === undefined ? sql`` : sql`and type = any(${sql.val(types)}::text[])`}`.execute(trx),
  );
  return Number(result.rows[0]?.behind ?? 0);
}

/** Where a processor stands: the events it has not yet handled, and how long ago the oldest of them happened. */
export interface ProcessorLag {
  name: string;
  behind: number;
  /** Seconds since the oldest event it has not handled happened; null when it has handled every one. */
  oldestSeconds: number | null;
}

/**
 * Where each of the processors `names` stands, from their stored checkpoints (the start of the store for one
 * without), in one statement; with `everyStored`, every processor with a stored checkpoint besides (the metrics: a
 * notifier no list names). The one count of this kind: health, the metrics, the QA checks and the projector ask it.
 * Given a transaction (a metrics collector's), it runs in that one.
 */
export async function processorLags(db: Kysely<Database>, names: readonly string[], options: { everyStored?: boolean } = {}): Promise<ProcessorLag[]> {
  const processors = options.everyStored
    ? sql`(select name from unnest(${sql.val(names)}::text[]) as given (name) union select processor_name from processor_checkpoints)`
    : sql`unnest(${sql.val(names)}::text[])`;
  const { rows } = await withPlannerSettings(db, EVENT_COUNT_PLAN, (trx) =>
    sql<{ name: string; behind: number; oldest_seconds: number | null }>`
      select given.name, behind.count::int as behind, extract(epoch from now() - oldest.occurred_at)::float8 as oldest_seconds
      from ${processors} as given (name)
      left join processor_checkpoints as checkpoint on checkpoint.processor_name = given.name
      cross join lateral (
        select coalesce(checkpoint.last_transaction_id, ${START_OF_STORE.transactionId}::xid8) as transaction_id,
          coalesce(checkpoint.last_global_position, ${START_OF_STORE.globalPosition}::bigint) as global_position
      ) as position
      cross join lateral (
        select count(*) from events where (events.transaction_id, events.global_position) > (position.transaction_id, position.global_position)
      ) as behind
      left join lateral (
        select occurred_at from events where (events.transaction_id, events.global_position) > (position.transaction_id, position.global_position)
        order by events.transaction_id, events.global_position limit 1
      ) as oldest on true`.execute(trx),
  );
  return rows.map((row) => ({ name: row.name, behind: Number(row.behind), oldestSeconds: row.oldest_seconds === null ? null : Math.max(0, row.oldest_seconds) }));
}

/** How many events each of the processors `names` has not yet handled (processorLags, counts only). */
export async function processorsBehind(db: Kysely<Database>, names: readonly string[]): Promise<Record<string, number>> {
  return Object.fromEntries((await processorLags(db, names)).map((lag) => [lag.name, lag.behind]));
}

/**
 * Opens many new streams in one statement (bulk imports, seeding): each gets its events at positions 1..n.
 * Any stream that already exists makes the whole call fail with a ConcurrencyError and write nothing.
 */
export async function appendToNewStreams(
  db: Executor,
  streams: ReadonlyArray<{ streamId: string; events: readonly DomainEvent<string, object>[] }>,
  metadata: EventMetadata,
): Promise<void> {
  const rows = streams.flatMap(({ streamId, events }) =>
    events.map((event, index) => sql`(${streamId}, ${index + 1}::bigint, ${randomUUID()}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb)`),
  );
  if (rows.length === 0) return;
  try {
    await sql`
      insert into events (stream_id, stream_position, event_id, type, data, metadata)
      select stream_id, stream_position, event_id, type, data, ${JSON.stringify(metadata)}::jsonb
      from (values ${sql.join(rows)}) as new_event (stream_id, stream_position, event_id, type, data)`.execute(db);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConcurrencyError(streams.map((stream) => stream.streamId).join(', ').slice(0, 200), 0);
    throw error;
  }
}
