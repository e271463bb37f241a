import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import { HttpError } from './errors';

/** How many attempts a key may make in a window. */
export interface Limit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      /**
       * Counts one attempt of `key` under `name` (e.g. 'sign-in-account', an email) and throws a 429 with
       * Retry-After once it is over `limit`. For limits keyed on what a handler reads from the body (an email in
       * a multipart form); limits per address are route options (`config.rateLimit`).
       */
      consume(reply: FastifyReply, name: string, key: string, limit: Limit): Promise<void>;
      /** Forgets the attempts of `key` (e.g. after a successful sign-in). */
      reset(name: string, key: string): Promise<void>;
    };
  }
}

const afterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Over a limit: 429 with a sentence a person can act on; the storefront translates it by its code. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, undefined, { retryAfterSeconds });

/**
 * Limits counted in Redis, so every API process shares them: `@fastify/rate-limit` with its Redis store for limits
 * per client address (route option `config.rateLimit`), and `app.limits` for limits keyed on the request's content.
 * Keys live under the installation's queue prefix. If Redis does not answer, requests are let through: a limit is a
 * brake on abuse, and Redis being away already shows in /api/health.
 */
export const limitsPlugin = fp(
  async (app) => {
    const nameSpace = `${app.config.queuePrefix}:rate-limit:`;
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace,
      skipOnError: true,
      errorResponseBuilder: (_request, context) => tooManyRequests(afterSeconds(context.ttl)),
    });

    const keyOf = (name: string, key: string) => `${nameSpace}${name}:${key}`;
    app.decorate('limits', {
      async consume(reply, name, key, limit) {
        let current: number;
        let ttl: number;
        try {
          const results = await app.redis.multi().incr(keyOf(name, key)).pexpire(keyOf(name, key), limit.windowMs, 'NX').pttl(keyOf(name, key)).exec();
          current = Number(results?.[0]?.[1]);
          ttl = Number(results?.[2]?.[1]);
        } catch (error) {
          reply.log.warn({ err: error }, 'rate limit not counted: Redis did not answer');
          return;
        }
        if (current > limit.max) {
          const seconds = afterSeconds(ttl > 0 ? ttl : limit.windowMs);
          reply.header('Retry-After', String(seconds));
          throw tooManyRequests(seconds);
        }
      },
      async reset(name, key) {
        await app.redis.del(keyOf(name, key)).catch(() => undefined);
      },
    });
  },
  { name: 'limits', dependencies: ['infrastructure'] },
);
