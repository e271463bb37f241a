import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guessCurrency } from '@autobest/domain';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo',
    {
      schema: {
        tags: ['inventory'],
        summary: "The visitor's default currency: a trusted proxy's country header, else Accept-Language, else NGN",
        response: { 200: z.object({ country: z.string().nullable(), currency: z.string(), source: z.enum(['proxy-header', 'accept-language', 'default']) }).meta({ id: 'Geo' }) },
      },
    },
    async (request, reply) => {
      // Country headers are only believed behind a proxy that sets them (TRUST_PROXY); anyone can send one.
      const header = app.config.trustProxy ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code']) : undefined;
      reply.header('Cache-Control', 'private, max-age=3600').header('Vary', 'Accept-Language, CF-IPCountry, X-Country-Code');
      return guessCurrency(typeof header === 'string' ? header : null, request.headers['accept-language']);
    },
  );
};
