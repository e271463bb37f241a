import { COUNTRY_CURRENCY, DEFAULT_CURRENCY, type CurrencyCode } from './currencies';

export const GEO_SOURCES = ['proxy-header', 'address', 'accept-language', 'default'] as const;

export interface GeoGuess {
  country: string | null;
  currency: CurrencyCode;
  /** Which source decided: the proxy's country header, the client address, the browser's languages, or none (NGN). */
  source: (typeof GEO_SOURCES)[number];
}

export interface GeoSignals {
  /** A trusted proxy's country header (CF-IPCountry, X-Country-Code); null when there is none or it is not believed. */
  proxyCountry: string | null;
  /** The country the client address belongs to, from the offline database; null for private addresses and unknown ones. */
  addressCountry: string | null;
  acceptLanguage: string | undefined;
}

const countryCode = (value: string | null) => {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
};

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
 * The visitor's default currency, from the first source that names a country of the spec's map: a trusted proxy's
 * country header, else the client address's country, else the region of their languages, else NGN.
 */
export function guessCurrency({ proxyCountry, addressCountry, acceptLanguage }: GeoSignals): GeoGuess {
  const fromProxy = countryCode(proxyCountry);
  if (fromProxy && COUNTRY_CURRENCY[fromProxy]) return { country: fromProxy, currency: COUNTRY_CURRENCY[fromProxy], source: 'proxy-header' };
  const fromAddress = countryCode(addressCountry);
  if (fromAddress && COUNTRY_CURRENCY[fromAddress]) return { country: fromAddress, currency: COUNTRY_CURRENCY[fromAddress], source: 'address' };
  const fromLanguage = countryFromLanguages(acceptLanguage);
  if (fromLanguage) return { country: fromLanguage, currency: COUNTRY_CURRENCY[fromLanguage]!, source: 'accept-language' };
  return { country: fromProxy ?? fromAddress, currency: DEFAULT_CURRENCY, source: 'default' };
}
