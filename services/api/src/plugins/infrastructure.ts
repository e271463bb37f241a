import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createDb, groupCommittingEventStore, migrateToLatest, recordsInTransaction, type Db, type DbOptions, type EventStore, type RecordsInTransaction } from '@autobest/db';
import { requireDatabaseUrl, type EventMetadata, type RuntimeConfig } from '@autobest/domain';
import { once } from 'node:events';
import { allProjections, Projector } from '@autobest/projections';
import { closeQueues, createProducerConnection, openQueues, ProjectorDoorbell, type ProductQueues } from '@autobest/runtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: RuntimeConfig;
    db: Db;
    redis: Redis;
    /**
     * Every queue of the product (QUEUES), opened once on the fail-fast connection: commands ring the projector's,
     * staff ring the email queue and Fetch now adds to the news queue; the dashboard, metrics and QA checks read them
     * all. The API never consumes a queue.
     */
    queues: ProductQueues;
    readModels: {
      /**
       * Read-your-own-write for staff commands: waits briefly for the workers to project `isCaughtUp`, then
       * projects the pending events here. The checkpoint row lock keeps the two from applying anything twice.
       */
      waitFor(projection: string, isCaughtUp: () => Promise<boolean>): Promise<void>;
    };
    /**
     * The event store: the command handler's appends, and recordInTransaction for areas kept in tables (see
     * RecordsInTransaction). Either rings the projector's doorbell once its commit is done.
     */
    eventStore: EventStore & RecordsInTransaction;
  }
}

export interface InfrastructureOptions {
  config: RuntimeConfig;
  /** Run migrations when the app starts (default true). */
  migrate?: boolean;
  /** Told of every statement the app runs (see DbOptions.onQuery). */
  onQuery?: DbOptions['onQuery'];
}

/** How long (about 20 ms each) a command waits for the workers to project its write before projecting it here. */
const WORKERS_FIRST_ATTEMPTS = 15;
const READ_YOUR_WRITES_DEADLINE_MS = 10_000;
/** How long a close waits for doorbells still on their way to Redis (one that never arrives is the safety net's). */
const DOORBELL_SETTLE_MS = 2_000;

/** PostgreSQL, Redis, the queues and the event store, opened once and closed with the app. */
export const infrastructurePlugin = fp<InfrastructureOptions>(
  async (app, { config, migrate = true, onQuery }) => {
    const db = createDb({ connectionString: requireDatabaseUrl(config), maxConnections: 20, applicationName: 'autobest-api', ...(onQuery ? { onQuery } : {}) });
    if (migrate) await migrateToLatest(db);
    const redis = createProducerConnection(config.redisUrl);
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
    // Commands fail fast while Redis is away, so give it a moment at start; a Redis that is down shows in /api/health.
    await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]).catch(() => undefined);
    const queues = openQueues(redis, config.queuePrefix);
    // The connection logs its own problems (above); without a listener BullMQ prints each again, once per queue.
    for (const queue of Object.values(queues)) queue.on('error', () => undefined);
    const doorbell = new ProjectorDoorbell(queues.projector, app.log);

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('redis', redis);
    app.decorate('queues', queues);
    // A checkpoint the workers hold is theirs to move: the write is being projected, and polling sees it.
    const projectors = new Map(allProjections.map((projection) => [projection.name, new Projector(db, [projection], { whenLocked: 'skip' })]));
    app.decorate('readModels', {
      async waitFor(projection, isCaughtUp) {
        // The workers usually project within a few milliseconds; after that this process projects itself, again and
        // again: one pass can find nothing new while a transaction open anywhere in the cluster holds the snapshot
        // horizon back, and the write becomes readable a moment later. Past the deadline the answer goes out as the
        // read model stands (the write is safe in the event store either way).
        const deadline = Date.now() + READ_YOUR_WRITES_DEADLINE_MS;
        for (let attempt = 0; ; attempt++) {
          if (await isCaughtUp()) return;
          if (Date.now() >= deadline) {
            app.log.warn({ projection }, 'read model did not show a write in time; answering with the read model as it stands');
            return;
          }
          if (attempt >= WORKERS_FIRST_ATTEMPTS) await projectors.get(projection)?.catchUp();
          await new Promise((wait) => setTimeout(wait, 20));
        }
      },
    });
    const store = groupCommittingEventStore(db);
    app.decorate('eventStore', {
      readStream: store.readStream,
      async append(streamId, expectedVersion, events, metadata) {
        const result = await store.append(streamId, expectedVersion, events, metadata);
        doorbell.ring();
        return result;
      },
      ...recordsInTransaction(db, () => doorbell.ring()),
    } satisfies FastifyInstance['eventStore']);

    app.addHook('onClose', async () => {
      await doorbell.settled(DOORBELL_SETTLE_MS);
      await closeQueues(queues);
      redis.disconnect();
      await db.destroy();
    });
  },
  { name: 'infrastructure' },
);

/** Metadata for events a request causes: who did it and which request it was. */
export function eventMetadata(request: FastifyRequest, actor: EventMetadata['actor']): EventMetadata {
  const correlation = request.headers['x-correlation-id'];
  return {
    actor,
    correlationId: typeof correlation === 'string' && correlation.length <= 100 ? correlation : request.id,
    causationId: null,
    requestId: request.id,
  };
}
