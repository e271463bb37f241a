import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, fromMajor, isCurrencyCode, type CurrencyCode, type PriceCurrency } from '@autobest/domain/money';

const STORAGE_KEY = 'user_currency';

interface CurrencyState {
  currency: CurrencyCode;
  setCurrency(code: CurrencyCode): void;
  /** An amount already in `currency` (or another), formatted in that currency's locale with 0-2 decimals. */
  format(amount: number, currency?: PriceCurrency): string;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

function remembered(): CurrencyCode {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored && isCurrencyCode(stored) ? stored : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/** The visitor's currency, remembered under `user_currency`; NGN until they choose. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setState] = useState<CurrencyCode>(remembered);
  const setCurrency = useCallback((code: CurrencyCode) => {
    setState(code);
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  const value = useMemo<CurrencyState>(
    () => ({ currency, setCurrency, format: (amount, code = currency) => formatMoney(fromMajor(amount, code)) }),
    [currency, setCurrency],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency needs a CurrencyProvider');
  return state;
}

export function CurrencySelect() {
  const { currency, setCurrency } = useCurrency();
  return (
    <label className="currency-select">
      <span className="visually-hidden">Currency</span>
      <select value={currency} onChange={(event) => isCurrencyCode(event.target.value) && setCurrency(event.target.value)} aria-label="Currency">
        {CURRENCIES.map((option) => (
          <option key={option.code} value={option.code}>
            {option.flag} {option.code} · {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
