import { describe, expect, it } from 'vitest';
import { CURRENCIES, FALLBACK_RATES, convert, formatMoney, formatPlain, fromMajor, rateOf, type CurrencyCode } from '../src/index';

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
