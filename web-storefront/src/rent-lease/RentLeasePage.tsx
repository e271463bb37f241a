import { lazy, Suspense, useId, useState } from 'react';
import type { PublicEnquiryKind } from '@autobest/domain/enquiries';
import { useCurrency } from '../currency/CurrencyContext';
import { convertWith, useRates } from '../currency/useRates';
import { track } from '../analytics/analytics';
import { useFormat, useT, type Translate } from '../i18n';
import { cheapestRental, leaseCost, LEASE_PLANS, MAX_RENTAL_DAYS, RENTAL_CARS } from './rentalCost';
import { rentLeaseMessages } from './messages';
import type en from './messages/en';
import './rent-lease.css';
import { PageHeader } from '../ui/PageHeader';
import { WhyUs } from '../ui/WhyUs';

const EnquiryDialog = lazy(() => import('../enquiries/EnquiryDialog'));

type T = Translate<typeof en>;
interface EnquiryRequest {
  kind: PublicEnquiryKind;
  title: string;
  subject: string;
  /** What it is about in words no language changes (EnquiryDialog's `about`). */
  about: string;
  details?: Record<string, string | number>;
}

const CATEGORY_KEY = { Economy: 'catEconomy', SUV: 'catSuv', Luxury: 'catLuxury' } as const;
const PLAN_KEY = { personal: 'personalLease', business: 'businessLease' } as const;
const PLAN_TEXT_KEY = { personal: 'personalLeaseText', business: 'businessLeaseText' } as const;

const wholeIn = (text: string, max: number) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

