import { useEffect, useState, type FormEvent } from 'react';
import type { QuoteAnswer } from '@autobest/domain/landedCost/contracts';
import { QUOTE_COUNTRIES, type QuoteCountry } from '@autobest/domain/landedCost/kinds';
import { FALLBACK_RATES_SOURCE } from '@autobest/domain/money';
import { postJson } from '../api/client';
import { sendFailureOf, SendFailureAlert, type SendFailure } from '../api/SendFailure';
import { useSayRequestMessage, type ShownMessage } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { useCurrency } from '../currency/CurrencyContext';
import { currentLanguage, useFormat, useT } from '../i18n';
import { failedReadMessage, getJson } from './api';
import { quoteMessages, type QuoteMessage } from './quoteMessages';

const COUNTRY_KEY = 'user_quote_country';
const COUNTRY_MESSAGES = { NG: 'countryNG', GH: 'countryGH', KE: 'countryKE' } as const satisfies Record<QuoteCountry, QuoteMessage>;
/** The lines whose name and meaning the storefront translates; a line staff added shows its own label. */
const LINE_MESSAGES: ReadonlySet<string> = new Set<QuoteMessage>([
  'localPrice', 'fob', 'freight', 'insurance', 'cif', 'duty', 'levy', 'surcharge', 'etls', 'ciss', 'vat', 'ecowas', 'auLevy', 'exim', 'specialImport', 'nhil', 'getfund', 'covid', 'excise', 'idf', 'rdl', 'clearing', 'port', 'delivery',
]);
const EXPLAINED: Partial<Record<string, QuoteMessage>> = { fob: 'explainFob', freight: 'explainFreight', cif: 'explainCif', clearing: 'explainCharges', port: 'explainCharges', delivery: 'explainCharges' };

const isQuoteCountry = (code: string | null): code is QuoteCountry => QUOTE_COUNTRIES.some((country) => country.code === code);

/** The visitor's country: the one chosen here before, else the one their currency is spent in, else Nigeria. */
function initialCountry(currency: string): QuoteCountry {
  try {
    const stored = localStorage.getItem(COUNTRY_KEY);
    if (isQuoteCountry(stored)) return stored;
  } catch {
    // Private mode: nothing remembered.
  }
  return QUOTE_COUNTRIES.find((country) => country.currency === currency)?.code ?? 'NG';
}

type Line = QuoteAnswer['lines'][number];

function LineExplanation({ line, quote }: { line: Line; quote: QuoteAnswer }) {
  const t = useT(quoteMessages);
  const { money, number, date } = useFormat();
  const amount = (value: number) => money(value, quote.currency as never);
  const nameOf = (key: string) => (LINE_MESSAGES.has(key) ? t(key as QuoteMessage) : (quote.lines.find((candidate) => candidate.key === key)?.label ?? key));
  const explained = EXPLAINED[line.key];
  return (
    <div className="quote-explanation">
      {line.rate !== undefined && line.base !== undefined ? (
        <p>
          {t('rated', { rate: `${number(line.rate * 100, { maximumFractionDigits: 3 })}%`, base: amount(line.base) })}
          {line.baseTerms ? ` ${t('baseOf', { terms: line.baseTerms.map(nameOf).join(' + ') })}` : ''}
        </p>
      ) : null}
      <p>{explained ? t(explained) : line.rate !== undefined ? t('explainTariff') : null}</p>
      {line.source ? <p>{t('sourceLine', { source: line.source, date: line.sourceDate ? date(line.sourceDate) : quote.tariff.effectiveDate })}</p> : null}
      {line.notes ? <p lang="en">{line.notes}</p> : null}
      {line.assumption ? <p lang="en">{t('assumed', { assumption: line.assumption })}</p> : null}
    </div>
  );
}

function SendQuoteForm({ vehicleId, country, currency }: { vehicleId: string; country: QuoteCountry; currency: string }) {
  const t = useT(quoteMessages);
  const say = useSayFormMessage();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ phase: 'idle' | 'sending' | 'sent' } | ({ phase: 'failed' } & SendFailure)>({ phase: 'idle' });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ phase: 'sending' });
    const result = await postJson<{ quoteId: string }>(`/api/vehicles/${encodeURIComponent(vehicleId)}/quote-requests`, { country, currency, fullName, phone, email, language: currentLanguage() });
    if (result.ok) setState({ phase: 'sent' });
    else
      setState({ phase: 'failed', ...sendFailureOf(result) });
  };
  if (state.phase === 'sent') {
    return (
      <p className="notice notice-success" role="status">
        {t('sent', { name: fullName, phone })}
      </p>
    );
  }
  const fields = state.phase === 'failed' ? state.fields : undefined;
  const field = (name: string, label: string, value: string, set: (value: string) => void, type: string, autoComplete: string) => (
    <label className="field">
      <span>{label}</span>
      <input value={value} onChange={(event) => set(event.target.value)} type={type} autoComplete={autoComplete} aria-invalid={fields?.[name] ? true : undefined} />
      {fields?.[name] ? <span className="field-error">{say(fields[name])}</span> : null}
    </label>
  );
  return (
    <form className="quote-send" aria-label={t('sendTitle')} onSubmit={onSubmit} noValidate>
      <h3>{t('sendTitle')}</h3>
      <p className="hint">{t('sendIntro')}</p>
      {field('fullName', t('yourName'), fullName, setFullName, 'text', 'name')}
      {field('phone', t('phone'), phone, setPhone, 'tel', 'tel')}
      {field('email', t('emailOptional'), email, setEmail, 'email', 'email')}
      {state.phase === 'failed' && !fields ? <SendFailureAlert failure={state} /> : null}
      <button type="submit" className="button" disabled={state.phase === 'sending'}>
        {state.phase === 'sending' ? t('sending') : t('send')}
      </button>
    </form>
  );
}

