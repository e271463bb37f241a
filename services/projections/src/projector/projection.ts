import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import { parseStoredEvent, type Database, type StoredEvent } from '@autobest/db';
import { eventTypesOf } from '@autobest/domain';

/**
 * A read model built from events. `apply` runs inside the projector's transaction, together with the
 * checkpoint's advance, so a row is written exactly once per event however often a batch is retried. That transaction
 * and its one read of the batch are shared by every projection (one per batch instead of one per projection), so
 * `apply` gets its events of a batch at once and pays for its statements, not for a transaction: writing a batch's rows
 * in one statement rather than one per event saves the rest.
 */
export interface Projection {
  /** Also the projection's checkpoint name. */
  readonly name: string;
  /** Tables this projection owns; a rebuild truncates them. */
  readonly tables: readonly string[];
  /** The event types it applies; 'every type' for one that decides by other things (the activity trail: who acted). */
  readonly handles: ReadonlySet<string> | 'every type';
  apply(trx: Transaction<Database>, events: readonly StoredEvent[]): Promise<void>;
}

/** The staff member who made a change, as history and notes show it (null for anyone else). */
export const staffEmailOf = (stored: StoredEvent) => (stored.metadata.actor.kind === 'staff' ? stored.metadata.actor.email : null);

/**
 * A projection that applies its batch one event at a time, each parsed with its stream's schema: the shape of every
 * read model whose rows follow one stream's events in order.
 */
export function eventByEventProjection<Event>(
  projection: Omit<Projection, 'apply' | 'handles'> & {
    /** The stream's events (its zod union): the projection handles exactly the types it declares. */
    readonly schema: Parameters<typeof eventTypesOf>[0] & { parse(input: unknown): Event };
    applyEvent(trx: Transaction<Database>, event: Event, stored: StoredEvent): Promise<void>;
  },
): Projection {
  const { schema, applyEvent, ...named } = projection;
  return {
    ...named,
    handles: eventTypesOf(schema),
    async apply(trx, events) {
      for (const stored of events) await applyEvent(trx, parseStoredEvent(schema, stored), stored);
    },
  };
}

/** A jsonb array column with one more entry at its end (a row's history, its notes). */
export const appendedTo = (column: string, entry: unknown) => sql<string>`${sql.ref(column)} || ${JSON.stringify([entry])}::jsonb`;

/** The read models of what staff add and change, each row keeping every change with who made it in `history`. */
type StaffEditedTable = 'news_sources' | 'review_videos';
type KeptByTheHistory = 'id' | 'history' | 'created_at' | 'updated_at' | 'version' | 'global_position';
/** What a history entry says besides when and who. */
type HistoryEntry = { at: string } & Record<string, unknown>;

/** A staff-edited row as added: its history starts with the addition, made by the event's staff member. */
export async function insertWithHistory<Table extends StaffEditedTable>(
  trx: Transaction<Database>,
  table: Table,
  id: string,
  columns: Omit<Insertable<Database[Table]>, KeptByTheHistory>,
  entry: HistoryEntry,
  stored: StoredEvent,
): Promise<void> {
  const row = { id, ...columns, history: JSON.stringify([{ ...entry, by: staffEmailOf(stored) }]), created_at: entry.at, updated_at: entry.at, version: stored.streamPosition, global_position: stored.globalPosition };
  // A row of the union of tables is not one kysely can check; `columns` was checked against the named table above.
  await trx.insertInto(table).values(row as never).execute();
}

/** A staff-edited row as changed: the changed columns, and one more history entry. */
export async function updateWithHistory<Table extends StaffEditedTable>(
  trx: Transaction<Database>,
  table: Table,
  id: string,
  columns: Omit<Updateable<Database[Table]>, KeptByTheHistory>,
  entry: HistoryEntry,
  stored: StoredEvent,
): Promise<void> {
  const change = { ...columns, history: appendedTo('history', { ...entry, by: staffEmailOf(stored) }), updated_at: entry.at, version: stored.streamPosition, global_position: stored.globalPosition };
  await trx.updateTable(table as StaffEditedTable).set(change as never).where('id', '=', id).execute();
}
