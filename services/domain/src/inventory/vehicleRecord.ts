import { z } from 'zod';
import { PRICE_CURRENCY_CODES } from '../money/currencies';

/**
 * The parts of a vehicle record beyond the spec's listing fields (issue 18.1): VIN, import status with its expected
 * arrival, driving range of electric and plug-in cars, and the pricing staff keep as data. Browser-safe: the console
 * checks the same rules before it sends a form.
 */

/** Where a car is: in our yard, on a ship, or ordered from the factory. */
export const IMPORT_STATUSES = ['in-stock', 'in-transit', 'on-order'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = { 'in-stock': 'In stock locally', 'in-transit': 'In transit', 'on-order': 'On order from the factory' };

/** The longest driving range we believe, in km (CLTC figures of today's cars stay under 1,100). */
export const EV_RANGE_KM_MAX = 2000;

const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/;
const VIN_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) a VIN of 17 allowed characters should carry: weighted sum mod 11, 10 written X. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let position = 0; position < 17; position++) {
    const character = vin[position]!;
    const value = /\d/.test(character) ? Number(character) : (VIN_VALUES[character] ?? 0);
    sum += value * VIN_WEIGHTS[position]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Whether the VIN's maker is bound to the check digit: North America (first character 1 to 5, 49 CFR 565) and China
 * (L, GB 16735) make it mandatory; Europe, Japan, Korea and others do not, so their VINs are checked for form only.
 */
export const vinNeedsCheckDigit = (vin: string) => /^[1-5L]/.test(vin);

/** What is wrong with a VIN, or null: 17 characters without I, O or Q; the check digit where its region requires it. */
export function vinProblem(vin: string): 'vinInvalid' | 'vinCheckDigit' | null {
  if (!VIN_CHARACTERS.test(vin)) return 'vinInvalid';
  if (vinNeedsCheckDigit(vin) && vin[8] !== vinCheckDigit(vin)) return 'vinCheckDigit';
  return null;
}

/** A VIN, upper-cased and without spaces; empty when staff do not know it yet. */
export const VinSchema = z
  .string({ error: 'vinInvalid' })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .superRefine((vin, context) => {
    const problem = vin === '' ? null : vinProblem(vin);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A calendar date, YYYY-MM-DD, that exists. */
export const CalendarDateSchema = z
  .string({ error: 'expectedArrivalInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expectedArrivalInvalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'expectedArrivalInvalid');

const amount = (message: 'pricingAmountInvalid' | 'reservationAmountInvalid', min: 'positive' | 'zero') => {
  const number = z.number({ error: message }).max(1e12, message);
  return min === 'positive' ? number.gt(0, message) : number.min(0, message);
};

/** The price range staff quote for a vehicle, its reservation amount and a note, in one currency's major units. */
export const VehiclePricingSchema = z
  .object({
    min: amount('pricingAmountInvalid', 'positive'),
    max: amount('pricingAmountInvalid', 'positive'),
    currency: z.enum(PRICE_CURRENCY_CODES, { error: 'pricingCurrencyInvalid' }),
    reservationAmount: amount('reservationAmountInvalid', 'zero'),
    note: z.string().trim().max(500, 'tooLong').default(''),
  })
  .refine((pricing) => pricing.min <= pricing.max, { path: ['max'], message: 'pricingRangeInvalid' });
export type VehiclePricing = z.output<typeof VehiclePricingSchema>;

/**
 * A driving range written as the data-collection records hold it ("420 km", "510 km (CLTC)", "260 mi"), in km; null
 * when it names no distance. The number is read from the start of its run of digits and separators only (what
 * `(\d[\d,.]*)\s*(km|kilomet|mi)` finds, since a later start in the same run can only fail too): not once from every
 * digit of a long run.
 */
export function evRangeKmOf(text: string): number | null {
  const match = /(?<![\d,.])[,.]*(\d[\d,.]*)\s*(km|kilomet|mi)/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(value) || value <= 0) return null;
  const km = Math.round(/^mi/i.test(match[2]!) ? value * 1.609344 : value);
  return km <= EV_RANGE_KM_MAX ? km : null;
}

