import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { track } from '../analytics/analytics';
import { useCurrency } from '../currency/CurrencyContext';
import type { VehicleBrands } from '@autobest/domain/inventory/contracts';
import { ApiFailure, getJson } from '../inventory/api';
import { useFormat, useT } from '../i18n';
import { brandsMessages } from './messages';
import '../rent-lease/rent-lease.css';
import './brands.css';
import { PageHeader } from '../ui/PageHeader';

/** The three brands the page features, in the spec's order of cards; their models and prices come from the catalogue. */
export const FEATURED_BRANDS = [
  { brand: 'Chery', about: 'cheryAbout', logo: '/brands/chery.svg' },
  { brand: 'BYD', about: 'bydAbout', logo: '/brands/byd.svg' },
  { brand: 'Toyota', about: 'toyotaAbout', logo: '/brands/toyota.svg' },
] as const;

type BrandsState = { phase: 'loading' } | { phase: 'ready'; brands: VehicleBrands['brands'] } | { phase: 'failed'; message: string };

const inventoryLink = (brand: string) => `/inventory?make=${encodeURIComponent(brand)}`;

/** Vehicle Brands: three brand cards with their models and price range; 'View {brand} Models' opens the inventory on that brand. */
export function BrandsPage() {
  const t = useT(brandsMessages);
  const { money } = useFormat();
  const { currency } = useCurrency();
  const [state, setState] = useState<BrandsState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getJson<VehicleBrands>(`/api/vehicles/brands?currency=${currency}`, controller.signal)
      .then(({ brands }) => setState({ phase: 'ready', brands }))
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'AbortError') return;
        setState({ phase: 'failed', message: error instanceof ApiFailure ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [currency, attempt]);

  const known = state.phase === 'ready' ? state.brands : [];
  const others = known.filter((entry) => !FEATURED_BRANDS.some((featured) => featured.brand.toLowerCase() === entry.brand.toLowerCase()));

  return (
    <section className="page brands">
      <PageHeader back="/" backLabel={t('backHome')} title={t('title')} lead={t('lead')} />

      {state.phase === 'loading' ? <p role="status">{t('loading')}</p> : null}
      {state.phase === 'failed' ? (
        <div role="alert" className="notice notice-error">
          <p>{t('failed', { message: state.message })}</p>
          <button type="button" className="button button-secondary" onClick={() => { setState({ phase: 'loading' }); setAttempt((n) => n + 1); }}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      <ul className="rental-grid">
        {FEATURED_BRANDS.map(({ brand, about, logo }) => {
          const stock = known.find((entry) => entry.brand.toLowerCase() === brand.toLowerCase());
          return (
            <li key={brand} className="rental-card" aria-labelledby={`brand-${brand}`}>
              {/* The wordmark says the brand's name, which the heading below already gives. */}
              <img className="brand-logo" src={logo} alt="" width={160} height={64} loading="lazy" decoding="async" />
              <h2 id={`brand-${brand}`}>{brand}</h2>
              <p>{t(about)}</p>
              {stock ? (
                <>
                  <p className="calculator-total">{t('priceRange', { min: money(stock.priceMin.amount, stock.priceMin.currency as never), max: money(stock.priceMax.amount, stock.priceMax.currency as never) })}</p>
                  <p className="hint">{t('inStock', { count: stock.count })}</p>
                  <h3>{t('modelsTitle')}</h3>
                  <ul className="home-list">
                    {stock.models.slice(0, 6).map((entry) => (
                      <li key={entry.model}>
                        <Link to={`${inventoryLink(brand)}&model=${encodeURIComponent(entry.model)}`}>{entry.model}</Link> <span className="hint">({entry.count})</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : state.phase === 'ready' ? (
                <p className="hint">{t('noneInStock')}</p>
              ) : null}
              <Link to={inventoryLink(brand)} className="button" onClick={() => track('user_interaction', { action: 'view_brand_models', brand })}>
                {t('viewModels', { brand })}
              </Link>
            </li>
          );
        })}
      </ul>

      {others.length > 0 ? (
        <>
          <h2>{t('othersTitle')}</h2>
          <ul className="brand-chips">
            {others.map((entry) => (
              <li key={entry.brand}>
                <Link to={inventoryLink(entry.brand)} className="brand-chip">
                  {entry.brand} <span className="hint">({entry.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
