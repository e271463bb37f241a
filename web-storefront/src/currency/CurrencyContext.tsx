import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormat } from '../i18n';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode, type PriceCurrency } from '@autobest/domain/money';
import { CURRENCY_STORAGE_KEY, remembered } from './remembered';

interface CurrencyState {
  currency: CurrencyCode;
  setCurrency(code: CurrencyCode): void;
  /** An amount already in `currency` (or another), formatted in that currency's locale with 0-2 decimals. */
  format(amount: number, currency?: PriceCurrency): string;
  /** Set when the visitor's location could not be told (the layout shows the spec's message for it). */
  notice: 'locationUnknown' | null;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

/** The visitor's currency, remembered under `user_currency`; NGN until they choose. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [chosen] = useState(remembered);
  const [currency, setState] = useState<CurrencyCode>(chosen ?? DEFAULT_CURRENCY);
  const [notice, setNotice] = useState<'locationUnknown' | null>(null);
  // Set once the visitor picks a currency: a location answer arriving later (slow networks) must not undo it.
  const picked = useRef(false);

  // No remembered choice: default from the visitor's country; NGN if that cannot be told.
  useEffect(() => {
    if (chosen) return;
    const controller = new AbortController();
    fetch('/api/geo', { signal: controller.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const geo = (await response.json()) as { currency: string; source: string };
        if (picked.current) return;
        if (isCurrencyCode(geo.currency)) setState(geo.currency);
        if (geo.source === 'default') setNotice('locationUnknown');
      })
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError' && !picked.current) setNotice('locationUnknown');
      });
    return () => controller.abort();
  }, [chosen]);

  const setCurrency = useCallback((code: CurrencyCode) => {
    picked.current = true;
    setState(code);
    setNotice(null);
    try {
      localStorage.setItem(CURRENCY_STORAGE_KEY, code);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  const { money } = useFormat();
  const value = useMemo<CurrencyState>(
    () => ({ currency, setCurrency, notice, format: (amount, code = currency) => money(amount, code) }),
    [currency, setCurrency, notice, money],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error('useCurrency needs a CurrencyProvider');
  return state;
}

export function CurrencySelect({ label }: { label: string }) {
  const { currency, setCurrency } = useCurrency();
  return (
    <label className="currency-select">
      <span className="visually-hidden">{label}</span>
      <select value={currency} onChange={(event) => isCurrencyCode(event.target.value) && setCurrency(event.target.value)} aria-label={label}>
        {CURRENCIES.map((option) => (
          <option key={option.code} value={option.code}>
            {option.flag} {option.code} · {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
