import { fromMajor, monthlyPayment, toMajor, type PriceCurrency } from '@autobest/domain/money';
import type { FinanceTermsAnswer } from '@autobest/domain/inventory/contracts';

export interface FinanceFigures {
  /** Major units of the price's currency, as every storefront amount. */
  deposit: number;
  monthly: number;
  /** The deposit and every monthly payment. */
  totalPayable: number;
  termMonths: number;
  aprPercent: number;
}

/**
 * The monthly payment of a car at a price, with a deposit, over a term, at the installation's APR: the domain's
 * monthlyPayment on minor units, so the card, the calculator and the quote API give the same figure.
 */
export function financeFigures(price: { amount: number; currency: string }, deposit: number, termMonths: number, aprPercent: number): FinanceFigures {
  const currency = price.currency as PriceCurrency;
  const priceMinor = fromMajor(price.amount, currency).amountMinor;
  const depositMinor = Math.min(priceMinor, Math.max(0, fromMajor(deposit, currency).amountMinor));
  const monthlyMinor = monthlyPayment({ priceMinor, depositMinor, aprPercent, termMonths });
  const major = (amountMinor: number) => toMajor({ amountMinor, currency });
  return { deposit: major(depositMinor), monthly: major(monthlyMinor), totalPayable: major(depositMinor + monthlyMinor * termMonths), termMonths, aprPercent };
}

/** The figure a card shows: the installation's term and APR, with the deposit share cards assume. */
export const cardFinance = (price: { amount: number; currency: string }, terms: FinanceTermsAnswer) =>
  financeFigures(price, price.amount * terms.depositShare, terms.termMonths, terms.aprPercent);
