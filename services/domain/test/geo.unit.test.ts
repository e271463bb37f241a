import { describe, expect, it } from 'vitest';
import { guessCurrency } from '../src/index';

describe('guessCurrency', () => {
  it.each([
    ['NG', undefined, 'NGN', 'proxy-header'],
    ['ke', 'en-US', 'KES', 'proxy-header'],
    ['CM', undefined, 'XAF', 'proxy-header'],
    [null, 'fr-CI,fr;q=0.9', 'XOF', 'accept-language'],
    [null, 'en-US,sw-TZ;q=0.8', 'TZS', 'accept-language'],
    ['US', 'en-ZA', 'ZAR', 'accept-language'],
    [null, 'en-GB', 'NGN', 'default'],
    [null, undefined, 'NGN', 'default'],
    ['XX', 'garbage', 'NGN', 'default'],
  ] as const)('country header %s with languages %s → %s (%s)', (country, languages, currency, source) => {
    expect(guessCurrency(country, languages)).toMatchObject({ currency, source });
  });
});
