import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GEO_SOURCES, guessCurrency } from '@autobest/domain';
import { addressCountry } from './addressCountry';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo',
    {
      schema: {
        tags: ['inventory'],
        summary: "The visitor's default currency: a trusted proxy's country header, else the client address's country (offline database), else Accept-Language, else NGN",
        response: { 200: z.object({ country: z.string().nullable(), currency: z.string(), source: z.enum(GEO_SOURCES) }).meta({ id: 'Geo' }) },
      },
    },
    async (request, reply) => {
      // Country headers are only believed behind a proxy that sets them (TRUST_PROXY); anyone can send one.
      const header = app.config.trustProxy ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code']) : undefined;
      reply.header('Cache-Control', 'private, max-age=3600').header('Vary', 'Accept-Language, CF-IPCountry, X-Country-Code');
      // request.ip is the client's own address only behind proxies TRUST_PROXY names; otherwise the connecting one.
      return guessCurrency({ proxyCountry: typeof header === 'string' ? header : null, addressCountry: addressCountry(request.ip), acceptLanguage: request.headers['accept-language'] });
    },
  );
};
