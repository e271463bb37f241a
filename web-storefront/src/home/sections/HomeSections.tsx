import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useCurrency } from '../../currency/CurrencyContext';
import { track } from '../../analytics/analytics';
import { useFormat, useT, type Translator } from '../../i18n';
import { useSayMessage } from '../../api/domainMessages';
import { useVehicleSearch } from '../../inventory/useVehicleSearch';
import { ResultGrid } from '../../inventory/ResultGrid';
import type { NewsPage } from '@autobest/domain/news/contracts';
import { ArticleCard } from '../../news/ArticleCard';
import { useApiRead } from '../../news/useNews';
import { DEALS, salePrice } from '../../deals/deals';
import type { VehicleSummary } from '@autobest/domain/inventory/contracts';
import { homeSectionMessages } from './messages';
import type en from './messages/en';
import './sections.css';
import { CompanionLink } from '../../assistant/CompanionLink';

type T = Translator<typeof en>;
type Key = keyof typeof en;

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

/** The spec's filter options; model values are the catalogue's model names. */
const MAKES = ['Chery', 'BYD', 'Toyota', 'Xpeng'] as const;
const MODELS: ReadonlyArray<{ label: string; value: string; make: (typeof MAKES)[number] }> = [
  { label: 'Omoda 5', value: 'Omoda 5', make: 'Chery' },
  { label: 'Seal U', value: 'Seal U', make: 'BYD' },
  { label: 'bZ4X', value: 'BZ4X 430 Air', make: 'Toyota' },
  { label: 'Venza', value: 'Venza', make: 'Toyota' },
];
const CONDITIONS: ReadonlyArray<readonly [string, Key]> = [
  ['new', 'conditionNew'],
  ['used', 'conditionUsed'],
  ['certified', 'conditionCertified'],
];

interface Choices {
  condition: string;
  make: string;
  model: string;
  location: string;
}

const searchOf = (choices: Choices) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(choices)) if (value.trim()) query.set(key, value.trim());
  return query;
};

