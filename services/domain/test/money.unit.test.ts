import { describe, expect, it } from 'vitest';
import { CURRENCIES, FALLBACK_RATES, convert, currencyLocale, fitsMinorUnits, formatMoney, formatPlain, fromMajor, minorDigits, rateOf, toMajor, type CurrencyCode, type PriceCurrency } from '../src/index';

const collapse = (text: string) => text.replace(/\s/g, ' ');

describe('currencies', () => {
  it('lists the ten currencies with NGN first', () => {
    expect(CURRENCIES.map((currency) => currency.code)).toEqual(['NGN', 'ZAR', 'KES', 'GHS', 'ETB', 'TZS', 'UGX', 'XOF', 'XAF', 'AOA']);
  });

  it('falls back per currency: a missing or broken rate uses the spec table, anything else is 1', () => {
    expect(rateOf('NGN', {})).toBe(1540);
    expect(rateOf('KES', { KES: Number.NaN })).toBe(130);
    expect(rateOf('ZAR', { ZAR: 19.1 })).toBe(19.1);
    expect(rateOf('USD', {})).toBe(1);
  });

  it.each(CURRENCIES.map((currency) => [currency.code]))('converts USD 35,000 into %s with the fallback rate', (code) => {
    const converted = convert(fromMajor(35_000, 'USD'), code as CurrencyCode, {});
    const expected = 35_000 * FALLBACK_RATES[code as CurrencyCode];
    expect(converted.currency).toBe(code);
    expect(converted.amountMinor / 10 ** (['UGX', 'XOF', 'XAF'].includes(code) ? 0 : 2)).toBeCloseTo(expected, 2);
  });

  it('converts between two local currencies through USD', () => {
    expect(convert(fromMajor(1540, 'NGN'), 'KES', {})).toEqual({ amountMinor: 13_000, currency: 'KES' });
  });

  it.each([
    ['NGN', 53_900_000, '₦53,900,000'],
    ['NGN', 1234.5, '₦1,234.5'],
    ['ZAR', 647_500, 'R 647 500'],
    ['KES', 4_550_000, 'Ksh 4,550,000'],
    ['GHS', 437_500, 'GH₵437,500'],
    ['UGX', 133_000_000, 'USh 133,000,000'],
    ['XOF', 21_000_000, '21 000 000 F CFA'],
    ['XAF', 21_000_000, '21 000 000 FCFA'],
  ] as const)('formats %s %d in its own locale with 0-2 decimals', (code, amount, text) => {
    expect(collapse(formatMoney(fromMajor(amount, code)))).toBe(collapse(text));
  });

  it('shows a plain amount with the symbol when conversion fails', () => {
    expect(formatPlain(42_850_000, 'NGN')).toBe('₦42,850,000');
  });

  it.each([
    [30_000_000, 'NGN', 'en', '₦30,000,000'],
    [25_000, 'USD', 'sw', '$25,000'],
    [2_500_000, 'KES', 'en', 'KSh\u00a02,500,000'],
    [350_000, 'ZAR', 'ar', 'R\u00a0350,000'],
    [2_500_000.5, 'XOF', 'fr', '2\u202f500\u202f000,50\u00a0CFA'],
    [30_000_000, 'NGN', 'fr', '30\u202f000\u202f000\u00a0₦'],
    [300_000, 'GHS', 'ar', 'GH₵300,000'],
  ] as const)('writes %d %s in %s sentences with its own symbol: %s', (amount, currency, language, text) => {
    expect(formatPlain(amount, currency, language)).toBe(text);
  });
});

