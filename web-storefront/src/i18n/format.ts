import { useMemo } from 'react';
import { currencyLocale, formatMoney, fromMajor, type PriceCurrency } from '@autobest/domain/money';
import type { Language } from './languages';
import { useLanguage } from './store';

/**
 * The locale to format an amount in. English keeps the currency's own locale (the spec: en-NG for naira,
 * fr-CI for CFA francs...); the other languages use their own conventions in that currency's country.
 */
export function moneyLocale(language: Language, currency: PriceCurrency): string {
  const ownLocale = currencyLocale(currency);
  if (language === 'en') return ownLocale;
  const region = ownLocale.split('-')[1];
  return region ? `${language}-${region}` : language;
}

export interface Formatters {
  language: Language;
  /** A price in major units of `currency`, 0 to 2 fraction digits. */
  money(amount: number, currency: PriceCurrency): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  date(value: Date | string, options?: Intl.DateTimeFormatOptions): string;
}

export function formattersFor(language: Language): Formatters {
  return {
    language,
    money: (amount, currency) => formatMoney(fromMajor(amount, currency), { locale: moneyLocale(language, currency) }),
    number: (value, options) => new Intl.NumberFormat(language, options).format(value),
    date: (value, options = { dateStyle: 'medium' }) => new Intl.DateTimeFormat(language, options).format(typeof value === 'string' ? new Date(value) : value),
  };
}

/** Numbers, dates and prices formatted for the visitor's language. */
export function useFormat(): Formatters {
  const language = useLanguage();
  return useMemo(() => formattersFor(language), [language]);
}
