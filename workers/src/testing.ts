import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface TestQueues {
  redisUrl: string;
  prefix: string;
  /** Deletes every key under the prefix. */
  drop(): Promise<void>;
}

/** A BullMQ key prefix of one test file's own, so files running in parallel never share a queue. */
export function createTestQueues(label: string): TestQueues {
  const prefix = `autobest-test-${label}-${randomBytes(4).toString('hex')}`;
  return {
    redisUrl: REDIS_URL,
    prefix,
    async drop() {
      const redis = new Redis(REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
