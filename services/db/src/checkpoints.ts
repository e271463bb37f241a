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
 * Reads a processor's checkpoint and locks its row until the transaction ends, so two replicas of one
 * processor take turns instead of applying the same batch twice. The row must exist (`ensureCheckpoint`).
 */
export async function lockCheckpoint(trx: Transaction<Database>, processorName: string): Promise<Checkpoint> {
  const row = await trx
    .selectFrom('processor_checkpoints')
    .select([sql<string>`last_transaction_id::text`.as('transaction_id'), 'last_global_position'])
    .where('processor_name', '=', processorName)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { transactionId: row.transaction_id, globalPosition: Number(row.last_global_position) };
}

/** Moves the checkpoint from `from` to `to`, only if nobody else moved it in between. */
export async function advanceCheckpoint(
  trx: Transaction<Database>,
  processorName: string,
  from: Checkpoint,
  to: Checkpoint,
): Promise<void> {
  const result = await sql`
    update processor_checkpoints
    set last_transaction_id = ${to.transactionId}::xid8, last_global_position = ${to.globalPosition}, updated_at = now()
    where processor_name = ${processorName}
      and last_transaction_id = ${from.transactionId}::xid8
      and last_global_position = ${from.globalPosition}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) !== 1) {
    throw new CheckpointMovedError(processorName);
  }
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
