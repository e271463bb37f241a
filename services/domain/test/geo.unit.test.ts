import { describe, expect, it } from 'vitest';
import { guessCurrency } from '../src/index';

describe('guessCurrency', () => {
  it.each([
    ['NG', null, undefined, 'NGN', 'proxy-header'],
    ['ke', 'GH', 'en-US', 'KES', 'proxy-header'],
    ['CM', null, undefined, 'XAF', 'proxy-header'],
    [null, 'KE', 'en-US', 'KES', 'address'],
    ['US', 'CI', 'en-GH', 'XOF', 'address'],
    [null, null, 'fr-CI,fr;q=0.9', 'XOF', 'accept-language'],
    [null, null, 'en-US,sw-TZ;q=0.8', 'TZS', 'accept-language'],
    ['US', 'FR', 'en-ZA', 'ZAR', 'accept-language'],
    [null, null, 'en-GB', 'NGN', 'default'],
    [null, null, undefined, 'NGN', 'default'],
    ['XX', null, 'garbage', 'NGN', 'default'],
  ] as const)('country header %s, address in %s, languages %s → %s (%s)', (proxyCountry, addressCountry, acceptLanguage, currency, source) => {
    expect(guessCurrency({ proxyCountry, addressCountry, acceptLanguage })).toMatchObject({ currency, source });
  });

  it('names the country it found even when no source gives a currency of ours', () => {
    expect(guessCurrency({ proxyCountry: null, addressCountry: 'fr', acceptLanguage: 'fr-FR' })).toEqual({ country: 'FR', currency: 'NGN', source: 'default' });
  });
});