describe('minor and major units', () => {
  const MINOR_DIGITS: Record<PriceCurrency, number> = { USD: 2, NGN: 2, ZAR: 2, KES: 2, GHS: 2, ETB: 2, TZS: 2, UGX: 0, XOF: 0, XAF: 0, AOA: 2 };

  it.each(Object.entries(MINOR_DIGITS))('%s has %d minor digits, and 1,234 major units round-trip through minor units', (code, digits) => {
    const currency = code as PriceCurrency;
    expect(minorDigits(currency)).toBe(digits);
    const money = fromMajor(1234, currency);
    expect(money).toEqual({ amountMinor: 1234 * 10 ** digits, currency });
    expect(toMajor(money)).toBe(1234);
  });

  it('keeps kobo and cents, and drops what a whole-unit currency cannot hold', () => {
    expect(fromMajor(1234.56, 'NGN').amountMinor).toBe(123_456);
    expect(fromMajor(0.01, 'USD').amountMinor).toBe(1);
    expect(toMajor({ amountMinor: 123_456, currency: 'NGN' })).toBe(1234.56);
    expect(fromMajor(1234.4, 'UGX').amountMinor).toBe(1234);
  });

  it('converts zero and negative amounts', () => {
    expect(fromMajor(0, 'NGN').amountMinor).toBe(0);
    expect(toMajor({ amountMinor: 0, currency: 'XOF' })).toBe(0);
    expect(fromMajor(-12.34, 'NGN').amountMinor).toBe(-1234);
    expect(toMajor({ amountMinor: -1234, currency: 'NGN' })).toBe(-12.34);
  });

  it('rounds a half of a minor unit up, towards +∞ (Math.round)', () => {
    expect(fromMajor(2.5, 'UGX').amountMinor).toBe(3);
    expect(fromMajor(3.5, 'XAF').amountMinor).toBe(4);
    expect(fromMajor(-2.5, 'UGX').amountMinor).toBe(-2);
    expect(fromMajor(0.125, 'NGN').amountMinor).toBe(13);
  });

  it('holds large amounts exactly, up to the largest safe integer of minor units', () => {
    expect(fromMajor(1e12, 'NGN').amountMinor).toBe(1e14);
    expect(toMajor({ amountMinor: 1e14, currency: 'NGN' })).toBe(1e12);
    expect(toMajor({ amountMinor: Number.MAX_SAFE_INTEGER, currency: 'UGX' })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    [12.5, 'NGN', true],
    [12.55, 'NGN', true],
    [0.1 + 0.2, 'NGN', true],
    [-1.25, 'NGN', true],
    [12.555, 'NGN', false],
    [12, 'UGX', true],
    [12.5, 'UGX', false],
  ] as const)('%d fits the minor units of %s: %s', (amount, currency, fits) => {
    expect(fitsMinorUnits(amount, currency)).toBe(fits);
  });
});

describe('formatMoney', () => {
  it('writes in the currency’s own locale by default', () => {
    expect(currencyLocale('NGN')).toBe('en-NG');
    expect(currencyLocale('XOF')).toBe('fr-CI');
    expect(currencyLocale('USD')).toBe('en-US');
    expect(formatMoney(fromMajor(25_000, 'USD'))).toBe('$25,000');
  });

  it.each([
    [0, '₦0'],
    [-1234.5, '-₦1,234.5'],
    [1234.56, '₦1,234.56'],
    [1e12, '₦1,000,000,000,000'],
  ] as const)('writes ₦%d as %s', (amount, text) => {
    expect(formatMoney(fromMajor(amount, 'NGN'))).toBe(text);
  });

  it('rounds to the minor unit it shows: never more than two decimals, none for whole-unit currencies', () => {
    expect(formatMoney({ amountMinor: 123_456, currency: 'NGN' })).toBe('₦1,234.56');
    expect(collapse(formatMoney({ amountMinor: 1_000, currency: 'UGX' }))).toBe('USh 1,000');
  });

  it('writes in another locale when asked', () => {
    expect(collapse(formatMoney(fromMajor(45_000_000, 'NGN'), { locale: 'en' }))).toBe('NGN 45,000,000');
  });

  it('writes every digit of the minor unit for the console’s tables', () => {
    expect(formatMoney(fromMajor(4_500_000, 'NGN'), { fractionDigits: 'minor' })).toBe('₦4,500,000.00');
    expect(formatMoney(fromMajor(1234.5, 'NGN'), { fractionDigits: 'minor' })).toBe('₦1,234.50');
    expect(collapse(formatMoney(fromMajor(45_000_000, 'NGN'), { locale: 'en', fractionDigits: 'minor' }))).toBe('NGN 45,000,000.00');
    expect(formatMoney(fromMajor(35_000, 'USD'), { locale: 'en', fractionDigits: 'minor' })).toBe('$35,000.00');
    expect(collapse(formatMoney(fromMajor(133_000_000, 'UGX'), { locale: 'en', fractionDigits: 'minor' }))).toBe('UGX 133,000,000');
  });

  it('writes the ISO code, a space and the number for the tariff preview', () => {
    expect(formatMoney(fromMajor(1234.5, 'NGN'), { locale: 'en-NG', currencyDisplay: 'code' })).toBe('NGN 1,234.5');
    expect(formatMoney(fromMajor(0, 'KES'), { locale: 'en-NG', currencyDisplay: 'code' })).toBe('KES 0');
    expect(formatMoney(fromMajor(-5, 'NGN'), { locale: 'en-NG', currencyDisplay: 'code' })).toBe('NGN -5');
    expect(collapse(formatMoney(fromMajor(21_000_000, 'XOF'), { currencyDisplay: 'code' }))).toBe('XOF 21 000 000');
  });
});
