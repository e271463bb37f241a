import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RuntimeConfig } from '@autobest/domain';
import { contactRoutes } from './contact/routes';
import { enquiryRoutes } from './enquiries/routes';
import { healthRoutes } from './platform/health';
import { COMPRESSION } from './platform/precompressed';
import { qaCheckRoutes } from './platform/qaChecks';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { infrastructurePlugin, type InfrastructureOptions } from './plugins/infrastructure';
import { webAppsPlugin, type WebAppsOptions } from './plugins/webApps';
import { staffSessionRoutes } from './staff/routes';
import { submissionPublicRoutes } from './submissions/publicRoutes';
import { submissionAdminRoutes } from './submissions/adminRoutes';
import { sentEmailRoutes } from './emails/routes';
import { inventoryRoutes } from './inventory/routes';
import { inventoryAdminRoutes } from './inventory/adminRoutes';
import { inventoryQaRoutes } from './inventory/qaRoutes';
import { vehicleImageRoutes } from './inventory/imageRoutes';
import { analyticsRoutes } from './analytics/routes';
import { dataCollectionRoutes } from './inventory/dataCollectionRoutes';

export interface BuildAppOptions {
  config: RuntimeConfig;
  /** Pino options or false; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  webApps?: WebAppsOptions;
  migrate?: boolean;
  /** Told of every SQL statement the app runs, with its parameters and duration. */
  onQuery?: InfrastructureOptions['onQuery'];
}

/** JSON bodies larger than this are refused with 413 (uploads have their own, per-route limits). */
export const JSON_BODY_LIMIT = 64 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The whole HTTP application, built but not listening: server.ts listens, tests use `inject`. */
export async function buildApp({ config, logger, webApps, migrate, onQuery }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  // External first, then our own plugins, then routes.
  await app.register(errorsPlugin);
  await app.register(infrastructurePlugin, { config, ...(migrate === undefined ? {} : { migrate }), ...(onQuery ? { onQuery } : {}) });
  // API answers compressed when the browser accepts it (gzip or Brotli at a cheap level: they are made per
  // request); the web apps' files are compressed once at build time, and cached search answers once per
  // lifetime, and both skip this.
  await app.register(compress, { ...COMPRESSION, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(docsPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(qaCheckRoutes);
  await app.register(staffSessionRoutes);
  await app.register(contactRoutes);
  await app.register(enquiryRoutes);
  await app.register(submissionPublicRoutes);
  await app.register(submissionAdminRoutes);
  await app.register(sentEmailRoutes);
  await app.register(inventoryRoutes);
  await app.register(inventoryAdminRoutes);
  await app.register(inventoryQaRoutes);
  await app.register(vehicleImageRoutes);
  await app.register(analyticsRoutes);
  await app.register(dataCollectionRoutes);
  await app.register(webAppsPlugin, webApps ?? {});
  return app;
}
