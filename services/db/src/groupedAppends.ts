import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DomainEvent, EventMetadata } from '@autobest/domain';
import { isConnectionLost } from './connection';
import { appendToStream, ConcurrencyError, type AppendResult, type ExpectedVersion } from './eventStore';
import type { Database } from './schema';
import { PREPARED } from './preparedStatements';

/** An append waiting for its statement. */
interface WaitingAppend {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: readonly DomainEvent<string, object>[];
  metadata: EventMetadata;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export interface GroupedAppendsOptions {
  /**
   * How many append statements may be under way at once. Below it the appends asked for in one turn of the event loop
   * are sent at the end of that turn, together (one alone is the same statement as `appendToStream`); at it, the
   * appends that arrive wait and go together in the next statement.
   */
  inFlight?: number;
  /** At most this many events in one statement. */
  maxEvents?: number;
  /**
   * A statement under way longer than this (waiting on a lock another transaction holds, or on a connection that went
   * quiet) no longer holds its place: another may start beside it, up to the pool's size, so one stuck stream never
   * stalls every other write of the process, as it could not before grouping. (The appends of its own statement wait
   * with it.)
   */
  stuckAfterMs?: number;
}

/** The pool's size in the API (createDb's maxConnections there): never more statements at once than connections. */
const MOST_AT_ONCE = 20;

/**
 * Group commit for the API's appends (issue 37): under load, the appends of concurrent commands to different streams go
 * to PostgreSQL as one statement and one commit instead of one each. Measured with 50 callers on the 2-core VM
 * (contact-message rows): 1,160-1,380 appends/s at 114-151 µs of the caller's CPU each alone, 3,000-3,340 appends/s at
 * 31-36 µs grouped.
 *
 * Each append keeps its own guarantee: its events go in only if its stream is at the version it expected, checked per
 * stream inside the statement, and a stream that moved answers ConcurrencyError to that append alone. An append waits
 * while another append to its stream is under way, so two never share a statement and a later one goes after an
 * earlier one. A group is written in the order of its stream ids, so two processes' groups take their keys' locks in
 * one order and never deadlock each other. When PostgreSQL refuses the statement (a writer elsewhere took one of its
 * positions, a deadlock with a single append, or one append's bad data), it was rolled back whole, and each append of the
 * group is tried again alone: only the append concerned sees its error. Only a cut connection, whose outcome is unknown,
 * fails every append of the statement, as it would have failed each of them alone.
 */
export function groupedAppends(db: Kysely<Database>, { inFlight = 2, maxEvents = 500, stuckAfterMs = 100 }: GroupedAppendsOptions = {}) {
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError('maxEvents must be a whole number of at least 1');
  let waiting: WaitingAppend[] = [];
  /** When each statement under way started. */
  const running = new Set<{ startedAt: number }>();
  /** The streams of the appends under way. */
  const busyStreams = new Set<string>();
  let recheck: NodeJS.Timeout | undefined;

  /** The next group, in one pass: the waiting appends in arrival order, one per stream and none to a busy one, up to `maxEvents` events. */
  const nextGroup = (): WaitingAppend[] => {
    const group: WaitingAppend[] = [];
    const left: WaitingAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (const append of waiting) {
      const fits = group.length === 0 || events + append.events.length <= maxEvents;
      if (fits && !streams.has(append.streamId) && !busyStreams.has(append.streamId)) {
        streams.add(append.streamId);
        events += append.events.length;
        group.push(append);
      } else {
        left.push(append);
      }
    }
    waiting = left;
    return group.sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  };

  const mayStart = () => {
    if (running.size < inFlight) return true;
    if (running.size >= MOST_AT_ONCE) return false;
    const now = Date.now();
    return [...running].every((statement) => now - statement.startedAt >= stuckAfterMs);
  };

  const send = () => {
    while (waiting.length > 0 && mayStart()) {
      const group = nextGroup();
      if (group.length === 0) return;
      const statement = { startedAt: Date.now() };
      running.add(statement);
      for (const append of group) busyStreams.add(append.streamId);
      void (group.length === 1 ? alone(db, group[0]!) : appendTogether(db, group))
        .catch((error: unknown) => group.forEach((append) => append.reject(error)))
        .finally(() => {
          running.delete(statement);
          for (const append of group) busyStreams.delete(append.streamId);
          send();
        });
    }
    // Appends wait behind statements under way: look again once those count as stuck.
    if (waiting.length > 0 && recheck === undefined) {
      recheck = setTimeout(() => {
        recheck = undefined;
        send();
      }, stuckAfterMs);
      recheck.unref();
    }
  };

  /** Whether a send is due at the end of this turn of the event loop. */
  let sendScheduled = false;
  const sendAtEndOfTurn = () => {
    sendScheduled = false;
    send();
  };

  return (streamId: string, expectedVersion: ExpectedVersion, events: readonly DomainEvent<string, object>[], metadata: EventMetadata): Promise<AppendResult> => {
    if (events.length === 0) return Promise.reject(new RangeError('appendToStream needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      waiting.push({ streamId, expectedVersion, events, metadata, resolve, reject });
      // The appends asked for in this turn go together: commands whose limits Redis answered in one reply (limits.ts)
      // all append in the same turn, and each would otherwise be a statement of its own while fewer than `inFlight` run.
      if (!sendScheduled) {
        sendScheduled = true;
        setImmediate(sendAtEndOfTurn);
      }
    });
  };
}

const alone = (db: Kysely<Database>, append: WaitingAppend) =>
  appendToStream(db, append.streamId, append.expectedVersion, append.events, append.metadata).then(append.resolve, append.reject);

/** PostgreSQL answered the statement with an error of its own: it was rolled back whole, and nothing of it was written. */
const refusedByPostgres = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === 'string' && !isConnectionLost(error);

/** One statement for appends to distinct streams (in stream-id order), each guarded by its own expected version. */
async function appendTogether(db: Kysely<Database>, group: readonly WaitingAppend[]): Promise<void> {
  const eventIds = group.map((append) => append.events.map(() => randomUUID()));
  // One array per column, whatever the group's size: one statement text, prepared on each connection (a value list
  // was a new text, parsed and planned, for every size of group).
  const columns = { streamId: [] as string[], expected: [] as (number | null)[], offset: [] as number[], eventId: [] as string[], type: [] as string[], data: [] as string[], metadata: [] as string[] };
  group.forEach((append, which) => {
    const expected = append.expectedVersion === 'any' ? null : append.expectedVersion;
    const metadata = JSON.stringify(append.metadata);
    append.events.forEach((event, index) => {
      columns.streamId.push(append.streamId);
      columns.expected.push(expected);
      columns.offset.push(index + 1);
      columns.eventId.push(eventIds[which]![index]!);
      columns.type.push(event.type);
      columns.data.push(JSON.stringify(event.data));
      columns.metadata.push(metadata);
    });
  });
  let written: Array<{ stream_id: string; stream_position: string | number }>;
  try {
    // The lateral read of each stream's version is per row; every row of one append reads the same (the statement sees
    // one snapshot), so an append goes in whole or not at all. The order by keeps each append's events together and in
    // order in the global positions the projector reads.
    const result = await sql<{ stream_id: string; stream_position: string | number }>`${sql.raw(PREPARED)}
      insert into events (stream_id, stream_position, event_id, type, data, metadata)
      select new_event.stream_id, stream.version + new_event.offset_in_append, new_event.event_id, new_event.type, new_event.data, new_event.metadata
      from unnest(${columns.streamId}::text[], ${columns.expected}::bigint[], ${columns.offset}::bigint[], ${columns.eventId}::uuid[], ${columns.type}::text[], ${columns.data}::jsonb[], ${columns.metadata}::jsonb[])
        with ordinality as new_event (stream_id, expected, offset_in_append, event_id, type, data, metadata, ordinal)
      cross join lateral (select coalesce(max(stream_position), 0) as version from events where events.stream_id = new_event.stream_id) as stream
      where new_event.expected is null or stream.version = new_event.expected
      order by new_event.ordinal
      returning stream_id, stream_position`.execute(db);
    written = result.rows;
  } catch (error) {
    if (!refusedByPostgres(error)) throw error;
    // One at a time: these are rare, and the pool is shared with every reader.
    for (const append of group) await alone(db, append);
    return;
  }
  const lastPosition = new Map<string, number>();
  for (const row of written) lastPosition.set(row.stream_id, Math.max(lastPosition.get(row.stream_id) ?? 0, Number(row.stream_position)));
  group.forEach((append, which) => {
    const last = lastPosition.get(append.streamId);
    if (last === undefined) append.reject(new ConcurrencyError(append.streamId, append.expectedVersion));
    else append.resolve({ nextExpectedVersion: last, eventIds: eventIds[which]! });
  });
}
