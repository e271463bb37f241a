import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { joinProcessMetrics } from '../process/apiProcesses';
import { ErrorResponseSchema, HttpError } from '../http/errors';
import { INSTALLATION_COLLECTORS, type InstallationCollector, type InstallationMetric, type Reading } from './metricsCollectors';
import { isWarmUpRequest } from '../process/warmUpOverHttp';

/** Where Prometheus scrapes; outside /api, and in no OpenAPI document. */
export const METRICS_PATH = '/metrics';

/** How long one installation collector may take before the scrape goes on without it. */
const COLLECT_TIMEOUT_MS = 2_000;

/** The route label of every request that matched no route: unknown paths must not each make a series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Up to uploads of six photos on a slow phone uplink (REQUEST_TIMEOUT_MS is 300 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 300];

const digest = (text: string) => createHash('sha256').update(text).digest();

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${COLLECT_TIMEOUT_MS} ms`)), COLLECT_TIMEOUT_MS).unref()),
  ]);

/**
 * A metric whose values are whatever its collector last read, replaced whole. prom-client's own gauges always show 0
 * for an unlabelled series, which would read as "fresh rates" or as a counter dropping to 0 (a reset to Prometheus)
 * when a collector fails; this one shows nothing instead.
 */
class ReadingMetric {
  private values: Array<{ value: number; labels: Record<string, string> }> = [];

  constructor(
    readonly name: string,
    private readonly definition: InstallationMetric,
  ) {}

  replace(readings: readonly Reading[]): void {
    this.values = readings.map(({ value, labels = {} }) => ({ value, labels }));
  }

  /** What prom-client's registry reads from every metric (its typings say a numeric type; it writes the string). */
  get() {
    return { name: this.name, help: this.definition.help, type: this.definition.type ?? 'gauge', aggregator: 'omit', values: this.values };
  }
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding `Authorization: Bearer <METRICS_TOKEN>` (compared
 * in constant time; 401 otherwise). Without METRICS_TOKEN the route does not exist. What it shows:
 * - the API processes on this port (API_PROCESSES, added up; one process in tests): request durations
 *   by matched route pattern and status, Node.js and process metrics;
 * - the installation, read at each scrape (INSTALLATION_COLLECTORS): event store, projection lag, queues, rates,
 *   housekeeping. Every API process shows the same installation values; the per-process ones add up across hosts.
 */
export const metricsPlugin = fp(
  async (app) => {
    const token = app.config.metricsToken;
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    const authorized = (header: string | undefined) => header !== undefined && timingSafeEqual(digest(header), expected);

    // What each process counts of itself, added up over the API processes on this port when there are several.
    const processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    const everyProcess = joinProcessMetrics(processRegistry);
    const requestDuration = new Histogram({
      name: 'autobest_http_request_duration_seconds',
      help: 'HTTP requests answered by the API processes on this port, by method, matched route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [processRegistry],
    });
    // What the installation's collectors read at each scrape: the same whichever process answers.
    const registry = new Registry();
    app.addHook('onResponse', async (request, reply) => {
      // The process's own warm-up searches are not clients' requests.
      if (isWarmUpRequest(request.raw.socket)) return;
      requestDuration.observe({ method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const collectorUp = new Gauge({
      name: 'autobest_metrics_collector_up',
      help: '1 when the installation collector answered at this scrape, 0 when it failed or took too long (its metrics are then absent)',
      labelNames: ['collector'],
      registers: [registry],
    });
    const collectors = INSTALLATION_COLLECTORS.map((collector) => {
      const metrics = new Map(Object.entries(collector.metrics).map(([name, definition]) => [name, new ReadingMetric(name, definition)]));
      for (const metric of metrics.values()) registry.registerMetric(metric as unknown as Metric);
      return { collector, metrics };
    });

    /** Reads one collector and replaces its values at once; a failure leaves none rather than stale ones. */
    const refresh = async ({ collector, metrics }: { collector: InstallationCollector; metrics: Map<string, ReadingMetric> }) => {
      let readings: readonly Reading[];
      const deadline = Date.now() + COLLECT_TIMEOUT_MS;
      try {
        readings = await withTimeout(
          app.db.transaction().execute(async (db) => {
            // PostgreSQL cancels the collector's statements when the scrape gives up on it, not a full timeout after a
            // connection came late from a busy pool; one that came after the scrape went on reads nothing.
            const left = deadline - Date.now();
            if (left < 1) throw new Error(`The ${collector.name} collector had no connection within ${COLLECT_TIMEOUT_MS} ms`);
            await sql`select set_config('statement_timeout', ${String(left)}, true)`.execute(db);
            return collector.read({ db, queues: app.queues });
          }),
          `The ${collector.name} collector`,
        );
        const unknown = readings.find((reading) => !metrics.has(reading.metric));
        if (unknown) throw new Error(`${unknown.metric} is not one of the ${collector.name} collector's metrics`);
        collectorUp.set({ collector: collector.name }, 1);
      } catch (error) {
        readings = [];
        collectorUp.set({ collector: collector.name }, 0);
        app.log.warn({ err: error, collector: collector.name }, 'metrics collector failed');
      }
      for (const [name, metric] of metrics) metric.replace(readings.filter((reading) => reading.metric === name));
    };

    app.get(
      METRICS_PATH,
      { schema: { hide: true, response: { 200: z.string(), 401: ErrorResponseSchema, 503: ErrorResponseSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (!authorized(request.headers.authorization)) {
          reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          throw new HttpError(401, 'unauthorized', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>');
        }
        const processes = everyProcess
          ? await everyProcess().catch((error: unknown) => {
              // Only this process's counts would look like a reset of every counter to Prometheus: no answer instead.
              app.log.warn({ err: error }, 'metrics of the other API processes did not come');
              throw new HttpError(503, 'metrics_unavailable', 'The other API processes did not answer; scrape again');
            })
          : await processRegistry.metrics();
        await Promise.all(collectors.map(refresh));
        return reply.type(registry.contentType).send(`${processes.trimEnd()}\n${await registry.metrics()}`);
      },
    );
  },
  { name: 'metrics', dependencies: ['infrastructure'] },
);
