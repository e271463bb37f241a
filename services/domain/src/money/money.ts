import { currencyInfo, FALLBACK_RATES, isCurrencyCode, type CurrencyCode, type PriceCurrency } from './currencies';

/** An amount in minor units (kobo, cents; whole units for UGX, XOF, XAF) with its currency. */
export interface Money {
  amountMinor: number;
  currency: PriceCurrency;
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

export const toMajor = (money: Money) => money.amountMinor / 10 ** minorDigits(money.currency);
export const fromMajor = (amount: number, currency: PriceCurrency): Money => ({
  amountMinor: Math.round(amount * 10 ** minorDigits(currency)),
  currency,
});

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

/** The one way prices are shown: the currency's locale, 0 to 2 fraction digits. */
export function formatMoney(money: Money, locale?: string): string {
  const currencyLocale = money.currency !== 'USD' && isCurrencyCode(money.currency) ? currencyInfo(money.currency as CurrencyCode).locale : 'en-US';
  return new Intl.NumberFormat(locale ?? currencyLocale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: Math.min(2, minorDigits(money.currency)),
  }).format(toMajor(money));
}

/** When conversion is impossible: the plain amount with the currency's symbol, as the spec's hero does. */
export function formatPlain(amount: number, currency: CurrencyCode): string {
  return `${currencyInfo(currency).symbol}${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
