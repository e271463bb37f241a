import { COUNTRY_CURRENCY, DEFAULT_CURRENCY, type CurrencyCode } from './currencies';

export interface GeoGuess {
  country: string | null;
  currency: CurrencyCode;
  source: 'proxy-header' | 'accept-language' | 'default';
}

/** Countries whose languages name them in Accept-Language: "en-NG", "sw-TZ", "fr-CI", "pt-AO". */
function countryFromLanguages(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  for (const part of acceptLanguage.split(',')) {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase();
    if (region && COUNTRY_CURRENCY[region]) return region;
  }
  return null;
}

/**
 * The visitor's default currency: a trusted proxy's country header (CF-IPCountry, X-Country-Code), else the
 * region of their languages, else NGN. Only countries of the spec's map choose a currency.
 */
export function guessCurrency(proxyCountry: string | null, acceptLanguage: string | undefined): GeoGuess {
  const fromProxy = proxyCountry?.trim().toUpperCase();
  if (fromProxy && /^[A-Z]{2}$/.test(fromProxy)) {
    const currency = COUNTRY_CURRENCY[fromProxy];
    if (currency) return { country: fromProxy, currency, source: 'proxy-header' };
  }
  const fromLanguage = countryFromLanguages(acceptLanguage);
  if (fromLanguage) return { country: fromLanguage, currency: COUNTRY_CURRENCY[fromLanguage]!, source: 'accept-language' };
  return { country: fromProxy && /^[A-Z]{2}$/.test(fromProxy) ? fromProxy : null, currency: DEFAULT_CURRENCY, source: 'default' };
}
