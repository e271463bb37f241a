import { useEffect, useSyncExternalStore } from 'react';
import { noteAnswer } from '../offline/savedAnswers';
import { convert, FALLBACK_RATES, fromMajor, toMajor, type PriceCurrency, type Rates } from '@autobest/domain/money';

export type RatesState =
  | { phase: 'loading' }
  | { phase: 'ready'; rates: Rates; source: string; timestamp: string }
  | { phase: 'failed' };

/** One request per page load, shared by every price on the page (the API caches the snapshot for 5 minutes). */
let state: RatesState = { phase: 'loading' };
let started = false;
const listeners = new Set<() => void>();

function publish(next: RatesState): void {
  state = next;
  for (const listener of listeners) listener();
}

function load(): void {
  if (started) return;
  started = true;
  fetch('/api/rates', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      noteAnswer(response);
      const body = (await response.json()) as { rates: Record<string, number>; source: string; timestamp: string };
      publish({ phase: 'ready', rates: body.rates, source: body.source, timestamp: body.timestamp });
    })
    .catch(() => {
      // Prices fall back to the spec's rates (and the layout says so); a later page may try again.
      started = false;
      publish({ phase: 'failed' });
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current exchange rates (per 1 USD) from our API. */
export function useRates(): RatesState {
  useEffect(load, []);
  return useSyncExternalStore(subscribe, () => state, () => state);
}

/**
 * `amount` of `from` in `to` with the current rates; null while they load. When they could not be fetched the
 * spec's fallback rates are used (the layout says so), and null only if the conversion itself fails.
 */
export function convertWith(rates: RatesState, amount: number, from: PriceCurrency, to: PriceCurrency): number | null {
  if (from === to) return amount;
  if (rates.phase === 'loading') return null;
  const converted = toMajor(convert(fromMajor(amount, from), to, rates.phase === 'ready' ? rates.rates : FALLBACK_RATES));
  return Number.isFinite(converted) ? converted : null;
}
