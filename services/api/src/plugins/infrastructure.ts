import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { appendToStream, createDb, migrateToLatest, type AppendResult, type Db, type ExpectedVersion } from '@autobest/db';
import { requireDatabaseUrl, type DomainEvent, type EventMetadata, type RuntimeConfig } from '@autobest/domain';
import { createProducerConnection, createProjectorQueue, ProjectorDoorbell } from '@autobest/workers';

declare module 'fastify' {
  interface FastifyInstance {
    config: RuntimeConfig;
    db: Db;
    redis: Redis;
    projectorQueue: Queue;
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
}

/** PostgreSQL, Redis and the event store, opened once and closed with the app. */
export const infrastructurePlugin = fp<InfrastructureOptions>(
  async (app, { config, migrate = true }) => {
    const db = createDb({ connectionString: requireDatabaseUrl(config), maxConnections: 20, applicationName: 'autobest-api' });
    if (migrate) await migrateToLatest(db);
    const redis = createProducerConnection(config.redisUrl);
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis connection problem'));
    const projectorQueue = createProjectorQueue(redis, config.queuePrefix);
    const doorbell = new ProjectorDoorbell(projectorQueue, app.log);

    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('redis', redis);
    app.decorate('projectorQueue', projectorQueue);
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
