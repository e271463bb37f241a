import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueStatsRoutes } from './catalogueStatsRoutes';
import { geoRoutes } from './geoRoutes';
import { ratesRoutes, type CatalogueRates } from './ratesRoutes';
import { reservationRoutes } from './reservationRoutes';
import { searchRoutes } from './searchRoutes';

/** The public catalogue: buyers see the rates and their currency, search, open a vehicle and ask to reserve it. */
export const inventoryRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates }> = async (app, { rates }) => {
  await app.register(ratesRoutes, { rates });
  await app.register(geoRoutes);
  await app.register(searchRoutes, { rates });
  await app.register(catalogueStatsRoutes, { rates });
  await app.register(reservationRoutes);
};
