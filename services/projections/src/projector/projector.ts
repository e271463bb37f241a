import { sql } from 'kysely';
import {
  advanceCheckpoint,
  ensureCheckpoint,
  eventsBehind,
  lockCheckpoint,
  readAll,
  readCheckpoint,
  resetCheckpoint,
  type Db,
  type StoredEvent,
} from '@autobest/db';
import type { Projection } from './projection';

export interface ProjectorOptions {
  batchSize?: number;
  /**
   * Runs inside the transaction after a batch was applied and before its checkpoint moves. Tests throw
   * here to prove that a crash at the worst moment loses and duplicates nothing.
   */
  beforeCommit?: (projection: string, batch: readonly StoredEvent[]) => void | Promise<void>;
}

export interface CatchUpResult {
  /** Events applied to read models, per projection. */
  applied: Record<string, number>;
}

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
}

/** Moves every read model forward from its own checkpoint, one transaction per batch. */
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

  async catchUp(): Promise<CatchUpResult> {
    await this.ensureCheckpoints();
    const applied: Record<string, number> = {};
    for (const projection of this.projections) {
      applied[projection.name] = 0;
      for (;;) {
        const batch = await this.processBatch(projection);
        applied[projection.name] = (applied[projection.name] ?? 0) + batch.applied;
        // A short batch means the projection reached the end of what is visible now.
        if (batch.read < this.batchSize) break;
      }
    }
    return { applied };
  }

  /**
   * Whether any projection has a committed event still to apply, after a catch-up: catching up again will find it, and
   * no doorbell will ring for it (its ring was this catch-up). Each projection reads below the cluster's snapshot
   * horizon as it stands at its own turn, so a transaction elsewhere that ends midway leaves the projections read
   * before it behind events that those read after it applied, with nothing beyond the horizon by the end. Asking
   * whether anything is beyond the horizon once the catch-up is over misses them; asking what is left does not.
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

  private async processBatch(projection: Projection): Promise<{ read: number; applied: number }> {
    return this.db.transaction().execute(async (trx) => {
      const from = await lockCheckpoint(trx, projection.name);
      const events = await readAll(trx, from, this.batchSize);
      const last = events.at(-1);
      if (!last) return { read: 0, applied: 0 };
      const { handles } = projection;
      const handled = handles === 'every type' ? events : events.filter((event) => handles.has(event.type));
      if (handled.length > 0) await projection.apply(trx, handled);
      await this.options.beforeCommit?.(projection.name, events);
      await advanceCheckpoint(trx, projection.name, from, { transactionId: last.transactionId, globalPosition: last.globalPosition });
      return { read: events.length, applied: handled.length };
    });
  }

  /** Drops the rows of the named projections (all by default) and replays every event into them. */
  async rebuild(names?: readonly string[]): Promise<CatchUpResult> {
    const chosen = this.choose(names);
    await this.ensureCheckpoints();
    await this.db.transaction().execute(async (trx) => {
      for (const projection of chosen) {
        await lockCheckpoint(trx, projection.name);
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
    const lag: Record<string, number> = {};
    for (const projection of this.projections) {
      lag[projection.name] = await eventsBehind(this.db, await readCheckpoint(this.db, projection.name));
    }
    return lag;
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
