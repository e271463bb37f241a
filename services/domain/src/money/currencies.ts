/** The ten currencies a visitor can choose, in the order the selector lists them (NGN first: the default). */
export const CURRENCIES = [
  { code: 'NGN', symbol: '₦', name: 'Nigerian Naira', flag: '🇳🇬', locale: 'en-NG' },
  { code: 'ZAR', symbol: 'R', name: 'South African Rand', flag: '🇿🇦', locale: 'en-ZA' },
  { code: 'KES', symbol: 'KSh', name: 'Kenyan Shilling', flag: '🇰🇪', locale: 'en-KE' },
  { code: 'GHS', symbol: 'GH₵', name: 'Ghanaian Cedi', flag: '🇬🇭', locale: 'en-GH' },
  { code: 'ETB', symbol: 'Br', name: 'Ethiopian Birr', flag: '🇪🇹', locale: 'en-ET' },
  { code: 'TZS', symbol: 'TSh', name: 'Tanzanian Shilling', flag: '🇹🇿', locale: 'en-TZ' },
  { code: 'UGX', symbol: 'USh', name: 'Ugandan Shilling', flag: '🇺🇬', locale: 'en-UG' },
  { code: 'XOF', symbol: 'CFA', name: 'West African CFA', flag: '🇨🇮', locale: 'fr-CI' },
  { code: 'XAF', symbol: 'FCFA', name: 'Central African CFA', flag: '🇨🇲', locale: 'fr-CM' },
  { code: 'AOA', symbol: 'Kz', name: 'Angolan Kwanza', flag: '🇦🇴', locale: 'pt-AO' },
] as const;

export type CurrencyCode = (typeof CURRENCIES)[number]['code'];
/** Catalogue prices are in US dollars (the spec's base) or one of the ten. */
export type PriceCurrency = CurrencyCode | 'USD';

export const CURRENCY_CODES = CURRENCIES.map((currency) => currency.code) as unknown as readonly [CurrencyCode, ...CurrencyCode[]];
export const PRICE_CURRENCY_CODES = ['USD', ...CURRENCY_CODES] as const;
export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

/** The source a rates snapshot names when it holds FALLBACK_RATES alone: no rate service set, or none answered yet. */
export const FALLBACK_RATES_SOURCE = 'fallback';

/** Per 1 USD, used until the rate service answers and for any currency its answer lacks. */
export const FALLBACK_RATES: Readonly<Record<CurrencyCode, number>> = {
  NGN: 1540,
  ZAR: 18.5,
  KES: 130,
  GHS: 12.5,
  ETB: 55,
  TZS: 2500,
  UGX: 3800,
  XOF: 600,
  XAF: 600,
  AOA: 830,
};

/** The spec's country → currency map for the default choice. */
export const COUNTRY_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  NG: 'NGN',
  ZA: 'ZAR',
  KE: 'KES',
  GH: 'GHS',
  ET: 'ETB',
  TZ: 'TZS',
  UG: 'UGX',
  CI: 'XOF',
  CM: 'XAF',
  AO: 'AOA',
};

export const isCurrencyCode = (code: string): code is CurrencyCode => (CURRENCY_CODES as readonly string[]).includes(code);
export const currencyInfo = (code: CurrencyCode) => CURRENCIES.find((currency) => currency.code === code)!;
