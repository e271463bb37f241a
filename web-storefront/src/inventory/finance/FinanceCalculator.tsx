import { useId, useState } from 'react';
import type { VehicleDetail } from '@autobest/domain/inventory/contracts';
import { useCurrency } from '../../currency/CurrencyContext';
import { useFormat, useT } from '../../i18n';
import { financeFigures } from './financeFigures';
import { financeMessages } from './messages';

type DepositMode = 'percent' | 'amount';

/** What the visitor typed, as a number (empty or unreadable is 0). */
const typedNumber = (text: string) => {
  const value = Number(text.replace(/[^\d.]/g, ''));
  return Number.isFinite(value) ? value : 0;
};

/**
 * The buyer chooses a term and a deposit (an amount or a share of the price) and reads the monthly payment and the
 * total payable at the installation's APR, from the same monthlyPayment the cards use. Native controls only, so
 * every part works from the keyboard; the figures are announced as they change.
 */
export function FinanceCalculator({ vehicle }: { vehicle: VehicleDetail }) {
  const t = useT(financeMessages);
  const { number } = useFormat();
  const { format } = useCurrency();
  const id = useId();
  const { finance, displayPrice: price } = vehicle;
  const [termMonths, setTermMonths] = useState(finance.termMonths);
  const [mode, setMode] = useState<DepositMode>('percent');
  const [percentText, setPercentText] = useState(String(Math.round(finance.depositShare * 100)));
  const [amountText, setAmountText] = useState(String(Math.round(price.amount * finance.depositShare)));

  const wanted = mode === 'percent' ? (price.amount * typedNumber(percentText)) / 100 : typedNumber(amountText);
  const tooHigh = wanted > price.amount;
  const figures = financeFigures(price, Math.min(wanted, price.amount), termMonths, finance.aprPercent);
  const money = (amount: number) => format(amount, price.currency as never);
  const apr = number(finance.aprPercent / 100, { style: 'percent', maximumFractionDigits: 2 });

  // Switching between an amount and a share keeps the same deposit.
  const switchTo = (next: DepositMode) => {
    if (next === mode) return;
    if (next === 'amount') setAmountText(String(Math.round(figures.deposit)));
    else setPercentText(String(price.amount > 0 ? Math.round((figures.deposit / price.amount) * 1000) / 10 : 0));
    setMode(next);
  };

  return (
    <section className="finance-calculator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <div className="finance-inputs">
        <label className="field">
          <span>{t('term')}</span>
          <select value={termMonths} onChange={(event) => setTermMonths(Number(event.target.value))}>
            {finance.termsMonths.map((months) => (
              <option key={months} value={months}>
                {t('termMonths', { months: number(months) })}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="field finance-deposit-mode">
          <legend>{t('depositAs')}</legend>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'percent'} onChange={() => switchTo('percent')} /> {t('depositPercent')}
          </label>
          <label>
            <input type="radio" name={`${id}-mode`} checked={mode === 'amount'} onChange={() => switchTo('amount')} /> {t('depositAmount')}
          </label>
        </fieldset>
        <label className="field">
          <span>{mode === 'percent' ? t('depositShare') : t('deposit', { currency: price.currency })}</span>
          <input
            inputMode="decimal"
            value={mode === 'percent' ? percentText : amountText}
            onChange={(event) => (mode === 'percent' ? setPercentText(event.target.value) : setAmountText(event.target.value))}
            aria-invalid={tooHigh ? true : undefined}
            aria-describedby={tooHigh ? `${id}-deposit-error` : undefined}
          />
          {tooHigh ? (
            <span className="field-error" id={`${id}-deposit-error`}>
              {t('depositTooHigh')}
            </span>
          ) : null}
        </label>
      </div>
      <div className="finance-result" role="status" aria-live="polite">
        <p className="finance-monthly">{t('monthly', { amount: money(figures.monthly) })}</p>
        <p className="hint">{t('summary', { months: number(termMonths), apr, price: money(price.amount), deposit: money(figures.deposit) })}</p>
        {/* Each figure under its label, side by side as room allows: a phone in Arabic fits them without spilling. */}
        <dl className="finance-figures">
          <div>
            <dt>{t('borrowed')}</dt>
            <dd>{money(price.amount - figures.deposit)}</dd>
          </div>
          <div>
            <dt>{t('totalPayable')}</dt>
            <dd className="finance-total">{money(figures.totalPayable)}</dd>
          </div>
          <div>
            <dt>{t('apr')}</dt>
            <dd>{apr}</dd>
          </div>
        </dl>
      </div>
      <p className="hint">{t('estimate')}</p>
    </section>
  );
}
