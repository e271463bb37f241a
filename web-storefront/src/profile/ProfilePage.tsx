import { Link } from 'wouter';
import { useT } from '../i18n';
import { Figures } from '../about/figures/Figures';
import { profileMessages } from './messages';
import type en from './messages/en';
import '../about/info-page.css';
import './profile.css';

type Key = keyof typeof en;

/** The three business services; each id is a section the /import, /enterprise and /export links open. */
const BUSINESS_SERVICES: ReadonlyArray<{ id: string; title: Key; body: Key; points: readonly Key[]; action: Key }> = [
  {
    id: 'import',
    title: 'importTitle',
    body: 'importBody',
    points: ['importPoint1', 'importPoint2', 'importPoint3', 'importPoint4', 'importPoint5'],
    action: 'importAction',
  },
  {
    id: 'enterprise',
    title: 'enterpriseTitle',
    body: 'enterpriseBody',
    points: ['enterprisePoint1', 'enterprisePoint2', 'enterprisePoint3', 'enterprisePoint4', 'enterprisePoint5'],
    action: 'enterpriseAction',
  },
  {
    id: 'export',
    title: 'exportTitle',
    body: 'exportBody',
    points: ['exportPoint1', 'exportPoint2', 'exportPoint3', 'exportPoint4'],
    action: 'exportAction',
  },
];

export function ProfilePage() {
  const t = useT(profileMessages);
  return (
    <article className="page info-page profile">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>

      <section aria-labelledby="profile-history">
        <h2 id="profile-history">{t('historyTitle')}</h2>
        <p>{t('historyBody1')}</p>
        <p>{t('historyBody2')}</p>
      </section>

      <section aria-labelledby="profile-figures">
        <h2 id="profile-figures">{t('figuresTitle')}</h2>
        <Figures label={t('figuresTitle')} names={['years', 'sold', 'countries', 'cities', 'partners', 'containers']} />
      </section>

      <section aria-labelledby="profile-network">
        <h2 id="profile-network">{t('networkTitle')}</h2>
        <p>{t('networkBody')}</p>
      </section>

      <h2>{t('servicesTitle')}</h2>
      <div className="profile-services">
        {BUSINESS_SERVICES.map((service) => (
          <section key={service.id} id={service.id} className="card info-anchor profile-service" aria-labelledby={`profile-${service.id}`} tabIndex={-1}>
            <h3 id={`profile-${service.id}`}>{t(service.title)}</h3>
            <p>{t(service.body)}</p>
            <ul>
              {service.points.map((point) => (
                <li key={point}>{t(point)}</li>
              ))}
            </ul>
            <Link className="button" to="/contact">
              {t(service.action)}
            </Link>
          </section>
        ))}
      </div>

      <p className="profile-more">
        <Link to="/about">{t('aboutLink')}</Link>
      </p>
    </article>
  );
}
