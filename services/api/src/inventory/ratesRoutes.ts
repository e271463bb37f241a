import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '@autobest/db';
import { currentRates, type RatesSnapshot } from '@autobest/runtime';
import { TtlCache } from '../process/ttlCache';

/** The rates every price answer converts with, read at most every 30 seconds. */
export type CatalogueRates = () => Promise<RatesSnapshot>;

export function catalogueRates(db: Db): CatalogueRates {
  // Rates change every few hours; answers may be this old, as the Cache-Control headers already tell browsers and proxies.
  // Read per search instead, the snapshot would be a statement per search: about 100 µs of the API's CPU each on the
  // 2-core machine of the README's Performance section, where a whole search from memory cost 115-167 µs (bench:search,
  // 30 November).
  const cache = new TtlCache<RatesSnapshot>(30_000, 1);
  return () => cache.remember('current', () => currentRates(db));
}

export const ratesRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates }> = async (app, { rates }) => {
  app.get(
    '/api/rates',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Current exchange rates per 1 USD (the fallback table until the rate service has answered)',
        response: { 200: z.object({ base: z.literal('USD'), source: z.string(), timestamp: z.string(), rates: z.record(z.string(), z.number()) }).meta({ id: 'Rates' }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return rates();
    },
  );
};
