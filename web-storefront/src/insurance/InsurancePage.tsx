import { lazy, Suspense, useState } from 'react';
import { track } from '../analytics/analytics';
import { useCurrency } from '../currency/CurrencyContext';
import { convertWith, useRates } from '../currency/useRates';
import { useFormat, useT } from '../i18n';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_HREF, mailtoLink } from '../support/contactDetails';
import { insuranceMessages } from './messages';
import '../rent-lease/rent-lease.css';
import './insurance.css';
import { PageHeader } from '../ui/PageHeader';

const EnquiryDialog = lazy(() => import('../enquiries/EnquiryDialog'));

/** The spec's plans, priced per year in US dollars; Comprehensive is the one marked 'Most Popular'. */
export const INSURANCE_PLANS = [
  { id: 'basic', name: 'basicName', priceUsd: 299, popular: false, features: ['basic1', 'basic2', 'basic3'] },
  { id: 'comprehensive', name: 'comprehensiveName', priceUsd: 599, popular: true, features: ['comprehensive1', 'comprehensive2', 'comprehensive3', 'comprehensive4'] },
  { id: 'premium-plus', name: 'premiumName', priceUsd: 899, popular: false, features: ['premium1', 'premium2', 'premium3', 'premium4', 'premium5'] },
] as const;
type Plan = (typeof INSURANCE_PLANS)[number];

/** Insurance & Warranty: three plans in the visitor's currency, 'Get Quote' sending a quote request staff answer. */
export function InsurancePage() {
  const t = useT(insuranceMessages);
  const { money } = useFormat();
  const { currency } = useCurrency();
  const rates = useRates();
  const [quoting, setQuoting] = useState<Plan | null>(null);

  const yearly = (priceUsd: number) => {
    const converted = convertWith(rates, priceUsd, 'USD', currency);
    // While rates load the dollar price stands alone; it is the price the plan is sold at.
    return converted === null ? money(priceUsd, 'USD') : money(converted, currency);
  };

  return (
    <section className="page insurance">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} lead={t('lead')} />

      <h2>{t('plansTitle')}</h2>
      <ul className="rental-grid">
        {INSURANCE_PLANS.map((plan) => (
          <li key={plan.id} className={`rental-card insurance-plan${plan.popular ? ' insurance-plan-popular' : ''}`} aria-labelledby={`plan-${plan.id}`}>
            {plan.popular ? <p className="insurance-badge">{t('mostPopular')}</p> : null}
            <h3 id={`plan-${plan.id}`}>{t(plan.name)}</h3>
            <p className="calculator-total">{t('perYear', { price: yearly(plan.priceUsd) })}</p>
            <p className="hint">{t('inDollars', { price: money(plan.priceUsd, 'USD') })}</p>
            <ul className="home-list">
              {plan.features.map((feature) => (
                <li key={feature}>{t(feature)}</li>
              ))}
            </ul>
            <button
              type="button"
              className={plan.popular ? 'button' : 'button button-secondary'}
              aria-describedby={`plan-${plan.id}`}
              onClick={() => {
                setQuoting(plan);
                track('user_interaction', { action: 'insurance_get_quote', plan: plan.id });
              }}
            >
              {t('getQuote')}
            </button>
          </li>
        ))}
      </ul>
      <p className="hint">{t('priceNote')}</p>

      <section className="calculator" aria-labelledby="insurance-contact">
        <h2 id="insurance-contact">{t('contactTitle')}</h2>
        <p>{t('contactText')}</p>
        <p className="rent-actions">
          <a className="button" href={SUPPORT_PHONE_HREF}>
            {t('callUs', { phone: SUPPORT_PHONE })}
          </a>
          <a className="button button-secondary" href={mailtoLink(SUPPORT_EMAIL, t('emailSubject'))}>
            {t('emailUs', { email: SUPPORT_EMAIL })}
          </a>
        </p>
      </section>

      {quoting ? (
        <Suspense fallback={null}>
          <EnquiryDialog
            open
            onClose={() => setQuoting(null)}
            kind="insurance-quote"
            about={quoting.id}
            title={t('dialogTitle', { plan: t(quoting.name) })}
            subject={t('subject', { plan: t(quoting.name) })}
            details={{ plan: quoting.id, priceUsdPerYear: quoting.priceUsd, shownPrice: yearly(quoting.priceUsd) }}
            analyticsAction="insurance_quote"
          />
        </Suspense>
      ) : null}
    </section>
  );
}
