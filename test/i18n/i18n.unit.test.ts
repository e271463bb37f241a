import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpolate } from '../../web-storefront/src/i18n/messages';
import { formattersFor, moneyLocale } from '../../web-storefront/src/i18n/format';
import { initialLanguage } from '../../web-storefront/src/i18n/languages';

describe('storefront messages', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('View {brand} Models', { brand: 'Chery' })).toBe('View Chery Models');
    expect(interpolate('{n} vehicles failed validation', { n: 3 })).toBe('3 vehicles failed validation');
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    expect(interpolate('No placeholders')).toBe('No placeholders');
  });
});

describe('formatting for the language', () => {
  it('English keeps each currency its own locale, as the spec says', () => {
    expect(moneyLocale('en', 'NGN')).toBe('en-NG');
    expect(moneyLocale('en', 'XOF')).toBe('fr-CI');
    expect(moneyLocale('en', 'USD')).toBe('en-US');
    expect(formattersFor('en').money(42_850_000, 'NGN')).toBe('₦42,850,000');
  });

  it('other languages use their own conventions in the currency country', () => {
    expect(moneyLocale('fr', 'NGN')).toBe('fr-NG');
    expect(moneyLocale('sw', 'KES')).toBe('sw-KE');
    expect(moneyLocale('ar', 'ZAR')).toBe('ar-ZA');
    // French groups thousands with a narrow no-break space and puts the symbol after the amount.
    expect(formattersFor('fr').money(42_850_000, 'NGN')).toMatch(/^42\u202f850\u202f000\s?(NGN|₦)$/);
    expect(formattersFor('fr').number(2500)).toBe('2\u202f500');
    expect(formattersFor('sw').money(1_234_567, 'KES')).toMatch(/1,234,567/);
  });

  it('keeps 0 to 2 fraction digits', () => {
    expect(formattersFor('en').money(299.5, 'USD')).toBe('$299.5');
    expect(formattersFor('en').money(299, 'USD')).toBe('$299');
    expect(formattersFor('en').money(10.456, 'GHS')).toMatch(/10\.46/);
  });
});

describe('the first language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the remembered choice, else the first browser language we speak, else English', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value) });
    vi.stubGlobal('navigator', { languages: ['de-DE', 'sw-TZ', 'fr'], language: 'de-DE' });
    expect(initialLanguage()).toBe('sw');
    store.set('user_language', 'ar');
    expect(initialLanguage()).toBe('ar');
    store.set('user_language', 'xx');
    vi.stubGlobal('navigator', { languages: ['de-DE', 'pt-BR'], language: 'de-DE' });
    expect(initialLanguage()).toBe('en');
  });
});