/**
 * The price-calculation list (issue 18.3): what the car costs landed in the visitor's country, line by line, each
 * explained on demand, in the visitor's currency with the rate and its date, marked as an estimate; and "Send me
 * this quote".
 */
export function PriceCalculation({ vehicleId }: { vehicleId: string }) {
  const t = useT(quoteMessages);
  const say = useSayRequestMessage();
  const { currency } = useCurrency();
  const { money, number, date } = useFormat();
  const [country, setCountry] = useState<QuoteCountry>(() => initialCountry(currency));
  const [state, setState] = useState<{ phase: 'loading' } | { phase: 'ready'; quote: QuoteAnswer } | { phase: 'failed'; message: ShownMessage }>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getJson<QuoteAnswer>(`/api/vehicles/${encodeURIComponent(vehicleId)}/quote?country=${country}&currency=${currency}`, controller.signal)
      .then((quote) => setState({ phase: 'ready', quote }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'AbortError') setState({ phase: 'failed', message: failedReadMessage(error) });
      });
    return () => controller.abort();
  }, [vehicleId, country, currency]);

  const choose = (code: string) => {
    if (!isQuoteCountry(code)) return;
    setCountry(code);
    try {
      localStorage.setItem(COUNTRY_KEY, code);
    } catch {
      // Private mode: the choice lasts for this page.
    }
  };

  const quote = state.phase === 'ready' ? state.quote : null;
  const amount = (value: number) => money(value, (quote?.currency ?? currency) as never);
  return (
    <section className="price-calculation" aria-labelledby="price-calculation-title">
      <h2 id="price-calculation-title">{t('title')}</h2>
      <label className="field quote-country">
        <span>{t('countryLabel')}</span>
        <select value={country} onChange={(event) => choose(event.target.value)}>
          {QUOTE_COUNTRIES.map((option) => (
            <option key={option.code} value={option.code}>
              {t(COUNTRY_MESSAGES[option.code])}
            </option>
          ))}
        </select>
      </label>
      {state.phase === 'loading' ? <p role="status">{t('calculating')}</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          {t('failed', { message: say(state.message) })}
        </p>
      ) : null}
      {quote ? (
        <>
          {quote.localStock ? <p className="notice notice-success">{t('localStock', { city: quote.localStock.city, price: amount(quote.localStock.price) })}</p> : null}
          <ul className="quote-lines">
            {quote.lines.map((line) => (
              <li key={line.key} className={line.key === 'cif' ? 'quote-line quote-subtotal' : 'quote-line'} data-line={line.key}>
                <details>
                  <summary>
                    <span className="quote-label">
                      {LINE_MESSAGES.has(line.key) ? t(line.key as QuoteMessage) : line.label}
                      {line.rate !== undefined ? <span className="quote-rate"> · {number(line.rate * 100, { maximumFractionDigits: 3 })}%</span> : null}
                    </span>
                    <span className="quote-amount">{amount(line.amount)}</span>
                    <span className="visually-hidden">{t('explain')}</span>
                  </summary>
                  <LineExplanation line={line} quote={quote} />
                </details>
              </li>
            ))}
            <li className="quote-line quote-total">
              <span className="quote-label">{quote.localStock ? t('localTotal', { city: quote.localStock.city }) : t('total', { city: quote.city })}</span>
              <span className="quote-amount">{amount(quote.total)}</span>
            </li>
          </ul>
          <p className="hint">{t('finance', { deposit: amount(quote.finance.deposit), monthly: amount(quote.finance.monthly), months: number(quote.finance.termMonths), apr: number(quote.finance.apr) })}</p>
          <p className="hint">
            {/* The built-in reference rates (no rate service set, or none answered yet) have no source or date to show. */}
            {quote.rates.source === FALLBACK_RATES_SOURCE
              ? t('rateLineReference', { rate: number(quote.rates.perUsd, { maximumFractionDigits: 4 }), currency: quote.currency })
              : t('rateLine', { rate: number(quote.rates.perUsd, { maximumFractionDigits: 4 }), currency: quote.currency, source: quote.rates.source, date: date(quote.rates.timestamp) })}
          </p>
          <p className="notice quote-estimate">{t('estimate')}</p>
          <SendQuoteForm vehicleId={vehicleId} country={country} currency={quote.currency} />
        </>
      ) : null}
    </section>
  );
}
