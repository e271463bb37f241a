import { z } from 'zod';
import { PRICE_CURRENCY_CODES } from '../money/currencies';
import { toMajor } from '../money/money';
import { PHONE_PATTERN, EMAIL_PATTERN, SiteLanguageSchema } from '../contact/contactMessage';
import { isOneLine, withinLength } from '../platform/validation';
import type { Quote } from './quote';
import { DestinationChargeInputSchema, FreightRateInputSchema, TariffVersionInputSchema } from './tariff';

/**
 * The public quote's contract (issue 18.6): `GET /api/vehicles/{id}/quote?country=NG&currency=NGN`. Other tools depend
 * on these names. Amounts are in the asked currency's major units (naira, not kobo), rounded to its minor unit.
 */

export const QuoteQuerySchema = z.object({
  country: z.string({ error: 'country is required' }).regex(/^[A-Za-z]{2}$/, 'country must be an ISO code of two letters').transform((code) => code.toUpperCase()),
  currency: z.enum(PRICE_CURRENCY_CODES, { error: `currency must be one of: ${PRICE_CURRENCY_CODES.join(', ')}` }).optional(),
  city: z.string().trim().min(1).max(80).optional(),
});

const QuoteLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  base: z.number().optional().describe('With `rate`: amount = base × rate, rounded half-even to the minor unit'),
  rate: z.number().optional().describe('A share: 0.075 for 7.5%'),
  baseTerms: z.array(z.string()).optional().describe('The line keys the base adds up'),
  amount: z.number(),
  source: z.string().optional(),
  sourceDate: z.string().optional(),
  notes: z.string().optional(),
  assumption: z.string().optional(),
});

export const QuoteAnswerSchema = z
  .object({
    vehicleId: z.string(),
    country: z.string(),
    city: z.string(),
    currency: z.string(),
    lines: z.array(QuoteLineSchema),
    total: z.number(),
    tariff: z.object({ id: z.string(), version: z.number(), effectiveDate: z.string(), source: z.string() }),
    rates: z.object({ source: z.string(), timestamp: z.string(), perUsd: z.number().describe('Units of `currency` per US dollar') }),
    finance: z.object({ apr: z.number().describe('Percent a year'), termMonths: z.number(), deposit: z.number(), monthly: z.number() }),
    localStock: z.object({ city: z.string(), price: z.number() }).nullable().describe('In stock in this country: its local price, duties and clearing already paid'),
    assumptions: z.array(z.string()),
    estimate: z.literal(true).describe('An estimate: the final figures come from the customs assessment'),
  })
  .meta({ id: 'VehicleQuote' });
export type QuoteAnswer = z.output<typeof QuoteAnswerSchema>;

/** The answer in major units: the one place a quote's minor units are turned into what a person reads. */
export function toQuoteAnswer(quote: Quote): QuoteAnswer {
  const major = (amountMinor: number) => toMajor({ amountMinor, currency: quote.currency });
  return {
    vehicleId: quote.vehicleId,
    country: quote.country,
    city: quote.city,
    currency: quote.currency,
    lines: quote.lines.map(({ baseMinor, amountMinor, ...line }) => ({
      ...line,
      ...(baseMinor === undefined ? {} : { base: major(baseMinor) }),
      amount: major(amountMinor),
    })),
    total: major(quote.totalMinor),
    tariff: quote.tariff,
    rates: quote.rates,
    finance: { apr: quote.finance.aprPercent, termMonths: quote.finance.termMonths, deposit: major(quote.finance.depositMinor), monthly: major(quote.finance.monthlyMinor) },
    localStock: quote.localStock ? { city: quote.localStock.city, price: major(quote.localStock.priceMinor) } : null,
    assumptions: quote.assumptions,
    estimate: true,
  };
}

/** "Send me this quote": who to send it to; the server computes the quote again and records it with the enquiry. */
export const QuoteRequestInputSchema = z.object({
  country: z.string({ error: 'country is required' }).regex(/^[A-Za-z]{2}$/, 'country must be an ISO code of two letters').transform((code) => code.toUpperCase()),
  currency: z.enum(PRICE_CURRENCY_CODES, { error: `currency must be one of: ${PRICE_CURRENCY_CODES.join(', ')}` }),
  city: z.string().trim().min(1).max(80).optional(),
  fullName: z.string({ error: 'fullNameRequired' }).trim().min(1, 'fullNameRequired').refine(...withinLength('Full name', 100)).refine(isOneLine, 'oneLine'),
  phone: z.string({ error: 'phoneRequired' }).trim().min(1, 'phoneRequired').refine(...withinLength('Phone number', 30)).regex(PHONE_PATTERN, 'phoneInvalid'),
  email: z
    .string({ error: 'emailInvalid' })
    .trim()
    .refine(...withinLength('Email', 254))
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'emailInvalid')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  language: SiteLanguageSchema.optional(),
});
export type QuoteRequestInput = z.input<typeof QuoteRequestInputSchema>;

export const QuoteRequestCreatedSchema = z.object({ quoteId: z.uuid(), enquiryId: z.uuid() });

/** The console's records (ra-data-simple-rest): every record has an `id`. */
const RateTableChangeSchema = z.object({ at: z.string(), by: z.string().nullable(), changes: z.record(z.string(), z.union([z.string(), z.number()])) });

export const TariffVersionRecordSchema = TariffVersionInputSchema.extend({
  id: z.string(),
  version: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  inForce: z.boolean().describe('The version quotes use today'),
}).meta({ id: 'TariffVersion' });
export type TariffVersionRecord = z.output<typeof TariffVersionRecordSchema>;

export const FreightRateRecordSchema = FreightRateInputSchema.extend({ id: z.string(), history: z.array(RateTableChangeSchema), updatedAt: z.string(), updatedBy: z.string().nullable() }).meta({ id: 'FreightRate' });
export type FreightRateRecord = z.output<typeof FreightRateRecordSchema>;

export const DestinationChargeRecordSchema = DestinationChargeInputSchema.extend({ id: z.string(), history: z.array(RateTableChangeSchema), updatedAt: z.string(), updatedBy: z.string().nullable() }).meta({ id: 'DestinationCharge' });
export type DestinationChargeRecord = z.output<typeof DestinationChargeRecordSchema>;
