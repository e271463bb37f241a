import { QUEUES } from '../queues/queues';
import type { Db } from '@autobest/db';
import { CURRENCY_CODES, FALLBACK_RATES, FALLBACK_RATES_SOURCE, rateOf, type CurrencyCode } from '@autobest/domain';

/** The queue of the rate fetcher (workers); the API looks at it for the QA dashboard. */
export const RATES_QUEUE = QUEUES.rates;

export interface RatesSnapshot {
  base: 'USD';
  source: string;
  timestamp: string;
  rates: Record<CurrencyCode, number>;
}

/** The newest stored snapshot, completed with fallback rates; the spec's fallback table when none exists yet. */
export async function currentRates(db: Db): Promise<RatesSnapshot> {
  const latest = await db.selectFrom('rate_snapshots').select(['source', 'fetched_at', 'rates']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const stored = latest?.rates ?? {};
  const rates = Object.fromEntries(CURRENCY_CODES.map((code) => [code, latest ? rateOf(code, stored) : FALLBACK_RATES[code]])) as Record<CurrencyCode, number>;
  return {
    base: 'USD',
    source: latest?.source ?? FALLBACK_RATES_SOURCE,
    timestamp: (latest ? new Date(latest.fetched_at) : new Date(0)).toISOString(),
    rates,
  };
}