function Calculator({ t, onSend }: { t: T; onSend(request: EnquiryRequest): void }) {
  const id = useId();
  const { money } = useFormat();
  const { currency } = useCurrency();
  const rates = useRates();
  const [mode, setMode] = useState<'rental' | 'lease'>('rental');
  const [carId, setCarId] = useState(RENTAL_CARS[0]!.id);
  const [daysText, setDaysText] = useState('7');
  const [plan, setPlan] = useState<(typeof LEASE_PLANS)[number]['id']>('personal');
  const [monthsText, setMonthsText] = useState('12');
  const naira = (amount: number) => money(amount, 'NGN');
  const inVisitorCurrency = (amount: number) => {
    if (currency === 'NGN') return null;
    const converted = convertWith(rates, amount, 'NGN', currency);
    return converted === null ? null : t('approx', { price: money(converted, currency) });
  };

  const car = RENTAL_CARS.find((candidate) => candidate.id === carId)!;
  const days = wholeIn(daysText, MAX_RENTAL_DAYS);
  const months = wholeIn(monthsText, 60);
  const planInfo = LEASE_PLANS.find((candidate) => candidate.id === plan)!;
  const rental = days === null ? null : cheapestRental(car, days);
  const lease = months === null ? null : leaseCost(planInfo.monthlyFrom, months);

  return (
    <section className="calculator" id="calculator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('calculatorTitle')}</h2>
      <div role="radiogroup" className="tabs" aria-label={t('calculatorTitle')}>
        {(['rental', 'lease'] as const).map((option) => (
          <label key={option} className={`tab${mode === option ? ' tab-active' : ''}`}>
            <input type="radio" name={`${id}-mode`} className="visually-hidden" checked={mode === option} onChange={() => setMode(option)} />
            {t(option === 'rental' ? 'modeRental' : 'modeLease')}
          </label>
        ))}
      </div>
      {mode === 'rental' ? (
        <div className="calculator-fields">
          <label>
            {t('carLabel')}
            <select value={carId} onChange={(event) => setCarId(event.target.value)}>
              {RENTAL_CARS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('daysLabel')}
            <input inputMode="numeric" value={daysText} onChange={(event) => setDaysText(event.target.value)} aria-invalid={days === null} aria-describedby={days === null ? `${id}-days-error` : undefined} />
          </label>
          {days === null ? (
            <p id={`${id}-days-error`} className="field-error">
              {t('daysInvalid')}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="calculator-fields">
          <label>
            {t('planLabel')}
            <select value={plan} onChange={(event) => setPlan(event.target.value as typeof plan)}>
              {LEASE_PLANS.map((option) => (
                <option key={option.id} value={option.id}>
                  {t(PLAN_KEY[option.id])}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('monthsLabel')}
            <input inputMode="numeric" value={monthsText} onChange={(event) => setMonthsText(event.target.value)} aria-invalid={months === null} aria-describedby={months === null ? `${id}-months-error` : undefined} />
          </label>
          {months === null ? (
            <p id={`${id}-months-error`} className="field-error">
              {t('monthsInvalid')}
            </p>
          ) : null}
        </div>
      )}
      <div className="calculator-result" aria-live="polite">
        {mode === 'rental' && rental && days !== null ? (
          <>
            <ul>
              {rental.months > 0 ? <li>{t('breakdownMonths', { count: rental.months, price: naira(car.monthlyRate) })}</li> : null}
              {rental.weeks > 0 ? <li>{t('breakdownWeeks', { count: rental.weeks, price: naira(car.weeklyRate) })}</li> : null}
              {rental.days > 0 ? <li>{t('breakdownDays', { count: rental.days, price: naira(car.dailyRate) })}</li> : null}
            </ul>
            <p className="calculator-total">{t('total', { price: naira(rental.total) })}</p>
            {inVisitorCurrency(rental.total) ? <p className="hint">{inVisitorCurrency(rental.total)}</p> : null}
            <button
              type="button"
              className="button"
              onClick={() =>
                onSend({
                  kind: 'rental',
                  title: t('dialogRental', { car: car.name }),
                  subject: t('rentalSubject', { car: car.name, days }),
                  about: car.id,
                  details: { car: car.name, days, months: rental.months, weeks: rental.weeks, extraDays: rental.days, estimateNgn: rental.total },
                })
              }
            >
              {t('sendEstimate')}
            </button>
          </>
        ) : null}
        {mode === 'lease' && lease !== null && months !== null ? (
          <>
            <ul>
              <li>{t('breakdownLease', { count: months, price: naira(planInfo.monthlyFrom) })}</li>
            </ul>
            <p className="calculator-total">{t('total', { price: naira(lease) })}</p>
            {inVisitorCurrency(lease) ? <p className="hint">{inVisitorCurrency(lease)}</p> : null}
            <button
              type="button"
              className="button"
              onClick={() =>
                onSend({
                  kind: 'lease',
                  title: t('dialogLease', { plan: t(PLAN_KEY[plan]) }),
                  subject: t('leaseSubject', { plan: t(PLAN_KEY[plan]), months }),
                  about: plan,
                  details: { plan, months, monthlyNgn: planInfo.monthlyFrom, estimateNgn: lease },
                })
              }
            >
              {t('sendEstimate')}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** Rent & Lease: the spec's three cars and two plans, a real cost calculator, and enquiries staff follow up. */
export function RentLeasePage() {
  const t = useT(rentLeaseMessages);
  const { money } = useFormat();
  const [calculatorOpen, setCalculatorOpen] = useState(false);
  const [enquiry, setEnquiry] = useState<EnquiryRequest | null>(null);
  const naira = (amount: number) => money(amount, 'NGN');

  return (
    <section className="page rent-lease">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} lead={t('lead')} />
      <p className="rent-actions">
        <button type="button" className="button" onClick={() => { setEnquiry({ kind: 'rental', title: t('dialogContact'), subject: t('contactSubject'), about: 'contact' }); track('user_interaction', { action: 'rent_contact_team' }); }}>
          {t('contactTeam')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={calculatorOpen}
          aria-controls="calculator"
          onClick={() => {
            setCalculatorOpen(true);
            track('user_interaction', { action: 'rent_calculate_costs' });
            requestAnimationFrame(() => document.getElementById('calculator')?.scrollIntoView({ behavior: 'smooth' }));
          }}
        >
          {t('calculateCosts')}
        </button>
      </p>

      <h2>{t('rentalsTitle')}</h2>
      <ul className="rental-grid">
        {RENTAL_CARS.map((car) => (
          <li key={car.id} className="rental-card">
            <img src={car.image} alt="" width={320} height={180} loading="lazy" decoding="async" />
            <p className="hint">{t(CATEGORY_KEY[car.category])}</p>
            <h3>{car.name}</h3>
            <p className={`availability availability-${car.availability.toLowerCase()}`}>{t(car.availability === 'Available' ? 'available' : 'limited')}</p>
            <ul className="rates">
              <li>{t('perDay', { price: naira(car.dailyRate) })}</li>
              <li>{t('perWeek', { price: naira(car.weeklyRate) })}</li>
              <li>{t('perMonth', { price: naira(car.monthlyRate) })}</li>
            </ul>
            <ul className="rental-features" aria-label={t('featFeaturesLabel')}>
              {car.features.map((feature) => (
                <li key={feature}>{t(feature)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      <h2>{t('leaseTitle')}</h2>
      <ul className="rental-grid">
        {LEASE_PLANS.map((plan) => (
          <li key={plan.id} className="rental-card">
            <h3>{t(PLAN_KEY[plan.id])}</h3>
            <p>{t(PLAN_TEXT_KEY[plan.id])}</p>
            <p className="calculator-total">{t('monthlyFrom', { price: naira(plan.monthlyFrom) })}</p>
            <ul className="home-list">
              <li>{t('leaseFeature1')}</li>
              <li>{t('leaseFeature2')}</li>
              <li>{t('leaseFeature3')}</li>
            </ul>
          </li>
        ))}
      </ul>

      {calculatorOpen ? <Calculator t={t} onSend={setEnquiry} /> : null}

      <WhyUs title={t('whyTitle')} reasons={[t('why1'), t('why2'), t('why3')]} />

      {enquiry ? (
        <Suspense fallback={null}>
          <EnquiryDialog open onClose={() => setEnquiry(null)} kind={enquiry.kind} title={enquiry.title} subject={enquiry.subject} about={enquiry.about} details={enquiry.details} askDate analyticsAction="rental_enquiry" />
        </Suspense>
      ) : null}
    </section>
  );
}
