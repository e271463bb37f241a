import { roundHalfEven } from './money';

/**
 * Car finance as a lender computes it (issue 18.4): the monthly payment of an amortised loan,
 * P × r / (1 − (1 + r)^−n), with P what is borrowed (price − deposit), r the monthly rate (APR / 12) and n the
 * number of months. One function for the vehicle page's calculator, the cards, the quote API and Tara.
 */

/** The spec's figure: 3.9% a year. */
export const DEFAULT_APR_PERCENT = 3.9;
/** Terms a buyer can choose, in months. */
export const FINANCE_TERMS_MONTHS = [12, 24, 36, 48, 60, 72] as const;
/** The term a card assumes when the installation sets none (FINANCE_TERM_MONTHS). */
export const DEFAULT_FINANCE_TERM_MONTHS = 60;
/** The deposit a card assumes, as a share of the price. */
export const DEFAULT_DEPOSIT_SHARE = 0.2;

export interface FinanceTerms {
  /** The price in minor units. */
  priceMinor: number;
  /** The deposit in minor units (0 up to the price). */
  depositMinor: number;
  /** Annual percentage rate, 3.9 for 3.9%. */
  aprPercent: number;
  termMonths: number;
}

/**
 * The monthly payment in minor units, rounded half-even; 0 when nothing is borrowed; the plain division when the APR
 * is 0. Throws on terms no lender offers (a negative or fractional term, a deposit above the price).
 */
export function monthlyPayment({ priceMinor, depositMinor, aprPercent, termMonths }: FinanceTerms): number {
  if (!Number.isInteger(termMonths) || termMonths < 1) throw new RangeError(`termMonths must be a whole number of months ≥ 1, not ${termMonths}`);
  if (!(aprPercent >= 0) || aprPercent > 100) throw new RangeError(`aprPercent must be between 0 and 100, not ${aprPercent}`);
  if (!(depositMinor >= 0) || depositMinor > priceMinor) throw new RangeError('depositMinor must be between 0 and the price');
  const principal = priceMinor - depositMinor;
  if (principal === 0) return 0;
  const r = aprPercent / 100 / 12;
  if (r === 0) return roundHalfEven(principal / termMonths);
  return roundHalfEven((principal * r) / (1 - (1 + r) ** -termMonths));
}
