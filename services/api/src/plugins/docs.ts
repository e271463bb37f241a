import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { isStaffRoute } from './auth';
import { sessionCookieName } from '../staff/sessions';

/** What this plugin reads of the generated document. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** `/api/admin/x/:id` as OpenAPI writes it: `/api/admin/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Names of the component schemas a part of the document refers to, directly or through other schemas. */
function referencedSchemas(root: unknown, schemas: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const name = key === '$ref' && typeof item === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(item)?.[1] : undefined;
        if (name === undefined) pending.push(item);
        else if (!found.has(name)) {
          found.add(name);
          pending.push(schemas[name]);
        }
      }
    }
  }
  return found;
}

/**
 * The document as the public may read it: public routes and the staff routes that answer without a session (signing in),
 * and only the schemas those use, since the others describe staff records.
 */
function publicDocument(document: OpenApiDocument, publicStaffOperations: ReadonlySet<string>): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const open = Object.entries(operations).filter(([method]) => !isStaffRoute(path) || publicStaffOperations.has(`${method.toUpperCase()} ${path}`));
    if (open.length > 0) paths[path] = Object.fromEntries(open);
  }
  const schemas = document.components?.schemas ?? {};
  const used = referencedSchemas(paths, schemas);
  return {
    ...document,
    paths,
    components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
  };
}

/**
 * OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json (and YAML), the UI at /api/docs. The public
 * reads only the public routes; a signed-in staff member reads every route, and that answer is never cached.
 */
export const docsPlugin = fp(
  async (app) => {
    const publicStaffOperations = new Set<string>();
    app.addHook('onRoute', (route) => {
      if (!route.config?.publicStaffRoute || !isStaffRoute(route.url)) return;
      for (const method of [route.method].flat()) publicStaffOperations.add(`${method} ${openApiPath(route.url)}`);
    });
    const staffReaders = new WeakSet<FastifyRequest>();

    await app.register(swagger, {
      openapi: {
        info: {
          title: 'AutoBest Africa API',
          description: 'Storefront, staff console and workers of the AutoBest Africa car marketplace.',
          version: '0.1.0',
        },
        components: { securitySchemes: { staffSession: { type: 'apiKey', in: 'cookie', name: sessionCookieName(app.config.cookieSecure) } } },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: {
        preHandler: async (request) => {
          if (await app.identifyStaff(request)) staffReaders.add(request);
        },
      },
      // Neither answer changes the document, so it need not be copied for each request.
      transformSpecificationClone: false,
      transformSpecification: (document, request, reply) => {
        reply.header('Vary', 'Cookie');
        if (!staffReaders.has(request)) return publicDocument(document, publicStaffOperations);
        reply.header('Cache-Control', 'no-store');
        return document;
      },
    });
  },
  { name: 'docs', dependencies: ['auth'] },
);
