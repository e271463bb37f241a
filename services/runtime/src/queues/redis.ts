import { Redis, type RedisOptions } from 'ioredis';

/** A connection for BullMQ workers: blocking commands must wait for Redis rather than fail. */
export function createWorkerConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/** A connection for producers inside request handlers: fail fast so a Redis outage never stalls a request. */
export function createProducerConnection(redisUrl: string, options: RedisOptions = {}): Redis {
  return new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...options,
  });
}
