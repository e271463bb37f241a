import { FALLBACK_RATES_SOURCE } from '@autobest/domain/money';
import type { RatesState } from '../currency/useRates';

export type SiteNoticeKey = 'locationUnknown' | 'ratesFailed' | 'referenceRates';

export interface SiteNotice {
  key: SiteNoticeKey;
  /** A small note about an expected state, drawn quieter than the spec's messages about something that failed. */
  quiet: boolean;
}

/**
 * What the layout tells the visitor about their location and the rates: the spec's message when the location could
 * not be told, the spec's 'Failed to fetch exchange rates' only when our rates request itself failed, and a quiet
 * note when our API answered with its reference (fallback) rates, the expected state where no rate service is set.
 */
export function siteNotices(location: 'locationUnknown' | null, rates: RatesState): SiteNotice[] {
  const notices: SiteNotice[] = location ? [{ key: location, quiet: false }] : [];
  if (rates.phase === 'failed') notices.push({ key: 'ratesFailed', quiet: false });
  else if (rates.phase === 'ready' && rates.source === FALLBACK_RATES_SOURCE) notices.push({ key: 'referenceRates', quiet: true });
  return notices;
}
