import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { appendToStream, createDb, migrateToLatest, type AppendResult, type Db, type DbOptions, type ExpectedVersion } from '@autobest/db';
import { requireDatabaseUrl, type DomainEvent, type EventMetadata, type RuntimeConfig } from '@autobest/domain';
import { once } from 'node:events';
import { allProjections, createProducerConnection, createProjectorQueue, Projector, ProjectorDoorbell } from '@autobest/workers';

declare module 'fastify' {
  interface FastifyInstance {
    config: RuntimeConfig;
    db: Db;
    redis: Redis;
    projectorQueue: Queue;
    readModels: {
      /**
       * Read-your-own-write for staff commands: waits briefly for the workers to project `isCaughtUp`, then
       * projects the pending events here. The checkpoint row lock keeps the two from applying anything twice.
       */
      waitFor(projection: string, isCaughtUp: () => Promise<boolean>): Promise<void>;
    };
    eventStore: {
      /** Appends after deciding, then rings the projector's doorbell once the commit is done. */
      append(
        streamId: string,
        expectedVersion: ExpectedVersion,
        events: readonly DomainEvent<string, object>[],
        metadata: EventMetadata,
      ): Promise<AppendResult>;
    };
  }
}

export interface InfrastructureOptions {
  config: RuntimeConfig;
  /** Run migrations when the app starts (default true). */
  migrate?: boolean;
  /** Told of every statement the app runs (see DbOptions.onQuery). */
  onQuery?: DbOptions['onQuery'];
}

/** PostgreSQL, Redis and the event store, opened once and closed with the app. */
export const infrastructurePlugin = fp<InfrastructureOptions>(
  async (app, { config, migrate = true, onQuery }) => {
    const db = createDb({ connectionString: requireDatabaseUrl(config), maxConnections: 20, applicationName: 'autobest-api', ...(onQuery ? { onQuery } : {}) });
    if (migrate) await migrateToLatest(db);
    const redis = createProducerConnection(config.redisUrl);
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
    // Commands fail fast while Redis is away, so give it a moment at start; a Redis that is down shows in /api/health.
    await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]).catch(() => undefined);
    const projectorQueue = createProjectorQueue(redis, config.queuePrefix);
    const doorbell = new ProjectorDoorbell(projectorQueue, app.log);

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('redis', redis);
    app.decorate('projectorQueue', projectorQueue);
    const projectors = new Map(allProjections.map((projection) => [projection.name, new Projector(db, [projection])]));
    app.decorate('readModels', {
      async waitFor(projection, isCaughtUp) {
        for (let attempt = 0; attempt < 15; attempt++) {
          if (await isCaughtUp()) return;
          await new Promise((wait) => setTimeout(wait, 20));
        }
        await projectors.get(projection)?.catchUp();
      },
    });
    app.decorate('eventStore', {
      async append(streamId, expectedVersion, events, metadata) {
        const result = await appendToStream(db, streamId, expectedVersion, events, metadata);
        doorbell.ring();
        return result;
      },
    });

    app.addHook('onClose', async () => {
      await doorbell.settled();
      await projectorQueue.close();
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
