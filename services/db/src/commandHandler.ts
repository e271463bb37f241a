import type { Decider, DomainEvent, EventMetadata } from '@autobest/domain';
import { appendToStream, ConcurrencyError, readStream, type AppendResult, type ExpectedVersion, type StoredEvent } from './eventStore';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { groupedAppends, type GroupedAppendsOptions } from './groupedAppends';

/** The two things a command needs of the store. The API's store also rings the projector's doorbell after an append. */
export interface EventStore {
  readStream(streamId: string): Promise<StoredEvent[]>;
  append(streamId: string, expectedVersion: ExpectedVersion, events: readonly DomainEvent<string, object>[], metadata: EventMetadata): Promise<AppendResult>;
}

export const postgresEventStore = (db: Kysely<Database> | Transaction<Database>): EventStore => ({
  readStream: (streamId) => readStream(db, streamId),
  append: (streamId, expectedVersion, events, metadata) => appendToStream(db, streamId, expectedVersion, events, metadata),
});

/** The store for a process that appends for many callers at once (the API): concurrent appends share statements (groupedAppends). */
export const groupCommittingEventStore = (db: Kysely<Database>, options?: GroupedAppendsOptions): EventStore => ({
  readStream: (streamId) => readStream(db, streamId),
  append: groupedAppends(db, options),
});

/** Appends events to a stream in the transaction `recordInTransaction` opened. */
export type RecordEvents = (streamId: string, events: readonly DomainEvent<string, object>[], metadata: EventMetadata) => Promise<void>;

/**
 * The one way to write events besides the command handler, for areas whose records are table rows rather than
 * streams (staff accounts and sessions, the landed-cost tables, the email and WhatsApp outboxes, Tara's answers): the
 * rows change and the events saying who changed them are appended in one transaction, so both commit or neither. The
 * events are an audit trail (the rows are the state), so they go in at whatever version their stream has. Anything
 * whose state is its stream (a decider folds it) goes through the command handler instead, with one exception: a
 * customer's WhatsApp reply (services/api/src/whatsapp/replies.ts) is appended to its request's stream with its
 * `whatsapp_replies` row, so a webhook delivered twice records it once; nothing a decider decides on depends on it
 * (it moves only the request's last-updated time and version, as a note does). `work` may run more than once (a
 * lost race, below), so it returns what it did rather than setting variables outside it.
 */
export interface RecordsInTransaction {
  recordInTransaction<T>(work: (trx: Transaction<Database>, record: RecordEvents) => Promise<T>): Promise<T>;
}

/**
 * A writer that lost a race reads and decides again, after a pause drawn at random up to a doubling bound ("full
 * jitter"), so a crowd of writers on one stream spreads out instead of colliding again in step.
 */
const CONFLICT_RETRY = { attempts: 10, firstPauseMs: 5, longestPauseMs: 200 };
const pauseBeforeAttempt = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(CONFLICT_RETRY.longestPauseMs, CONFLICT_RETRY.firstPauseMs * 2 ** (attempt - 1))));

/**
 * `recorded` is told after a commit that appended something: the API rings the projector's doorbell there.
 *
 * An append at whatever version its stream has can still lose a race: a writer on the same stream that commits
 * between this append's reading of the stream's last position and its insert takes that position first (a customer's
 * WhatsApp reply and a staff member's status change on one request). The transaction is then rolled back and `work`
 * runs again whole, in a new transaction, after the command handler's pause, so `work` must keep its results in what it
 * returns, not in variables outside it.
 */
export function recordsInTransaction(db: Kysely<Database>, recorded: () => void = () => undefined): RecordsInTransaction {
  return {
    async recordInTransaction(work) {
      for (let attempt = 1; ; attempt++) {
        let appended = false;
        let lostRace = false;
        try {
          const result = await db.transaction().execute((trx) =>
            work(trx, async (streamId, events, metadata) => {
              try {
                await appendToStream(trx, streamId, 'any', events, metadata);
              } catch (error) {
                lostRace = error instanceof ConcurrencyError;
                throw error;
              }
              appended = true;
            }),
          );
          if (appended) recorded();
          return result;
        } catch (error) {
          if (!lostRace || attempt >= CONFLICT_RETRY.attempts) throw error;
          await pauseBeforeAttempt(attempt);
        }
      }
    },
  };
}

