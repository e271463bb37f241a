import { sql } from 'kysely';
import {
  advanceCheckpoint,
  ensureCheckpoint,
  eventsBehind,
  eventsBeyondHorizon,
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
   * Whether committed events wait behind a transaction still running elsewhere in the cluster: catching up again once
   * it ends will find them, and no doorbell will ring for them (theirs rang already).
   */
  moreBeyondHorizon(): Promise<boolean> {
    return eventsBeyondHorizon(this.db);
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
