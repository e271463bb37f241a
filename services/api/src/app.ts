import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { withCleanText, type RuntimeConfig } from '@autobest/domain';
import { contactRoutes } from './contact/routes';
import { enquiryRoutes } from './enquiries/routes';
import { cspReportRoutes } from './security/cspReports';
import { healthRoutes } from './operations/health';
import { consoleHomeRoutes } from './operations/consoleHome';
import { limitsPlugin } from './plugins/limits';
import { metricsPlugin } from './plugins/metrics';
import { COMPRESSION } from './process/precompressed';
import { flatQueryParser, UNDECIDED } from './http/flatQuery';
import { fastifyTrustProxy } from './http/proxyTrust';
import { qaCheckRoutes } from './qaChecks/routes';
import { queueDashboardPlugin } from './plugins/queueDashboard';
import { withRedactedRequests } from './plugins/requestLog';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { infrastructurePlugin, type InfrastructureOptions } from './plugins/infrastructure';
import { frameworkErrorHeaders, securityHeadersPlugin } from './plugins/securityHeaders';
import { webAppsPlugin, type WebAppsOptions } from './plugins/webApps';
import { staffSessionRoutes } from './staff/routes';
import { staffAccountRoutes } from './staff/accountRoutes';
import { staffTwoFactorRoutes } from './staff/twoFactorRoutes';
import { activityRoutes } from './staff/activityRoutes';
import { submissionPublicRoutes } from './submissions/publicRoutes';
import { submissionAdminRoutes } from './submissions/adminRoutes';
import { emailRoutes } from './emails/routes';
import { inventoryRoutes } from './inventory/routes';
import { catalogueRates } from './inventory/ratesRoutes';
import { LiveSearchIndex } from './inventory/searchIndex/liveIndex';
import { assistantRoutes } from './assistant/routes';
import { inventoryAdminRoutes } from './inventory/adminRoutes';
import { inventoryQaRoutes } from './inventory/qaRoutes';
import { vehicleImageRoutes } from './inventory/imageRoutes';
import { analyticsRoutes } from './analytics/routes';
import { dataCollectionRoutes } from './inventory/dataCollectionRoutes';
import { newsRoutes } from './news/routes';
import { landedCostRoutes } from './landedCost/routes';
import { landedCostAdminRoutes } from './landedCost/adminRoutes';
import { landedCostTables } from './landedCost/quoting';
import { isWarmUpRequest, warmUpOverHttp } from './process/warmUpOverHttp';
import { whatsappWebhookRoutes } from './whatsapp/webhookRoutes';
import { whatsappAdminRoutes } from './whatsapp/adminRoutes';

export interface BuildAppOptions {
  config: RuntimeConfig;
  /** Pino options or false; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  webApps?: WebAppsOptions;
  migrate?: boolean;
  /** Told of every SQL statement the app runs, with its parameters and duration. */
  onQuery?: InfrastructureOptions['onQuery'];
  /** The time two-factor codes are checked against; the system clock by default (tests fix it). */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Now, as the app's clock tells it (see BuildAppOptions.clock). */
    now(): Date;
    /** The catalogue's search index in memory, when SEARCH_INDEX=memory. */
    searchIndex: LiveSearchIndex | undefined;
  }
}

