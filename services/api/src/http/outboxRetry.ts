import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DomainEvent } from '@autobest/domain';
import { ProjectorDoorbell, type OutboxTable } from '@autobest/runtime';
import { staffEventMetadata } from '../plugins/auth';
import { HttpError } from './errors';

/**
 * Retry of a failed outbox row, the same for emails and WhatsApp messages: back to pending with a new round of
 * attempts, due now, with the event saying who asked recorded in the same transaction, then the queue's doorbell
 * rung so the workers send it at once (or at their safety net's next round, if Redis is away now).
 */
export function outboxRetry(app: FastifyInstance, queue: ConstructorParameters<typeof ProjectorDoorbell>[0], table: OutboxTable) {
  const doorbell = new ProjectorDoorbell(queue, app.log);
  app.addHook('onClose', async () => doorbell.settled());
  return async function retry(
    request: FastifyRequest,
    row: { id: string; status: string },
    { noun, withdrawn, streamId, event }: {
      /** 'email', 'WhatsApp message': as the 409s say it. */
      noun: string;
      /** Why a withdrawn one was withdrawn, for its 409. */
      withdrawn: string;
      streamId: string;
      event: DomainEvent<string, object>;
    },
  ): Promise<void> {
    // A pending row is on its way already: asking again (a double click) changes nothing.
    if (row.status === 'pending') return;
    if (row.status === 'withdrawn') throw new HttpError(409, 'conflict', `This ${noun} was withdrawn because ${withdrawn}; it cannot be sent`);
    if (row.status !== 'failed') throw new HttpError(409, 'conflict', `This ${noun} was sent already; only a failed ${noun} can be sent again`);
    await app.eventStore.recordInTransaction(async (trx, record) => {
      const changed = await sql<{ id: string }>`
        update ${sql.table(table)} set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null
        where id = ${row.id} and status = 'failed' returning id`.execute(trx);
      // Recorded with the change, for the activity trail: who sent it again.
      if (changed.rows.length > 0) await record(streamId, [event], staffEventMetadata(request));
    });
    doorbell.ring();
  };
}
