import { sql } from 'kysely';
import {
  advanceCheckpoints,
  ensureCheckpoint,
  processorsBehind,
  lockCheckpoints,
  readAll,
  resetCheckpoint,
  type Checkpoint,
  type Db,
  type StoredEvent,
} from '@autobest/db';
import type { Projection } from './projection';

export interface ProjectorOptions {
  batchSize?: number;
  /**
   * Runs inside the batch's transaction after a projection applied its events of the batch (`batch`: every event of the
   * batch after its checkpoint, of its types or not), before the checkpoints move. Tests throw here to prove that a
   * crash at the worst moment loses and duplicates nothing.
   */
  beforeCommit?: (projection: string, batch: readonly StoredEvent[]) => void | Promise<void>;
  /**
   * 'skip': a projection whose checkpoint another catch-up holds is left to that one instead of waited for. The API's
   * read-your-writes catch-up: the workers holding it are projecting the write already, and waiting for their whole
   * batch would hold one of the API's connections (and the snapshot horizon) meanwhile. 'wait' by default.
   */
  whenLocked?: 'wait' | 'skip';
}

export interface CatchUpResult {
  /** Events applied to read models, per projection. */
  applied: Record<string, number>;
}

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
}

/** Whether `a` stands before `b` in the order events are read in: by transaction, then by global position. */
const isBefore = (a: Checkpoint, b: Checkpoint): boolean => {
  const [transactionA, transactionB] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  return transactionA < transactionB || (transactionA === transactionB && a.globalPosition < b.globalPosition);
};

/**
 * Moves every read model forward from its own checkpoint. One transaction and one read of the events per batch for
 * all the projections instead of one per projection: the checkpoints are locked in one statement, the batch is read
 * once from the lowest of them, each projection applies the events after its own checkpoint (usually all of them),
 * and the checkpoints move in one statement, still each only from where it was read. For the workers' ten read
 * models and the notifier, about eight round trips a batch instead of sixty-six, and the events' JSON read once
 * instead of eleven times. A projection far behind the others (new, or rebuilt) replays the store batch by batch beside
 * them: each of its transactions also reads the others' batch from their own checkpoint, so they keep moving meanwhile.
 *
 * A projection that fails on a batch (an event it cannot read) rolls the whole batch back, every projection's part of
 * it: the catch-up throws, every read model stays where it was, and the next doorbell tries again. Before, the
 * projections ahead of it in the list moved on and those after it waited; now they all wait for the fix together.
 */
