import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../src/api/client';
import { rateLimitedText, tryAgainIn } from '../../src/api/rateLimited';
import en from '../../src/api/formMessages/en';
import fr from '../../src/api/formMessages/fr';
import ar from '../../src/api/formMessages/ar';
import sw from '../../src/api/formMessages/sw';
import { interpolate, type Language } from '../../src/i18n';

const CATALOGUES: Record<Language, Record<keyof typeof en, string>> = { en, fr, ar, sw };
const translate = (language: Language) => (key: keyof typeof en, values?: Record<string, string | number>) => interpolate(CATALOGUES[language][key], values);

describe('Retry-After as the API sends it', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('45')).toBe(45);
    expect(retryAfterSeconds(' 3600 ')).toBe(3600);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    for (const unreadable of [null, undefined, '', 'soon', '-5', '1.5']) expect(retryAfterSeconds(unreadable)).toBeUndefined();
  });
});

describe('when to try again, in the visitor language', () => {
  it.each([
    [45, 'en', 'in 45 seconds'],
    [0, 'en', 'in 1 second'],
    [61, 'en', 'in 2 minutes'],
    [3540, 'en', 'in 59 minutes'],
    [3599, 'en', 'in 1 hour'],
    [3600, 'en', 'in 1 hour'],
    [86_400, 'en', 'in 24 hours'],
    [45, 'fr', 'dans 45 secondes'],
    [180, 'fr', 'dans 3 minutes'],
    [180, 'sw', 'baada ya dakika 3'],
  ] as const)('%i s in %s: %s', (seconds, language, expected) => {
    expect(tryAgainIn(language, seconds)).toBe(expected);
  });

  it('Arabic says it in Arabic', () => {
    expect(tryAgainIn('ar', 180)).toMatch(/^خلال (3|٣) دقائق$/);
  });

  it('fills the sentence of every language, or says "later" when the API gave no time', () => {
    expect(rateLimitedText(translate('en'), 'en', 180)).toBe('You have sent this too many times in a short while. Please try again in 3 minutes; what you typed is kept.');
    expect(rateLimitedText(translate('fr'), 'fr', 45)).toBe('Vous avez envoyé ceci trop de fois en peu de temps. Veuillez réessayer dans 45 secondes ; ce que vous avez saisi est conservé.');
    expect(rateLimitedText(translate('sw'), 'sw', 3600)).toContain('Tafadhali jaribu tena baada ya saa 1;');
    expect(rateLimitedText(translate('ar'), 'ar', 3600)).toContain('يُرجى المحاولة مرة أخرى خلال ساعة واحدة');
    expect(rateLimitedText(translate('fr'), 'fr', undefined)).toContain('Veuillez réessayer plus tard');
    for (const language of ['en', 'fr', 'ar', 'sw'] as const) expect(rateLimitedText(translate(language), language, 90)).not.toContain('{when}');
  });
});