function PremiumVehicles({ t }: { t: T }) {
  const [tab, setTab] = useState<'shop' | 'sell'>('shop');
  const [choices, setChoices] = useState<Choices>({ condition: '', make: '', model: '', location: '' });
  const [location, setLocationText] = useState('');
  const [, navigate] = useLocation();
  const { currency } = useCurrency();
  const { number } = useFormat();
  const query = searchOf(choices);
  query.set('currency', currency);
  query.set('pageSize', '8');
  query.set('sort', 'rating');
  const { state, updating } = useVehicleSearch(query.toString());
  const say = useSayMessage();

  const choose = (changes: Partial<Choices>) => setChoices((current) => ({ ...current, ...changes }));
  const findMyCar = (event: FormEvent) => {
    event.preventDefault();
    const carried = searchOf({ ...choices, location });
    track('user_interaction', { action: 'find_my_car', filters: carried.toString() });
    navigate(`/inventory${carried.size > 0 ? `?${carried.toString()}` : ''}`);
  };
  const models = MODELS.filter((model) => !choices.make || model.make === choices.make);

  return (
    <section className="home-section" aria-labelledby="premium-heading">
      <h2 id="premium-heading">{t('premiumTitle')}</h2>
      <div role="tablist" aria-label={t('premiumTitle')} className="tabs">
        {(['shop', 'sell'] as const).map((id) => (
          <button key={id} id={`premium-tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls={`premium-panel-${id}`} className={`tab${tab === id ? ' tab-active' : ''}`} onClick={() => setTab(id)}>
            {t(id === 'shop' ? 'tabShop' : 'tabSell')}
          </button>
        ))}
      </div>
      {tab === 'sell' ? (
        <div id="premium-panel-sell" role="tabpanel" aria-labelledby="premium-tab-sell" className="sell-pitch">
          <h3>{t('sellPitchTitle')}</h3>
          <p>{t('sellPitch')}</p>
          <p className="home-actions">
            <Link to="/sell-car" className="button">
              {t('sellCta')}
            </Link>
            <Link to="/trade-in" className="button button-secondary">
              {t('tradeInCta')}
            </Link>
          </p>
        </div>
      ) : (
        <div id="premium-panel-shop" role="tabpanel" aria-labelledby="premium-tab-shop">
          <form className="premium-filters" onSubmit={findMyCar} aria-label={t('premiumTitle')}>
            <label>
              {t('conditionLabel')}
              <select value={choices.condition} onChange={(event) => choose({ condition: event.target.value })}>
                <option value="">{t('conditionAny')}</option>
                {CONDITIONS.map(([value, key]) => (
                  <option key={value} value={value}>
                    {t(key)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('makeLabel')}
              <select value={choices.make} onChange={(event) => choose({ make: event.target.value, model: '' })}>
                <option value="">{t('makeAny')}</option>
                {MAKES.map((make) => (
                  <option key={make} value={make}>
                    {make}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('modelLabel')}
              <select value={choices.model} onChange={(event) => choose({ model: event.target.value })}>
                <option value="">{t('modelAny')}</option>
                {models.map((model) => (
                  <option key={model.value} value={model.value}>
                    {model.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('locationLabel')}
              <input
                value={location}
                placeholder={t('locationPlaceholder')}
                onChange={(event) => setLocationText(event.target.value)}
                onBlur={() => choose({ location })}
                autoComplete="address-level2"
              />
            </label>
            <button type="submit" className="button">
              {t('findMyCar')}
            </button>
          </form>
          {state.phase === 'loading' ? (
            <p role="status">{t('loadingVehicles')}</p>
          ) : state.phase === 'failed' ? (
            <p className="notice notice-error" role="alert">
              {t('vehiclesFailed', { message: say(state.message) })}
            </p>
          ) : state.result.items.length === 0 ? (
            <p className="empty-state" role="status">
              {t('noVehicles')}
            </p>
          ) : (
            <ResultGrid count={t.plural('matchCount', state.result.total, { count: number(state.result.total) })} className="premium-grid" busy={updating}>
              {state.result.items.map((vehicle) => (
                <li key={vehicle.id} className="premium-card">
                  <Link to={`/vehicle/${encodeURIComponent(vehicle.id)}`} onClick={() => track('user_interaction', { action: 'premium_vehicle_open', vehicleId: vehicle.id })}>
                    <img src={vehicle.image?.url ?? '/placeholder.svg'} alt={vehicle.image?.alt ?? vehicle.name} width={320} height={180} loading="lazy" decoding="async" />
                    <h3>
                      {vehicle.year} {vehicle.name}
                    </h3>
                    <p className="premium-subtitle">{vehicle.subtitle}</p>
                    <p className="premium-specs">{vehicle.specifications.slice(0, 4).map((spec) => spec.value).join(' · ')}</p>
                    <PremiumPrice vehicle={vehicle} t={t} />
                    <p className="premium-rating">
                      <span aria-hidden="true">★ </span>
                      {t.plural('ratingReviews', vehicle.reviewCount, { rating: number(vehicle.rating, { maximumFractionDigits: 1 }), count: number(vehicle.reviewCount) })}
                    </p>
                  </Link>
                </li>
              ))}
            </ResultGrid>
          )}
        </div>
      )}
    </section>
  );
}

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

/** How many of the newest articles the home page shows. */
const HOME_NEWS_SHOWN = 4;

/** The newest ingested articles, African and global alike, and the way to all of them. */
function LatestNews({ t }: { t: T }) {
  const { state, retry } = useApiRead<NewsPage>(`/api/news?limit=${HOME_NEWS_SHOWN}`);
  const say = useSayMessage();
  return (
    <HomeSection id="news" title={t('newsTitle')}>
      {state.phase === 'loading' ? <p role="status">{t('newsLoading')}</p> : null}
      {state.phase === 'failed' ? (
        <>
          <p className="notice notice-error" role="alert">
            {t('newsFailed', { message: say(state.message) })}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={retry}>
            {t('newsRetry')}
          </button>
        </>
      ) : null}
      {state.phase === 'ready' && state.data.items.length === 0 ? <p className="empty-state">{t('newsEmpty')}</p> : null}
      {state.phase === 'ready' && state.data.items.length > 0 ? (
        <ul className="news-cards">
          {state.data.items.slice(0, HOME_NEWS_SHOWN).map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} where="home" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="home-actions">
        <Link to="/news" className="button button-secondary" onClick={() => track('user_interaction', { action: 'view_all_news' })}>
          {t('viewAllNews')}
        </Link>
      </p>
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

      <PremiumVehicles t={t} />

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

      <LatestNews t={t} />

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

/** The card's price; a vehicle on this month's deals shows its sale price, the listed one struck through and the saving. */
function PremiumPrice({ vehicle, t }: { vehicle: VehicleSummary; t: T }) {
  const { format } = useCurrency();
  const { number } = useFormat();
  const { amount, currency } = vehicle.displayPrice;
  const deal = DEALS.find((candidate) => candidate.vehicleId === vehicle.id);
  if (!deal) return <p className="premium-price">{format(amount, currency as never)}</p>;
  return (
    <>
      <p className="premium-price">
        {format(salePrice(amount, deal.discountPercent), currency as never)} <span className="premium-discount">{t('dealSave', { percent: number(deal.discountPercent / 100, { style: 'percent' }) })}</span>
      </p>
      <p className="premium-original">
        <s>{t('dealWas', { price: format(amount, currency as never) })}</s>
      </p>
    </>
  );
}
