import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpolate, plural, pluralCategory, type Translation } from '../../src/i18n/messages';
import type { Language } from '../../src/i18n/languages';
import inventoryEn from '../../src/inventory/messages/en';
import inventoryFr from '../../src/inventory/messages/fr';
import inventoryAr from '../../src/inventory/messages/ar';
import inventorySw from '../../src/inventory/messages/sw';
import supportEn from '../../src/support/messages/en';
import supportFr from '../../src/support/messages/fr';
import supportAr from '../../src/support/messages/ar';
import supportSw from '../../src/support/messages/sw';
import homeEn from '../../src/home/sections/messages/en';
import homeFr from '../../src/home/sections/messages/fr';
import homeAr from '../../src/home/sections/messages/ar';
import homeSw from '../../src/home/sections/messages/sw';
import { formattersFor, moneyLocale } from '../../src/i18n/format';
import { initialLanguage } from '../../src/i18n/languages';

describe('storefront messages', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('View {brand} Models', { brand: 'Chery' })).toBe('View Chery Models');
    expect(interpolate('{n} vehicles failed validation', { n: 3 })).toBe('3 vehicles failed validation');
    expect(interpolate('Hello {name}', {})).toBe('Hello {name}');
    expect(interpolate('No placeholders')).toBe('No placeholders');
  });
});

describe('plurals in each language', () => {
  const inventory: Record<Language, Translation<typeof inventoryEn>> = { en: inventoryEn, fr: inventoryFr, ar: inventoryAr, sw: inventorySw };
  const support: Record<Language, Translation<typeof supportEn>> = { en: supportEn, fr: supportFr, ar: supportAr, sw: supportSw };
  const vehicles = (language: Language, count: number) => plural(inventory[language], language, 'vehicleCount', count);
  const topics = (language: Language, count: number) => plural(support[language], language, 'topics', count);

  it('takes the category from the language: French counts 0 as one, Arabic has six forms', () => {
    expect([0, 1, 2].map((count) => pluralCategory('en', count))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((count) => pluralCategory('fr', count))).toEqual(['one', 'one', 'other']);
    expect([0, 1, 2, 3, 11, 100].map((count) => pluralCategory('ar', count))).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect([0, 1, 2].map((count) => pluralCategory('sw', count))).toEqual(['other', 'one', 'other']);
  });

  it('English and Swahili: one and other', () => {
    expect([0, 1, 2, 162].map((count) => vehicles('en', count))).toEqual(['0 vehicles', '1 vehicle', '2 vehicles', '162 vehicles']);
    expect([0, 1, 13].map((count) => topics('en', count))).toEqual(['0 topics', '1 topic', '13 topics']);
    expect([0, 1, 2].map((count) => vehicles('sw', count))).toEqual(['Magari 0', 'Gari 1', 'Magari 2']);
    expect(topics('sw', 1)).toBe('Mada 1');
  });

  it('French: 0 and 1 are singular, a million takes "de"', () => {
    expect([0, 1, 2, 162].map((count) => vehicles('fr', count))).toEqual(['0 véhicule', '1 véhicule', '2 véhicules', '162 véhicules']);
    expect(vehicles('fr', 1_000_000)).toBe('1000000 de véhicules');
    expect([0, 1, 13].map((count) => topics('fr', count))).toEqual(['0 sujet', '1 sujet', '13 sujets']);
  });

  it('Arabic: zero, one, two, few (3-10), many (11-99) and other', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 162].map((count) => vehicles('ar', count))).toEqual([
      'لا توجد مركبات',
      'مركبة واحدة',
      'مركبتان',
      '3 مركبات',
      '10 مركبات',
      '11 مركبة',
      '99 مركبة',
      '100 مركبة',
      '162 مركبة',
    ]);
    expect([0, 1, 2, 5, 13].map((count) => topics('ar', count))).toEqual(['لا توجد مواضيع', 'موضوع واحد', 'موضوعان', '5 مواضيع', '13 موضوعًا']);
  });

  it('every plural message has a form for each category its language uses', () => {
    const catalogues: Array<Record<Language, Readonly<Record<string, string | undefined>>>> = [inventory, support, { en: homeEn, fr: homeFr, ar: homeAr, sw: homeSw }];
    for (const catalogue of catalogues) {
      const names = Object.keys(catalogue.en).flatMap((key) => (key.endsWith('.other') ? [key.slice(0, -'.other'.length)] : []));
      expect(names.length).toBeGreaterThan(0);
      for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
        for (const category of new Intl.PluralRules(language).resolvedOptions().pluralCategories) {
          for (const name of names) expect(catalogue[language][`${name}.${category}`], `${language} ${name}.${category}`).toBeTypeOf('string');
        }
      }
    }
  });

  it('shows the count as the page formatted it', () => {
    expect(plural(inventoryEn, 'en', 'vehicleCount', 2500, { count: '2,500' })).toBe('2,500 vehicles');
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

  it("is the link's ?lang= when it names one of ours (an email's status link), before the remembered choice", () => {
    const store = new Map<string, string>([['user_language', 'ar']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value) });
    vi.stubGlobal('navigator', { languages: ['en-GB'], language: 'en-GB' });
    vi.stubGlobal('location', { search: '?token=abc&lang=fr' });
    expect(initialLanguage()).toBe('fr');
    vi.stubGlobal('location', { search: '?lang=de' });
    expect(initialLanguage()).toBe('ar');
  });
});
