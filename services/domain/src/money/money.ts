import type { SiteLanguage } from '../platform/languages';
import { currencyInfo, FALLBACK_RATES, isCurrencyCode, type PriceCurrency } from './currencies';

/** An amount in minor units (kobo, cents; whole units for UGX, XOF, XAF) with its currency. */
export interface Money<Currency extends PriceCurrency = PriceCurrency> {
  amountMinor: number;
  currency: Currency;
}

/** Rates per 1 USD. */
export type Rates = Readonly<Partial<Record<PriceCurrency, number>>>;

const digitsCache = new Map<string, number>();
/** ISO 4217 minor-unit digits as the platform knows them: 2 for NGN, 0 for UGX, XOF, XAF. */
export function minorDigits(currency: PriceCurrency): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** The one conversion pair between minor units (what is stored) and major units (what people read and type). */
export const toMajor = (money: Money) => money.amountMinor / 10 ** minorDigits(money.currency);
export const fromMajor = <Currency extends PriceCurrency>(amount: number, currency: Currency): Money<Currency> => ({
  amountMinor: Math.round(amount * 10 ** minorDigits(currency)),
  currency,
});

/** Whether an amount in major units has no more decimals than its currency's minor unit (₦12.5 yes, ₦12.555 no). */
export function fitsMinorUnits(amount: number, currency: PriceCurrency): boolean {
  const minor = amount * 10 ** minorDigits(currency);
  return Math.abs(Math.round(minor) - minor) < 1e-6;
}

/** The rate of a currency per 1 USD: USD is 1; a missing or broken rate falls back to the spec's table. */
export function rateOf(currency: PriceCurrency, rates: Rates): number {
  if (currency === 'USD') return 1;
  const rate = rates[currency];
  if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) return rate;
  return isCurrencyCode(currency) ? FALLBACK_RATES[currency] : 1;
}

/** Converts through USD: amount / rate(from) × rate(to). */
export function convert(money: Money, to: PriceCurrency, rates: Rates): Money {
  if (money.currency === to) return money;
  const usd = toMajor(money) / rateOf(money.currency, rates);
  return fromMajor(usd * rateOf(to, rates), to);
}

/** The locale a currency's amounts are written in by default: en-NG for naira, fr-CI for CFA francs, en-US for dollars. */
export const currencyLocale = (currency: PriceCurrency): string => (currency !== 'USD' && isCurrencyCode(currency) ? currencyInfo(currency).locale : 'en-US');

export interface MoneyFormat {
  /** The locale to write in; the currency's own (currencyLocale) when not given. */
  locale?: string;
  /**
   * 'significant' (the default): 0 to 2 fraction digits, as prices are shown (₦4,500,000, ₦1,234.5); 'minor': every
   * digit of the currency's minor unit, as the console's tables show amounts (₦4,500,000.00).
   */
  fractionDigits?: 'significant' | 'minor';
  /**
   * 'symbol' (the default): the locale's sign for the currency (₦4,500,000); 'code': the ISO code, a space, then the
   * number (NGN 4,500,000), as the console's tariff preview lists a quote in any of the currencies.
   */
  currencyDisplay?: 'symbol' | 'code';
}

/** The one way amounts are shown with their currency (Intl, so a language writes them as its readers expect). */
export function formatMoney(money: Money, { locale, fractionDigits = 'significant', currencyDisplay = 'symbol' }: MoneyFormat = {}): string {
  const digits = Math.min(2, minorDigits(money.currency));
  const fraction = fractionDigits === 'minor' ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : { minimumFractionDigits: 0, maximumFractionDigits: digits };
  const writtenIn = locale ?? currencyLocale(money.currency);
  if (currencyDisplay === 'code') return `${money.currency} ${new Intl.NumberFormat(writtenIn, fraction).format(toMajor(money))}`;
  return new Intl.NumberFormat(writtenIn, { style: 'currency', currency: money.currency, ...fraction }).format(toMajor(money));
}

/** French writes the symbol after the amount and groups thousands with a narrow space; the others as English does. */
const PLAIN_STYLE: Record<SiteLanguage, { group: string; decimal: string; symbolAfter: boolean }> = {
  en: { group: ',', decimal: '.', symbolAfter: false },
  fr: { group: '\u202f', decimal: ',', symbolAfter: true },
  ar: { group: ',', decimal: '.', symbolAfter: false },
  sw: { group: ',', decimal: '.', symbolAfter: false },
};

/**
 * The amount with the currency's own symbol, as the spec's hero shows a price when conversion is impossible and as
 * Tara writes amounts in a sentence ("₦30,000,000", "KSh 2,500,000", French "30 000 000 ₦"). Written out by hand,
 * not with Intl, so every runtime writes the same symbol (Intl writes "NGN" in French).
 */
export function formatPlain(amount: number, currency: PriceCurrency | (string & {}), language: SiteLanguage = 'en'): string {
  const { group, decimal, symbolAfter } = PLAIN_STYLE[language];
  const symbol = currency === 'USD' ? '$' : isCurrencyCode(currency) ? currencyInfo(currency).symbol : currency;
  const rounded = Math.round(Math.abs(amount) * 100) / 100;
  const [whole, fraction] = rounded.toFixed(Number.isInteger(rounded) ? 0 : 2).split('.');
  // eslint-disable-next-line regexp/no-super-linear-move -- the digits of a number (toFixed writes past 21 with an exponent), not outside text
  const digits = `${amount < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${fraction ? `${decimal}${fraction}` : ''}`;
  if (symbolAfter) return `${digits}\u00a0${symbol}`;
  // A symbol of letters (KSh, R, CFA) stands apart from the digits; a sign (₦, $, GH₵) touches them.
  return /\p{L}$/u.test(symbol) ? `${symbol}\u00a0${digits}` : `${symbol}${digits}`;
}

/**
 * Rounds to the nearest integer, halves to the even neighbour (banker's rounding): a column of rounded figures then
 * drifts neither up nor down. Every money figure computed from a rate (a duty, a levy, interest) is rounded to minor
 * units with this, once, where it is computed. Values within 1e-9 of a half count as the half, so 2.5 computed as
 * 2.4999999999 still rounds to 2.
 */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (Math.abs(fraction - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(value);
}

/** amount × rate in minor units, rounded half-even (a 7.5% VAT on ₦1,234,567.89 is rate 0.075). */
export const applyRate = (amountMinor: number, rate: number): number => roundHalfEven(amountMinor * rate);
