import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideEnquiry,
  enquiryStreamId,
  formatPlain,
  MAX_ENQUIRY_DETAILS,
  QuoteAnswerSchema,
  QuoteQuerySchema,
  QuoteRequestCreatedSchema,
  QuoteRequestInputSchema,
  toMajor,
  toQuoteAnswer,
  type Quote,
  type ReceivedEnquiry,
} from '@autobest/domain';
import { errorResponses } from '../http/errors';
import { handleCommand, STREAMS } from '../http/commands';
import { perAddressAndContact } from '../plugins/publicWriteLimits';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { quoteVehicle, type LandedCostTableCache } from './quoting';

const VehicleParams = z.object({ id: z.string().max(100) });

/** The calculation as staff read it in an enquiry's details: one line each, the base and rate where there is one. */
function enquiryDetailsOf(quote: Quote, quoteId: string): Record<string, string> {
  const money = (amountMinor: number) => formatPlain(toMajor({ amountMinor, currency: quote.currency }), quote.currency);
  const details: Record<string, string> = {
    quoteId,
    tariff: `${quote.country} version ${quote.tariff.version}, in force from ${quote.tariff.effectiveDate}`.slice(0, 200),
    rate: `1 USD = ${quote.rates.perUsd} ${quote.currency} (${quote.rates.source}, ${quote.rates.timestamp})`.slice(0, 200),
    total: money(quote.totalMinor),
  };
  for (const line of quote.lines) {
    if (Object.keys(details).length >= MAX_ENQUIRY_DETAILS) break;
    const rated = line.rate !== undefined && line.baseMinor !== undefined ? ` (${Math.round(line.rate * 100_000) / 1000}% of ${money(line.baseMinor)})` : '';
    details[line.key] = `${line.label}: ${money(line.amountMinor)}${rated}`.slice(0, 200);
  }
  return details;
}

/** The public price-calculation list of a vehicle (issue 18.3, 18.6), and "Send me this quote". */
export const landedCostRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates; tables: LandedCostTableCache }> = async (app, { rates, tables }) => {
  app.get(
    '/api/vehicles/:id/quote',
    {
      schema: {
        tags: ['inventory'],
        summary: 'What the vehicle costs landed in `country`: FOB, freight, insurance, CIF, each duty and levy with its base and rate, charges, total, finance',
        description:
          'An estimate: the final figures come from the customs assessment. Amounts in `currency` (default: the country\u2019s), converted at the rates shown; every line with `base` and `rate` has amount = base × rate rounded half-even to the minor unit.',
        params: VehicleParams,
        querystring: QuoteQuerySchema,
        response: { 200: QuoteAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { quote } = await quoteVehicle(tables, rates, request.params.id, request.query);
      reply.header('Cache-Control', 'public, max-age=60');
      return toQuoteAnswer(quote);
    },
  );

  app.post(
    '/api/vehicles/:id/quote-requests',
    {
      // It emails staff like any enquiry, so it counts against the enquiry form's limits.
      ...perAddressAndContact(app, 'enquiry'),
      schema: {
        tags: ['inventory'],
        summary: '"Send me this quote": records the whole calculation, with the tariff version and rates it used, as an enquiry for staff',
        params: VehicleParams,
        body: QuoteRequestInputSchema,
        response: { 201: QuoteRequestCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { country, currency, city, fullName, phone, email, language } = request.body;
      const { quote, vehicleName, rates: snapshot } = await quoteVehicle(tables, rates, request.params.id, { country, currency, city });
      const quoteId = randomUUID();
      const enquiryId = randomUUID();
      await app.db
        .insertInto('quotes')
        .values({
          id: quoteId,
          vehicle_id: quote.vehicleId,
          country: quote.country,
          city: quote.city,
          currency: quote.currency,
          tariff_version_id: quote.tariff.id,
          rates: JSON.stringify({ source: snapshot.source, timestamp: snapshot.timestamp, rates: snapshot.rates }),
          quote: JSON.stringify(quote),
          total_minor: quote.totalMinor,
          enquiry_id: enquiryId,
        })
        .execute();
      const input: ReceivedEnquiry = {
        kind: 'landed-cost-quote',
        fullName,
        phone,
        ...(email ? { email } : {}),
        subject: `Quote: ${vehicleName} landed in ${quote.city}, ${quote.country}`.slice(0, 200),
        details: enquiryDetailsOf(quote, quoteId),
        sourcePath: `/vehicle/${quote.vehicleId}`.slice(0, 200),
        ...(language ? { language } : {}),
      };
      await handleCommand(app, request, STREAMS.enquiry, enquiryStreamId(enquiryId), (state) => decideEnquiry({ type: 'ReceiveEnquiry', enquiryId, input, now: new Date() }, state), { by: 'visitor', fresh: true });
      return reply.code(201).send({ quoteId, enquiryId });
    },
  );
};
