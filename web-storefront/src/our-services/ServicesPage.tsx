import { Link } from 'wouter';
import { useT } from '../i18n';
import { servicesMessages } from './messages';
import '../about/info-page.css';
import './services.css';
import { openTara } from '../assistant/taraStore';

const SERVICES = [
  { to: '/inventory', title: 'inventoryTitle', body: 'inventoryBody' },
  { to: '/sell-car', title: 'sellTitle', body: 'sellBody' },
  { to: '/trade-in', title: 'tradeInTitle', body: 'tradeInBody' },
  { to: '/service', title: 'serviceTitle', body: 'serviceBody' },
  { to: '/insurance', title: 'insuranceTitle', body: 'insuranceBody' },
  { to: '/support', title: 'supportTitle', body: 'supportBody' },
] as const;

export function ServicesPage() {
  const t = useT(servicesMessages);
  return (
    <section className="page info-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <ul className="service-cards">
        {SERVICES.map((service) => (
          <li key={service.to} className="card service-card">
            <h2>
              <Link to={service.to}>{t(service.title)}</Link>
            </h2>
            <p>{t(service.body)}</p>
          </li>
        ))}
      </ul>

      <section className="card info-anchor" aria-labelledby="services-help">
        <h2 id="services-help">{t('helpTitle')}</h2>
        <p>{t('helpBody')}</p>
        <p className="info-cta">
          <Link className="button" to="/contact">
            {t('helpContact')}
          </Link>
          <button type="button" className="button button-secondary" onClick={() => openTara({ entry: 'widget' })}>
            {t('helpCompanion')}
          </button>
        </p>
      </section>
    </section>
  );
}
