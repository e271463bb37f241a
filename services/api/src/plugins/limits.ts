import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from 'ioredis';
import { clientNetwork } from '../http/clientNetwork';
import { HttpError, serviceUnavailable } from '../http/errors';

/** How many attempts a key may make in a window. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * What a limit does while Redis cannot count it. `allow` for the public forms: a customer's request is worth more
 * than a brake on abuse that is off for a few seconds, and the events table needs no Redis to keep it. `refuse`
 * (503 with Retry-After) for a limit that is a security control, such as sign-in's: unlimited password guesses for as
 * long as Redis is away would make taking Redis away an attack.
 */
export type WhenUncounted = 'allow' | 'refuse';

/** One attempt to count: `key` under `name`, counted as `cost` (default 1) against `limit`. */
export interface Attempt {
  name: string;
  key: string;
  limit: Limit;
  cost?: number;
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /**
     * COUNT_LIMITS_SCRIPT: `keys` counters, then the number of requests, each request's number of keys, and each key's
     * cost, window (ms) and max; for each request, each counted key's count and, when over its max, its TTL (ms).
     */
    countLimits(keys: number, ...keysThenArguments: (string | number)[]): Result<[number, number][][], Context>;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What every limit per client address counts: the client's IPv4 address, or its IPv6 network (`clientNetwork`). */
    readonly clientNetwork: string;
  }
  interface FastifyInstance {
    limits: {
      /**
       * Counts one attempt of `key` under `name` (e.g. 'sign-in-account', an email) and throws a 429 with
       * Retry-After once it is over `limit`. For limits keyed on what a handler reads from the body (an email in
       * a multipart form); limits per address are route options (`config.rateLimit`). While Redis does not answer the
       * attempt is let through (logged), or refused with 503 when `whenUncounted` is 'refuse'. `cost` counts an
       * attempt as that many (events in a batch, bytes stored).
       */
      consume(reply: FastifyReply, name: string, key: string, limit: Limit, whenUncounted?: WhenUncounted, cost?: number): Promise<void>;
      /**
       * Counts several attempts in order in one round trip to Redis, as `consume` one after the other would: the first
       * over its limit throws the 429 (with its own Retry-After), and those after it are not counted.
       */
      consumeAll(reply: FastifyReply, attempts: readonly Attempt[], whenUncounted?: WhenUncounted): Promise<void>;
      /** Forgets the attempts of `key` (e.g. after a successful sign-in). */
      reset(name: string, key: string): Promise<void>;
      /**
       * Marks `key` under `name` for `ttlMs`; true only for the call that set the mark, so something is done once a
       * window (an email to an account's owner). False, logged, while Redis does not answer.
       */
      mark(name: string, key: string, ttlMs: number): Promise<boolean>;
      /** Whether `key` is marked; a 503 while Redis does not answer, since marks decide what sign-in trusts. */
      isMarked(name: string, key: string): Promise<boolean>;
    };
  }
}

/**
 * Counts limits on content in one round trip (EVALSHA of a script defined once on the connection) instead of one
 * MULTI of INCRBY, PEXPIRE NX and PTTL for each limit: a contact message's email and phone cost one round trip, not
 * two, and an analytics batch's four limits one, not four. Each round trip costs the API some 0.3 ms of CPU on a
 * machine where syscalls are dear, and a single limit is cheaper too, one command instead of the Pipeline object
 * ioredis builds for a MULTI of five. In order, each key grows by its cost, gets its window as expiry if it has none yet,
 * and answers its count (and its TTL once over); a request stops after its first key over its max, so a request refused
 * by its email is not counted against its phone, as when each limit was counted on its own.
 *
 * One call counts every request that asked in the same turn of the event loop (see `LimitCounter`), one request after
 * the other in the order they asked, exactly as one call each would have.
 */
const COUNT_LIMITS_SCRIPT = `
local requests = tonumber(ARGV[1])
local firstKeyArgument = requests + 2
local keyIndex = 0
local answers = {}
for request = 1, requests do
  local counted = {}
  local keys = tonumber(ARGV[request + 1])
  for index = 1, keys do
    local key = KEYS[keyIndex + index]
    local argument = firstKeyArgument + (keyIndex + index - 1) * 3
    local count = redis.call('INCRBY', key, ARGV[argument])
    redis.call('PEXPIRE', key, ARGV[argument + 1], 'NX')
    if count > tonumber(ARGV[argument + 2]) then
      counted[index] = { count, redis.call('PTTL', key) }
      break
    end
    counted[index] = { count, 0 }
  end
  answers[request] = counted
  keyIndex = keyIndex + keys
end
return answers
`;

/** The keys and arguments of one request's attempts, as COUNT_LIMITS_SCRIPT reads them. */
interface CountRequest {
  keys: string[];
  arguments: number[];
  done: (error: unknown, counted?: [number, number][]) => void;
}

