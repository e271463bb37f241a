import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUOTE_COUNTRIES, toQuoteAnswer } from '@autobest/domain';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { HttpError } from '../http/errors';
import { quoteVehicle, type LandedCostTableCache } from '../landedCost/quoting';
import { assistantAdminRoutes } from './adminRoutes';
import { assistantPublicRoutes } from './publicRoutes';
import { vehicleMatcher, type VehicleMatcher } from './vehicleMatcher';
import { knowledgeBase } from './knowledge';
import { knowledgeRoutes } from './knowledgeRoutes';
import { taraLanguageModel, type CatalogueNames } from './languageModel';
import { taraModelTools } from './modelTools';
import { TtlCache } from '../process/ttlCache';
import type { Db } from '@autobest/db';

/**
 * Tara's cards with what the first one costs landed in the buyer's country (the country of their currency, else
 * Nigeria): the same quote as the vehicle page's price list and the quote API, so her figures and theirs agree.
 */
function withLandedCost(matcher: VehicleMatcher, tables: LandedCostTableCache, rates: CatalogueRates): VehicleMatcher {
  return async (context, currency, options) => {
    const matches = await matcher(context, currency);
    const first = matches.vehicles[0];
    if (!first) return matches;
    const country = QUOTE_COUNTRIES.find((candidate) => candidate.currency === currency)?.code ?? 'NG';
    // Delivered to the city the buyer named when the country has charges for it ("do you deliver to Kaduna?"), else its main city.
    const city = options?.deliverTo ?? context.location;
    const quoted = async () => {
      if (city) {
        try {
          return await quoteVehicle(tables, rates, first.id, { country, currency, city });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
        }
      }
      return quoteVehicle(tables, rates, first.id, { country, currency });
    };
    try {
      const { quote, vehicleName } = await quoted();
      const answer = toQuoteAnswer(quote);
      return {
        ...matches,
        landed: { vehicle: `${first.year} ${vehicleName}`, path: first.path, city: answer.city, currency: answer.currency, total: answer.total, deposit: answer.finance.deposit, monthly: answer.finance.monthly, termMonths: answer.finance.termMonths, apr: answer.finance.apr },
      };
    } catch (error) {
      // No tariff or freight for the country yet: Tara answers without the landed cost rather than not at all.
      if (error instanceof HttpError) return matches;
      throw error;
    }
  };
}

/**
 * Every make and model the catalogue lists, for the vehicle guard; a minute old at most, like the knowledge base. Read
 * once a minute instead of once per answer of the language model: the distinct makes and models of 100,000 vehicles
 * take PostgreSQL 250-370 ms on a quiet machine (EXPLAIN ANALYZE, 30 November), far more than the rest of a turn's
 * work here.
 */
function catalogueNames(db: Db): CatalogueNames {
  const cache = new TtlCache<{ makes: string[]; models: string[] }>(60_000, 1);
  return () =>
    cache.remember('names', async () => {
      const rows = await db.selectFrom('vehicles').select(['brand', 'model']).distinct().execute();
      return { makes: [...new Set(rows.map((row) => row.brand))], models: [...new Set(rows.map((row) => row.model))] };
    });
}

/** Tara: the buyer's conversation (grounded in the catalogue at the current rates), the console's leads and her knowledge base. */
export const assistantRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates; landedCost: LandedCostTableCache }> = async (app, { rates, landedCost }) => {
  const knowledge = knowledgeBase(app.db);
  const matcher = vehicleMatcher(app.db, rates);
  // Unconfigured, there is no model at all: the rules engine answers with no extra work.
  const settings = app.config.taraModel;
  const model = settings ? taraLanguageModel(settings, taraModelTools({ db: app.db, matcher, rates, landedCost }), catalogueNames(app.db)) : null;
  await app.register(assistantPublicRoutes, { matcher: withLandedCost(matcher, landedCost, rates), knowledge, model });
  await app.register(assistantAdminRoutes);
  await app.register(knowledgeRoutes, { knowledge });
};
