import type { Transaction } from 'kysely';
import type { Database, StoredEvent } from '@autobest/db';

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
