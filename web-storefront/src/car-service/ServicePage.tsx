import { lazy, Suspense, useState } from 'react';
import { track } from '../analytics/analytics';
import { useFormat, useT } from '../i18n';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../support/contactDetails';
import { serviceMessages } from './messages';
import '../rent-lease/rent-lease.css';
import { PageHeader } from '../ui/PageHeader';
import { WhyUs } from '../ui/WhyUs';

const EnquiryDialog = lazy(() => import('../enquiries/EnquiryDialog'));

/** The spec's three services, prices from, in naira, and how long each takes. */
const SERVICES = [
  { id: 'regular-maintenance', title: 'regularTitle', text: 'regularText', fromNgn: 15_000, hours: '1-2' },
  { id: 'brake-service', title: 'brakeTitle', text: 'brakeText', fromNgn: 35_000, hours: '2-3' },
  { id: 'engine-diagnostics', title: 'diagnosticsTitle', text: 'diagnosticsText', fromNgn: 25_000, hours: '1-2' },
] as const;
type ServiceId = (typeof SERVICES)[number]['id'];

/** Service & Maintenance: prices, an emergency line, and 'Book Service Now', a booking staff confirm. */
export function ServicePage() {
  const t = useT(serviceMessages);
  const { money } = useFormat();
  const [chosen, setChosen] = useState<ServiceId>('regular-maintenance');
  const [booking, setBooking] = useState(false);
  const service = SERVICES.find((candidate) => candidate.id === chosen)!;
  const book = (id: ServiceId) => {
    setChosen(id);
    setBooking(true);
    track('user_interaction', { action: 'book_service', service: id });
  };

  return (
    <section className="page">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} lead={t('lead')} />

      <h2>{t('servicesTitle')}</h2>
      <ul className="rental-grid">
        {SERVICES.map((item) => (
          <li key={item.id} className="rental-card">
            <h3>{t(item.title)}</h3>
            <p>{t(item.text)}</p>
            <p className="calculator-total">{t('from', { price: money(item.fromNgn, 'NGN') })}</p>
            <p className="hint">{t('duration', { hours: item.hours })}</p>
            <button type="button" className="button button-secondary" onClick={() => book(item.id)}>
              {t('bookThis')}
            </button>
          </li>
        ))}
      </ul>

      <WhyUs title={t('whyTitle')} reasons={[t('why1'), t('why2'), t('why3')]} />

      <section className="calculator" aria-labelledby="emergency-heading">
        <h2 id="emergency-heading">{t('emergencyTitle')}</h2>
        <p>{t('emergencyText')}</p>
        <a className="button" href={SUPPORT_PHONE_HREF}>
          {t('callEmergency', { phone: SUPPORT_PHONE })}
        </a>
      </section>

      <section id="book" className="calculator" aria-labelledby="book-heading">
        <h2 id="book-heading">{t('bookTitle')}</h2>
        <p>{t('bookText')}</p>
        <div className="calculator-fields">
          <label>
            {t('serviceLabel')}
            <select value={chosen} onChange={(event) => setChosen(event.target.value as ServiceId)}>
              {SERVICES.map((item) => (
                <option key={item.id} value={item.id}>
                  {t(item.title)} · {t('from', { price: money(item.fromNgn, 'NGN') })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button type="button" className="button" onClick={() => book(chosen)}>
          {t('bookNow')}
        </button>
      </section>

      {booking ? (
        <Suspense fallback={null}>
          <EnquiryDialog
            open
            onClose={() => setBooking(false)}
            kind="service-booking"
            about={service.id}
            title={t('dialogTitle', { service: t(service.title) })}
            subject={t(service.title)}
            details={{ service: service.id, fromNgn: service.fromNgn, duration: `${service.hours} h` }}
            askDate
            analyticsAction="service_booking"
          />
        </Suspense>
      ) : null}
    </section>
  );
}
