import { lazy, type ReactNode } from 'react';
import { Link } from 'wouter';
import { track } from '../../analytics/analytics';
import { useFormat, useT, type Translator } from '../../i18n';
import { WhenSeen } from '../../ui/WhenSeen';
import { homeSectionMessages } from './messages';
import type en from './messages/en';
import { CompanionLink } from '../../assistant/CompanionLink';

export type T = Translator<typeof en>;
export type Key = keyof typeof en;

// The premium vehicles and the news, far below the hero, with their code and data: only once the visitor scrolls (or
// they come on screen). A first visit that stays on the first screen does not pay for them.
const PremiumVehicles = lazy(async () => ({ default: (await import('./PremiumVehicles')).PremiumVehicles }));
const LatestNews = lazy(async () => ({ default: (await import('./LatestNews')).LatestNews }));

/** The spec's chips; each leads to the closest real search (the spec's others all go to /inventory). */
const CATEGORIES: ReadonlyArray<readonly [Key, string]> = [
  ['catElectric', '/electric-cars'],
  ['catSuv', '/inventory?body=suv'],
  ['catSedan', '/inventory?body=sedan'],
  ['catPickup', '/inventory?tab=trucks'],
  ['catLuxury', '/all-inventory?collection=luxury'],
  ['catCrossover', '/inventory?body=crossover'],
  ['catHybrid', '/inventory?fuel=hybrid'],
  ['catCommercial', '/inventory?tab=trucks'],
  ['catAfricanMade', '/inventory'],
];

const SERVICES: ReadonlyArray<{ title: Key; text: Key; badge: Key; stat: Key; to: string; countries: string }> = [
  { title: 'svcBuy', text: 'svcBuyText', badge: 'svcBuyBadge', stat: 'svcBuyStat', to: '/inventory', countries: 'NG · GH · KE · ZA' },
  { title: 'svcRent', text: 'svcRentText', badge: 'svcRentBadge', stat: 'svcRentStat', to: '/rent-lease', countries: 'NG · GH' },
  { title: 'svcService', text: 'svcServiceText', badge: 'svcServiceBadge', stat: 'svcServiceStat', to: '/service', countries: 'NG · GH · KE' },
  { title: 'svcImport', text: 'svcImportText', badge: 'svcImportBadge', stat: 'svcImportStat', to: '/profile#import', countries: 'CN → NG · GH · KE' },
  { title: 'svcEnterprise', text: 'svcEnterpriseText', badge: 'svcEnterpriseBadge', stat: 'svcEnterpriseStat', to: '/profile#enterprise', countries: 'NG · GH · KE · ZA · CI' },
  { title: 'svcExport', text: 'svcExportText', badge: 'svcExportBadge', stat: 'svcExportStat', to: '/profile#export', countries: 'NG → BJ · TG · CM · NE' },
];

function Figures({ t }: { t: T }) {
  const { number } = useFormat();
  const plus = (value: number, options?: Intl.NumberFormatOptions) => `${number(value, options)}+`;
  const figures: ReadonlyArray<readonly [string, Key]> = [
    [plus(15), 'figCountries'],
    [plus(2500), 'figVehicles'],
    [plus(50000), 'figCustomers'],
    [number(0.98, { style: 'percent' }), 'figSatisfaction'],
    [plus(35), 'figYears'],
    [plus(250000, { notation: 'compact' }), 'figSold'],
    [number(8), 'figCities'],
    [plus(18), 'figPartners'],
    [plus(650), 'figContainers'],
  ];
  return (
    <HomeSection id="figures" title={t('figuresTitle')}>
      <dl className="figures">
        {figures.map(([value, label]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}

/** A section of the home page, named for screen readers by its heading. */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** The home page below the hero: categories, premium vehicles, services, news, why us, figures. */
export function HomeSections() {
  const t = useT(homeSectionMessages);
  return (
    <div className="home-sections">
      <HomeSection id="categories" title={t('categoriesTitle')}>
        <ul className="chips">
          {CATEGORIES.map(([key, to]) => (
            <li key={key}>
              <Link to={to} className="chip" onClick={() => track('user_interaction', { action: 'category_chip', category: key })}>
                {t(key)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="home-actions">
          <Link to="/electric-cars">{t('seeMoreElectric')}</Link>
          <Link to="/inventory">{t('shopAll')}</Link>
        </p>
      </HomeSection>

      <HomeSection id="premium" title={t('premiumTitle')}>
        <WhenSeen placeholder={t('loadingVehicles')}>
          <PremiumVehicles t={t} />
        </WhenSeen>
      </HomeSection>

      <HomeSection id="services" title={t('servicesTitle')}>
        <ul className="service-cards">
          {SERVICES.map((service) => (
            <li key={service.title} className="service-card">
              <span className="service-badge">{t(service.badge)}</span>
              <h3>
                <Link to={service.to}>{t(service.title)}</Link>
              </h3>
              <p>{t(service.text)}</p>
              <p className="service-stat">{t(service.stat)}</p>
              <p className="service-countries">
                <span className="visually-hidden">{t('countriesLabel')}: </span>
                {service.countries}
              </p>
            </li>
          ))}
        </ul>
        <p className="home-actions">
          <CompanionLink where="home_services">{t('getStarted')}</CompanionLink>
          <Link to="/profile" className="button button-secondary">
            {t('learnMore')}
          </Link>
        </p>
      </HomeSection>

      <HomeSection id="news" title={t('newsTitle')}>
        <WhenSeen placeholder={t('newsLoading')}>
          <LatestNews t={t} />
        </WhenSeen>
      </HomeSection>

      <HomeSection id="why" title={t('whyTitle')}>
        <ul className="why-cards">
          {(
            [
              ['why1Title', 'why1Text'],
              ['why2Title', 'why2Text'],
              ['why3Title', 'why3Text'],
              ['why4Title', 'why4Text'],
            ] as const
          ).map(([title, text]) => (
            <li key={title}>
              <h3>{t(title)}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <Figures t={t} />
    </div>
  );
}

