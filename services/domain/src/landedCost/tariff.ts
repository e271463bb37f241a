import { z } from 'zod';
import { PRICE_CURRENCY_CODES } from '../money/currencies';

/**
 * Landed cost as data staff maintain (issue 18.2): per destination country a versioned tariff whose lines say what
 * customs charges, on which base and at which rate; freight per route and vehicle size; charges per destination city.
 * The web apps take the constants from `kinds.ts`, which has no zod.
 */

export * from './kinds';
import { BASE_TERMS, VEHICLE_SIZES } from './kinds';

/** A rate is a share (0.075 for 7.5%), never a percentage: the console shows it as a percentage. */
export const ShareSchema = z.number({ error: 'rate must be a number between 0 and 1 (0% to 100%)' }).min(0, 'rate must be between 0% and 100%').max(1, 'rate must be between 0% and 100%');

const LINE_KEY = /^[a-z][a-zA-Z0-9]{0,29}$/;

/** How the rate of a tariff line is chosen for one vehicle. */
export const RateRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), rate: ShareSchema }),
  /** Nigeria: the duty depends on whether the vehicle carries people or goods. */
  z.object({ kind: z.literal('byVehicleClass'), rates: z.object({ passenger: ShareSchema, goods: ShareSchema }) }),
  /**
   * Ghana, Kenya: the rate depends on the engine's displacement. Bands in ascending order, the last open-ended
   * (`upToCc: null`); `electric` applies to a vehicle without an engine (battery electric).
   */
  z.object({
    kind: z.literal('byEngineCc'),
    bands: z
      .array(z.object({ upToCc: z.int().positive().max(20_000).nullable(), rate: ShareSchema }))
      .min(1)
      .max(10)
      .refine((bands) => bands.length === 0 || bands.at(-1)!.upToCc === null, 'the last band must be open-ended (upToCc: null)')
      .refine((bands) => bands.slice(0, -1).every((band, index) => band.upToCc !== null && (index === 0 || band.upToCc > bands[index - 1]!.upToCc!)), 'bands must rise, each with an upper limit but the last'),
    electric: ShareSchema,
  }),
]);
export type RateRule = z.output<typeof RateRuleSchema>;

export const TariffLineSchema = z.object({
  key: z.string().regex(LINE_KEY, 'key must be a short camelCase word (letters and digits, starting with a small letter)'),
  label: z.string().trim().min(1, 'label is required').max(100),
  /** What the rate applies to: the sum of these amounts (fob, freight, insurance, cif, or an earlier line's key). */
  base: z.array(z.string().regex(LINE_KEY)).min(1, 'base needs at least one term').max(12),
  rate: RateRuleSchema,
  source: z.string().trim().min(1, 'source is required').max(300),
  sourceDate: z.iso.date({ error: 'sourceDate must be a date (YYYY-MM-DD)' }),
  notes: z.string().trim().max(1000).default(''),
});
export type TariffLine = z.output<typeof TariffLineSchema>;
export type TariffLineInput = z.input<typeof TariffLineSchema>;

/** Each line's base names only fob, freight, insurance, cif or lines above it, and keys are unique. */
export const TariffLinesSchema = z
  .array(TariffLineSchema)
  .min(1, 'a tariff needs at least one line')
  .max(30)
  .superRefine((lines, context) => {
    const known = new Set<string>(BASE_TERMS);
    lines.forEach((line, index) => {
      if (known.has(line.key)) context.addIssue({ code: 'custom', path: [index, 'key'], message: `key ${line.key} is used twice or names a base amount` });
      for (const term of line.base) {
        if (!known.has(term)) context.addIssue({ code: 'custom', path: [index, 'base'], message: `base term ${term} must be one of ${[...known].join(', ')} (a line above this one)` });
      }
      known.add(line.key);
    });
  });

export const TariffVersionInputSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code of two capital letters'),
  effectiveDate: z.iso.date({ error: 'effectiveDate must be a date (YYYY-MM-DD)' }),
  source: z.string().trim().min(1, 'source is required').max(300),
  notes: z.string().trim().max(2000).default(''),
  lines: TariffLinesSchema,
});
export type TariffVersionInput = z.input<typeof TariffVersionInputSchema>;
export type TariffVersionData = z.output<typeof TariffVersionInputSchema>;

/** A tariff version as stored: numbered per country, never changed once created. */
export interface TariffVersion extends TariffVersionData {
  id: string;
  version: number;
  createdAt: string;
  createdBy: string | null;
}

/**
 * The version in force on a day: the newest effective date not after it. Versions never overlap: each runs from its
 * effective date to the next one's (the table keeps one version per country and date).
 */
export function versionInForce<T extends { effectiveDate: string; version: number }>(versions: readonly T[], day: string): T | undefined {
  let found: T | undefined;
  for (const candidate of versions) {
    if (candidate.effectiveDate > day) continue;
    if (!found || candidate.effectiveDate > found.effectiveDate || (candidate.effectiveDate === found.effectiveDate && candidate.version > found.version)) found = candidate;
  }
  return found;
}

export const FreightRateInputSchema = z.object({
  originPort: z.string().trim().min(2, 'originPort is required').max(60),
  destinationPort: z.string().trim().min(2, 'destinationPort is required').max(60),
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code of two capital letters'),
  vehicleSize: z.enum(VEHICLE_SIZES, { error: `vehicleSize must be one of: ${VEHICLE_SIZES.join(', ')}` }),
  /** Ocean freight for one vehicle, in US dollars. */
  freightUsd: z.number({ error: 'freightUsd must be a number' }).min(0, 'freightUsd must not be negative').max(100_000, 'freightUsd must be at most 100000'),
  /** Marine insurance as a share of FOB + freight. */
  insuranceRate: ShareSchema,
  source: z.string().trim().min(1, 'source is required').max(300),
  notes: z.string().trim().max(1000).default(''),
});
export type FreightRate = z.output<typeof FreightRateInputSchema>;

export const DestinationChargeInputSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code of two capital letters'),
  city: z.string().trim().min(1, 'city is required').max(80),
  currency: z.enum(PRICE_CURRENCY_CODES, { error: `currency must be one of: ${PRICE_CURRENCY_CODES.join(', ')}` }),
  /** In the currency's major units. */
  clearing: z.number().min(0, 'clearing must not be negative').max(1e10),
  port: z.number().min(0, 'port must not be negative').max(1e10),
  delivery: z.number().min(0, 'delivery must not be negative').max(1e10),
  source: z.string().trim().min(1, 'source is required').max(300),
  notes: z.string().trim().max(1000).default(''),
});
export type DestinationCharge = z.output<typeof DestinationChargeInputSchema>;