/** JSON bodies larger than this are refused with 413 (uploads have their own, per-route limits). */
export const JSON_BODY_LIMIT = 64 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The whole HTTP application, built but not listening: server.ts listens, tests use `inject`. */
export async function buildApp({ config, logger, webApps, migrate, onQuery, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const errorHeaders = frameworkErrorHeaders(config.publicUrl);
  const app = Fastify({
    logger: withRedactedRequests(logger ?? { level: config.logLevel }),
    // The searches a process asks of itself before it is ready (warmUpOverHttp, 3,000 per start) are not a client's:
    // their two lines each would bury the start in the log. The warm-up logs how many were answered instead.
    logController: new LogController({ disableRequestLogging: (request) => isWarmUpRequest(request.raw.socket) }),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Longer than the 60 s idle timeout of common proxies and load balancers, so they close an idle connection
    // first and never send a request on one we are closing.
    keepAliveTimeout: 72_000,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    // Fastify's own answer to a URL it cannot decode, before any hook: our error shape and the security headers. (The
    // option's reply type is generic over every route; this is a plain reply.)
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply)
        .code(error.statusCode ?? 400)
        .headers(errorHeaders)
        .send({ error: 'bad_request', message: error.message }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route, today's and tomorrow's: text PostgreSQL cannot store or no form produces (NUL and other control
  // characters, lone surrogates) is refused at its field before the route's own schema (withCleanText); query and path
  // values are one line. A query string or path with nothing unusual in it (nearly all) is read by flatQueryParser,
  // without zod: the same answer, about 7% of a long-tail search's time less; anything else goes to zod as above.
  app.setValidatorCompiler<ZodType>(({ schema, ...route }) => {
    const rules = { oneLine: route.httpPart === 'querystring' || route.httpPart === 'params' };
    const checked = validatorCompiler({ ...route, schema: withCleanText(schema, rules) });
    const quick = rules.oneLine ? flatQueryParser(schema) : undefined;
    if (!quick) return checked;
    return (data) => {
      const value = quick(data);
      return value === UNDECIDED ? checked(data) : { value };
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('now', clock ?? (() => new Date()));
  // A callback, not an async function: no promise per answer for a header.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  // External first, then our own plugins, then routes.
  await app.register(errorsPlugin);
  await app.register(infrastructurePlugin, { config, ...(migrate === undefined ? {} : { migrate }), ...(onQuery ? { onQuery } : {}) });
  // Before anything that may answer early (limits, auth), so every answer carries them.
  await app.register(securityHeadersPlugin);
  // API answers compressed when the browser accepts it (gzip or Brotli at a cheap level: they are made per
  // request); the web apps' files are compressed once at build time, and cached search answers once per
  // lifetime, and both skip this.
  // Request bodies are not decompressed: no form or console sends one compressed, and a decompressing hook on every
  // request (and a compressed body's expansion) is work and surface for nothing. Such a body fails as its bytes: a 400.
  await app.register(compress, { ...COMPRESSION, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(limitsPlugin);
  await app.register(authPlugin);
  await app.register(docsPlugin);
  // Before the routes, so its timing hook sees every one.
  await app.register(metricsPlugin);

  // Loaded before the app is ready, so a process answers searches from memory from its first request on.
  const searchIndex = config.searchIndex === 'memory' ? new LiveSearchIndex(app.db, app.log, { warmUpRequests: (paths, signal) => warmUpOverHttp(app.server, paths, { signal }) }) : undefined;
  app.decorate('searchIndex', searchIndex);
  if (searchIndex) {
    // Loading 100,000 vehicles takes seconds: the API answers from SQL meanwhile instead of waiting to start.
    app.addHook('onReady', async () => searchIndex.start());
    app.addHook('onClose', () => searchIndex.stop());
  }
  await app.register(healthRoutes);
  await app.register(cspReportRoutes);
  await app.register(qaCheckRoutes);
  await app.register(consoleHomeRoutes);
  await app.register(staffSessionRoutes);
  await app.register(staffAccountRoutes);
  await app.register(staffTwoFactorRoutes);
  await app.register(activityRoutes);
  await app.register(contactRoutes);
  await app.register(enquiryRoutes);
  await app.register(submissionPublicRoutes);
  await app.register(submissionAdminRoutes);
  await app.register(emailRoutes);
  await app.register(whatsappWebhookRoutes);
  await app.register(whatsappAdminRoutes);
  // One rates cache for every answer that converts prices (the catalogue's and Tara's).
  const rates = catalogueRates(app.db);
  await app.register(inventoryRoutes, { rates });
  await app.register(inventoryAdminRoutes);
  await app.register(inventoryQaRoutes);
  await app.register(vehicleImageRoutes);
  await app.register(analyticsRoutes);
  await app.register(dataCollectionRoutes);
  // One cache of the tariff, freight and charge tables for the public quote and the console that changes them.
  const landedCost = landedCostTables(app.db, app.config.finance);
  await app.register(landedCostRoutes, { rates, tables: landedCost });
  await app.register(landedCostAdminRoutes, { rates, tables: landedCost });
  // Before the web apps: its file server decorates replies in its own scope, which a decoration at the root would refuse.
  await app.register(queueDashboardPlugin);
  await app.register(newsRoutes);
  await app.register(assistantRoutes, { rates, landedCost });
  await app.register(webAppsPlugin, webApps ?? {});
  return app;
}
