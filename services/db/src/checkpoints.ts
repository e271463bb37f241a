import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';
import { START_OF_STORE, type Checkpoint } from './eventStore';

type Executor = Kysely<Database> | Transaction<Database>;

export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  constructor(readonly processorName: string) {
    super(`Checkpoint of ${processorName} moved under us; another instance processed the same events`);
  }
}

/** Creates a processor's checkpoint at the start of the store unless it exists. */
export async function ensureCheckpoint(db: Executor, processorName: string): Promise<void> {
  await db
    .insertInto('processor_checkpoints')
    .values({ processor_name: processorName, last_transaction_id: '0', last_global_position: 0, updated_at: new Date() })
    .onConflict((conflict) => conflict.column('processor_name').doNothing())
    .execute();
}

/**
 * Reads the checkpoints of the named processors and locks their rows until the transaction ends, so two replicas of a
 * processor take turns instead of applying the same batch twice. One statement for all of them (one round trip instead
 * of one per processor), locking in the order of their names: two transactions that lock overlapping sets of rows take
 * them in the same order, so one waits for the other instead of deadlocking. The rows must exist (`ensureCheckpoint`).
 * With `skipLocked`, a row another transaction holds is left out instead of waited for (and a missing row too).
 */
export async function lockCheckpoints(trx: Transaction<Database>, processorNames: readonly string[], { skipLocked = false } = {}): Promise<Map<string, Checkpoint>> {
  const result = await sql<{ processor_name: string; transaction_id: string; last_global_position: number }>`
    select processor_name, last_transaction_id::text as transaction_id, last_global_position
    from processor_checkpoints
    where processor_name = any(${sql.val(processorNames)}::text[])
    order by processor_name
    for update ${skipLocked ? sql`skip locked` : sql``}`.execute(trx);
  const checkpoints = new Map(
    result.rows.map((row) => [row.processor_name, { transactionId: row.transaction_id, globalPosition: Number(row.last_global_position) }]),
  );
  const missing = processorNames.find((name) => !checkpoints.has(name));
  if (missing !== undefined && !skipLocked) throw new Error(`No checkpoint for ${missing}: ensureCheckpoint makes it`);
  return checkpoints;
}

/**
 * Moves each processor's checkpoint from where it was read (`from`, by name) to `to`, in one statement, only if nobody
 * else moved it in between: CheckpointMovedError names one that was moved, and the transaction must roll back (as an
 * error thrown out of it does), the others having moved in it.
 */
export async function advanceCheckpoints(trx: Transaction<Database>, from: ReadonlyMap<string, Checkpoint>, to: Checkpoint): Promise<void> {
  const expected = [...from];
  if (expected.length === 0) return;
  const result = await sql<{ processor_name: string }>`
    update processor_checkpoints as checkpoint
    set last_transaction_id = ${to.transactionId}::xid8, last_global_position = ${to.globalPosition}, updated_at = now()
    from unnest(
      ${sql.val(expected.map(([name]) => name))}::text[],
      ${sql.val(expected.map(([, checkpoint]) => checkpoint.transactionId))}::xid8[],
      ${sql.val(expected.map(([, checkpoint]) => checkpoint.globalPosition))}::bigint[]
    ) as expected (processor_name, transaction_id, global_position)
    where checkpoint.processor_name = expected.processor_name
      and checkpoint.last_transaction_id = expected.transaction_id
      and checkpoint.last_global_position = expected.global_position
    returning checkpoint.processor_name`.execute(trx);
  const moved = new Set(result.rows.map((row) => row.processor_name));
  const movedElsewhere = expected.find(([name]) => !moved.has(name));
  if (movedElsewhere) throw new CheckpointMovedError(movedElsewhere[0]);
}

export async function readCheckpoint(db: Executor, processorName: string): Promise<Checkpoint> {
  const row = await db
    .selectFrom('processor_checkpoints')
    .select([sql<string>`last_transaction_id::text`.as('transaction_id'), 'last_global_position'])
    .where('processor_name', '=', processorName)
    .executeTakeFirst();
  return row ? { transactionId: row.transaction_id, globalPosition: Number(row.last_global_position) } : START_OF_STORE;
}

export async function resetCheckpoint(trx: Transaction<Database>, processorName: string): Promise<void> {
  await trx
    .insertInto('processor_checkpoints')
    .values({ processor_name: processorName, last_transaction_id: '0', last_global_position: 0, updated_at: new Date() })
    .onConflict((conflict) =>
      conflict.column('processor_name').doUpdateSet({ last_transaction_id: sql`'0'::xid8`, last_global_position: 0, updated_at: sql`now()` }),
    )
    .execute();
}
