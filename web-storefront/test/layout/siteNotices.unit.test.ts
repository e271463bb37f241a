import { describe, expect, it } from 'vitest';
import { FALLBACK_RATES } from '@autobest/domain/money';
import type { Language } from '../../src/i18n';
import type { RatesState } from '../../src/currency/useRates';
import { siteNotices } from '../../src/layout/siteNotices';
import en from '../../src/layout/messages/en';
import fr from '../../src/layout/messages/fr';
import ar from '../../src/layout/messages/ar';
import sw from '../../src/layout/messages/sw';

const ready = (source: string): RatesState => ({ phase: 'ready', rates: FALLBACK_RATES, source, timestamp: new Date(0).toISOString() });
const MESSAGES: Record<Language, Record<keyof typeof en, string>> = { en, fr, ar, sw };

describe('the notices along the bottom edge', () => {
  it('says quietly that prices use reference rates when our API has only its fallback rates, not that fetching failed', () => {
    expect(siteNotices(null, ready('fallback'))).toEqual([{ key: 'referenceRates', quiet: true }]);
  });

  it("keeps the spec's error for a rates request that failed, and for a location that could not be told", () => {
    expect(siteNotices(null, { phase: 'failed' })).toEqual([{ key: 'ratesFailed', quiet: false }]);
    expect(siteNotices('locationUnknown', ready('fallback'))).toEqual([
      { key: 'locationUnknown', quiet: false },
      { key: 'referenceRates', quiet: true },
    ]);
  });

  it('says nothing while rates load or once the rate service has answered', () => {
    expect(siteNotices(null, { phase: 'loading' })).toEqual([]);
    expect(siteNotices(null, ready('rate service'))).toEqual([]);
  });

  it.each(['en', 'fr', 'ar', 'sw'] as const)('the note has its own words in %s, not those of the failure', (language) => {
    const { referenceRates, ratesFailed } = MESSAGES[language];
    expect(referenceRates.trim()).not.toBe('');
    expect(referenceRates).not.toBe(ratesFailed);
    if (language !== 'en') expect(referenceRates).not.toBe(en.referenceRates);
  });
});