/**
 * Counts the limits of every request that asks in one turn of the event loop with ONE script call (issue 37). Under
 * load an API process reads the bodies of several requests in one turn (each socket's data in the same poll phase),
 * and each used to send its own EVALSHA: a write and a read for the API, a command for Redis. Asked requests wait at
 * most until the end of that turn (setImmediate), then go together in the order they asked. Measured on bench:events
 * against its parent, four runs each, interleaved on a slow day (7afeff1; README, Performance): 1,453-1,799 contact
 * messages a second (3.6-4.8% of the hello-world) against 1,144-1,847 (3.0-4.0%), 424-513 µs of the API's CPU per
 * command against 416-709, and 60-74 µs of Redis's against 77-121.
 */
class LimitCounter {
  private waiting: CountRequest[] = [];

  constructor(private readonly redis: FastifyInstance['redis']) {}

  count(keys: string[], args: number[]): Promise<[number, number][]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.send());
      this.waiting.push({ keys, arguments: args, done: (error, counted) => (error ? reject(error) : resolve(counted!)) });
    });
  }

  private send(): void {
    const requests = this.waiting;
    this.waiting = [];
    const keys = requests.flatMap((request) => request.keys);
    this.redis.countLimits(keys.length, ...keys, requests.length, ...requests.map((request) => request.keys.length), ...requests.flatMap((request) => request.arguments)).then(
      (answers) => requests.forEach((request, index) => request.done(undefined, answers[index]!)),
      (error: unknown) => requests.forEach((request) => request.done(error)),
    );
  }
}

const afterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Over a limit: 429 with a sentence a person can act on; the storefront translates it by its code. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, undefined, { retryAfterSeconds });

/**
 * Limits counted in Redis, so every API process shares them: `@fastify/rate-limit` with its Redis store for limits
 * per client address (route option `config.rateLimit`, counted per `request.clientNetwork`), and `app.limits` for
 * limits keyed on the request's content (or on `request.clientNetwork`, where a handler counts per address itself).
 * Keys live under the installation's queue prefix. If Redis does not answer, limits per address let requests through
 * (the connection logs the outage and /api/health shows it), and each limit on content does what its `WhenUncounted`
 * says: a route that must not run uncounted (sign-in) counts one that refuses.
 */
export const limitsPlugin = fp(
  async (app) => {
    const nameSpace = `${app.config.queuePrefix}:rate-limit:`;
    const ipv6PrefixLength = app.config.rateLimitIpv6Prefix;
    app.decorateRequest('clientNetwork', {
      getter(this: FastifyRequest) {
        return clientNetwork(this.ip, ipv6PrefixLength);
      },
    });
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace,
      skipOnError: true,
      keyGenerator: (request) => request.clientNetwork,
      errorResponseBuilder: (_request, context) => tooManyRequests(afterSeconds(context.ttl)),
    });

    const keyOf = (name: string, key: string) => `${nameSpace}${name}:${key}`;
    app.redis.defineCommand('countLimits', { lua: COUNT_LIMITS_SCRIPT });
    const counter = new LimitCounter(app.redis);
    const consumeAll = async (reply: FastifyReply, attempts: readonly Attempt[], whenUncounted: WhenUncounted = 'allow') => {
      if (attempts.length === 0) return;
      // Counted together with other requests' attempts: a malformed one must fail alone, here, not their whole call.
      for (const { limit, cost = 1 } of attempts) {
        if (![cost, limit.windowMs, limit.max].every(Number.isSafeInteger)) throw new TypeError(`A limit's cost, window and max must be integers: ${cost}, ${limit.windowMs}, ${limit.max}`);
      }
      let counted: [number, number][];
      try {
        counted = await counter.count(
          attempts.map(({ name, key }) => keyOf(name, key)),
          attempts.flatMap(({ limit, cost = 1 }) => [cost, limit.windowMs, limit.max]),
        );
      } catch (error) {
        reply.log.warn({ err: error, limits: attempts.map(({ name }) => name), whenUncounted }, 'rate limit not counted: Redis did not answer');
        if (whenUncounted === 'allow') return;
        throw serviceUnavailable();
      }
      const over = counted.findIndex(([count], index) => count > attempts[index]!.limit.max);
      if (over === -1) return;
      const ttl = counted[over]![1];
      const seconds = afterSeconds(ttl > 0 ? ttl : attempts[over]!.limit.windowMs);
      reply.header('Retry-After', String(seconds));
      throw tooManyRequests(seconds);
    };
    app.decorate('limits', {
      consume: (reply, name, key, limit, whenUncounted, cost) => consumeAll(reply, [{ name, key, limit, cost }], whenUncounted),
      consumeAll,
      async reset(name, key) {
        await app.redis.del(keyOf(name, key)).catch(() => undefined);
      },
      async mark(name, key, ttlMs) {
        try {
          return (await app.redis.set(keyOf(name, key), '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
        } catch (error) {
          app.log.warn({ err: error, mark: name }, 'mark not set: Redis did not answer');
          return false;
        }
      },
      async isMarked(name, key) {
        try {
          return (await app.redis.exists(keyOf(name, key))) === 1;
        } catch {
          throw serviceUnavailable();
        }
      },
    });
  },
  { name: 'limits', dependencies: ['infrastructure'] },
);
