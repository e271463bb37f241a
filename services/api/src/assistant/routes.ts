import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { assistantAdminRoutes } from './adminRoutes';
import { assistantPublicRoutes } from './publicRoutes';
import { vehicleMatcher } from './vehicleMatcher';

/** Tara: the buyer's conversation (grounded in the catalogue at the current rates) and the console's leads. */
export const assistantRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates }> = async (app, { rates }) => {
  await app.register(assistantPublicRoutes, { matcher: vehicleMatcher(app.db, rates) });
  await app.register(assistantAdminRoutes);
};
