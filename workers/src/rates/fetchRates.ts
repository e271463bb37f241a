import { CURRENCY_CODES, FALLBACK_RATES, type CurrencyCode } from '@autobest/domain';

export interface FetchedRates {
  rates: Record<CurrencyCode, number>;
  /** Currencies the service did not give (or gave as nonsense), filled from the fallback table. */
  filledFromFallback: CurrencyCode[];
}

export class RatesUnavailable extends Error {
  override readonly name = 'RatesUnavailable';
}

/**
 * Asks the rate service for USD rates: `{url}/latest/USD?app_id={appId}`, reading `rates`. A non-OK answer,
 * a timeout or a body without usable rates is a failure; a currency missing from a good answer takes its
 * fallback rate, as the spec says.
 */
export async function fetchRates(url: string, appId: string | undefined, timeoutMs = 10_000): Promise<FetchedRates> {
  const address = new URL(`${url.replace(/\/$/, '')}/latest/USD`);
  if (appId) address.searchParams.set('app_id', appId);
  let response: Response;
  try {
    response = await fetch(address, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RatesUnavailable(`Rate service did not answer: ${(error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message}`);
  }
  if (!response.ok) throw new RatesUnavailable(`Rate service answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RatesUnavailable('Rate service answered something that is not JSON');
  }
  const given = (body as { rates?: unknown })?.rates;
  if (!given || typeof given !== 'object') throw new RatesUnavailable('Rate service answer has no rates');
  const rates = {} as Record<CurrencyCode, number>;
  const filledFromFallback: CurrencyCode[] = [];
  for (const code of CURRENCY_CODES) {
    const rate = (given as Record<string, unknown>)[code];
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) {
      rates[code] = rate;
    } else {
      rates[code] = FALLBACK_RATES[code];
      filledFromFallback.push(code);
    }
  }
  if (filledFromFallback.length === CURRENCY_CODES.length) throw new RatesUnavailable('Rate service answer has none of our currencies');
  return { rates, filledFromFallback };
}
