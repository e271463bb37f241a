import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '@autobest/domain/money';

// No React here: src/boot.ts, run before React, asks for the page's data in this currency before the app has loaded.

export const CURRENCY_STORAGE_KEY = 'user_currency';

/** The visitor's remembered choice of currency, if any. */
export function remembered(): CurrencyCode | null {
  try {
    const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return stored && isCurrencyCode(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The currency the first render uses: the remembered choice, else NGN (the country default follows). */
export const initialCurrency = (): CurrencyCode => remembered() ?? DEFAULT_CURRENCY;