export class Projector {
  private readonly batchSize: number;
  private checkpointsReady: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
  }

  /**
   * Applies every visible event. `onCommitted` hears what each batch applied once its transaction has committed, so a
   * caller rings what depends on it (the email delivery after the notifier's rows) even when a later batch fails.
   */
  async catchUp(onCommitted: (applied: Record<string, number>) => void = () => undefined): Promise<CatchUpResult> {
    await this.ensureCheckpoints();
    const applied: Record<string, number> = Object.fromEntries(this.projections.map((projection) => [projection.name, 0]));
    for (;;) {
      const batch = await this.processBatch();
      for (const [name, count] of Object.entries(batch.applied)) applied[name] = (applied[name] ?? 0) + count;
      if (Object.keys(batch.applied).length > 0) onCommitted(batch.applied);
      // Every read came back short: each projection reached the end of what is visible now.
      if (!batch.full) break;
    }
    return { applied };
  }

  /**
   * Whether any projection has a committed event still to apply, after a catch-up: catching up again will find it, and
   * no doorbell will ring for it (its ring was this catch-up). Each batch reads below the cluster's snapshot horizon as
   * it stands when the batch is read, so a transaction elsewhere that ends after the last batch was read leaves events
   * this catch-up did not apply, with nothing beyond the horizon by the end. Asking whether anything is beyond the
   * horizon once the catch-up is over misses them; asking what is left does not.
   */
  async moreToRead(): Promise<boolean> {
    const result = await sql<{ more: boolean }>`
      select exists (
        select 1 from processor_checkpoints as checkpoint
        where checkpoint.processor_name = any(${sql.val(this.projections.map((projection) => projection.name))}::text[])
          and exists (
            select 1 from events
            where (events.transaction_id, events.global_position) > (checkpoint.last_transaction_id, checkpoint.last_global_position))
      ) as more`.execute(this.db);
    return result.rows[0]?.more === true;
  }

  private ensureCheckpoints(): Promise<void> {
    this.checkpointsReady ??= Promise.all(this.projections.map((projection) => ensureCheckpoint(this.db, projection.name))).then(
      () => undefined,
      (error: unknown) => {
        this.checkpointsReady = undefined;
        throw error;
      },
    );
    return this.checkpointsReady;
  }

  /**
   * One transaction: the batch from the lowest checkpoint, applied by every projection it reaches; a projection whose
   * checkpoint lies beyond that batch (the others, while a new or rebuilt one replays the store) is given the batch read
   * from its own checkpoint in the same transaction, so one far behind holds none of the others back. Usually all stand
   * at one checkpoint and one read serves them all.
   */
  private async processBatch(): Promise<{ full: boolean; applied: Record<string, number> }> {
    return this.db.transaction().execute(async (trx) => {
      const names = this.projections.map((projection) => projection.name);
      const checkpoints = await lockCheckpoints(trx, names, { skipLocked: this.options.whenLocked === 'skip' });
      const applied: Record<string, number> = {};
      const moved: Array<{ from: Map<string, Checkpoint>; to: Checkpoint }> = [];
      let waiting = this.projections.filter((projection) => checkpoints.has(projection.name));
      let full = false;
      while (waiting.length > 0) {
        const lowest = waiting.map((projection) => checkpoints.get(projection.name)!).reduce((low, checkpoint) => (isBefore(checkpoint, low) ? checkpoint : low));
        const events = await readAll(trx, lowest, this.batchSize);
        const last = events.at(-1);
        // Nothing visible after the lowest checkpoint: nothing after the others either.
        if (!last) break;
        full ||= events.length === this.batchSize;
        const from = new Map<string, Checkpoint>();
        const beyond: Projection[] = [];
        for (const projection of waiting) {
          const checkpoint = checkpoints.get(projection.name)!;
          const first = events.findIndex((event) => isBefore(checkpoint, event));
          // At or past the end of this batch: its own read comes next.
          if (first === -1) {
            beyond.push(projection);
            continue;
          }
          const unseen = events.slice(first);
          const { handles } = projection;
          const handled = handles === 'every type' ? unseen : unseen.filter((event) => handles.has(event.type));
          if (handled.length > 0) await projection.apply(trx, handled);
          await this.options.beforeCommit?.(projection.name, unseen);
          applied[projection.name] = handled.length;
          from.set(projection.name, checkpoint);
        }
        moved.push({ from, to: { transactionId: last.transactionId, globalPosition: last.globalPosition } });
        waiting = beyond;
      }
      for (const { from, to } of moved) await advanceCheckpoints(trx, from, to);
      return { full, applied };
    });
  }

  /** Drops the rows of the named projections (all by default) and replays every event into them. */
  async rebuild(names?: readonly string[]): Promise<CatchUpResult> {
    const chosen = this.choose(names);
    await this.ensureCheckpoints();
    await this.db.transaction().execute(async (trx) => {
      // Locked first, all in one statement and in the order every catch-up locks them in: never a deadlock with one.
      await lockCheckpoints(trx, chosen.map((projection) => projection.name));
      for (const projection of chosen) {
        for (const table of projection.tables) {
          await sql`truncate table ${sql.table(table)}`.execute(trx);
        }
        await resetCheckpoint(trx, projection.name);
      }
    });
    return new Projector(this.db, chosen, this.options).catchUp();
  }

  /** Events each projection has not applied yet. */
  async lag(): Promise<Record<string, number>> {
    const behind = await processorsBehind(this.db, this.projections.map((projection) => projection.name));
    return Object.fromEntries(this.projections.map((projection) => [projection.name, behind[projection.name] ?? 0]));
  }

  private choose(names?: readonly string[]): readonly Projection[] {
    if (!names || names.length === 0) return this.projections;
    return names.map((name) => {
      const projection = this.projections.find((candidate) => candidate.name === name);
      if (!projection) {
        throw new UnknownProjectionError(
          `Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`,
        );
      }
      return projection;
    });
  }
}