/** A stored event that does not match its stream's event schema: a bug or a bad migration to see at once, never a state to guess. */
export class UnreadableEventError extends Error {
  override readonly name = 'UnreadableEventError';
  constructor(
    readonly streamId: string,
    readonly streamPosition: number,
    readonly type: string,
    cause: unknown,
  ) {
    super(`Event ${streamPosition} (${type}) of stream ${streamId} does not match its schema`, { cause });
  }
}

export function parseStoredEvent<Event>(schema: { parse(input: unknown): Event }, stored: StoredEvent): Event {
  try {
    return schema.parse({ type: stored.type, data: stored.data });
  } catch (error) {
    throw new UnreadableEventError(stored.streamId, stored.streamPosition, stored.type, error);
  }
}

/** Reads a stream and folds it into its state, checking every event against the stream's schema. */
export async function readState<State, Event extends DomainEvent<string, object>>(
  store: Pick<EventStore, 'readStream'>,
  decider: Decider<State, Event>,
  streamId: string,
): Promise<{ state: State; version: number; events: Event[] }> {
  const stored = await store.readStream(streamId);
  const events = stored.map((event) => parseStoredEvent(decider.eventSchema, event));
  return { state: events.reduce(decider.evolve, decider.initialState), version: stored.at(-1)?.streamPosition ?? 0, events };
}

export interface CommandOptions<State = unknown> {
  metadata: EventMetadata;
  /**
   * The version the caller saw (a staff member's form). Pinned, a conflict is theirs to reload and is not retried;
   * left out, the handler appends at the version it read and decides again when someone got there first.
   */
  expectedVersion?: number;
  /**
   * The stream as the caller has just read and folded it: the first attempt decides on it instead of reading again;
   * a lost race reads afresh as always.
   */
  known?: { state: State; version: number };
  /**
   * The stream's id was made just now at random (a randomUUID, a submission's random id), so the stream is new: the
   * first attempt decides on the initial state at version 0 without reading it, one query (the append) instead of two.
   * Were the id taken after all, the append at version 0 loses and the handler reads and decides again, as after any
   * lost race, and a create's decider refuses a stream that exists. Never for an id a client gave or one made from
   * content.
   */
  fresh?: boolean;
}

export interface CommandResult<State, Event> {
  /** What the command appended; empty when the decider found nothing to change. */
  events: Event[];
  /** The stream's state after the command. */
  state: State;
  /** The stream's version after the command. */
  version: number;
}

/**
 * emmett's CommandHandler: read the stream, fold it, decide, append at the version read (or the caller's), and on a
 * lost race read and decide again. `decide` may run more than once, so it must be pure in the state it is given.
 */
export function commandHandler<State, Event extends DomainEvent<string, object>>(decider: Decider<State, Event>) {
  return async function handle(store: EventStore, streamId: string, decide: (state: State) => Event[], options: CommandOptions<State>): Promise<CommandResult<State, Event>> {
    const known = options.fresh ? { state: decider.initialState, version: 0 } : options.known;
    for (let attempt = 1; ; attempt++) {
      const { state, version } = attempt === 1 && known ? known : await readState(store, decider, streamId);
      const events = decide(state);
      if (events.length === 0) return { events, state, version };
      try {
        const { nextExpectedVersion } = await store.append(streamId, options.expectedVersion ?? version, events, options.metadata);
        return { events, state: events.reduce(decider.evolve, state), version: nextExpectedVersion };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || options.expectedVersion !== undefined || attempt >= CONFLICT_RETRY.attempts) throw error;
        await pauseBeforeAttempt(attempt);
      }
    }
  };
}
