import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { INVENTORY_TABS, VEHICLE_CONDITIONS, type InventoryTabId } from '@autobest/domain/inventory';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { apiMessage, CONDITION_MESSAGES, inventoryMessages, type InventoryMessage } from './messages';
import { VehicleCard } from './VehicleCard';
import { useVehicleSearch } from './useVehicleSearch';
import { BackLink } from '../ui/BackLink';

const TAB_MESSAGES = {
  'cars-minivan': 'tabCarsMinivan',
  trucks: 'tabTrucks',
  'crossovers-suvs': 'tabCrossoversSuvs',
  electrified: 'tabElectrified',
} as const satisfies Record<InventoryTabId, InventoryMessage>;
const SORT_MESSAGES = {
  newest: 'sortNewest',
  'price-asc': 'sortPriceAsc',
  'price-desc': 'sortPriceDesc',
  'year-desc': 'sortYearDesc',
  'year-asc': 'sortYearAsc',
  rating: 'sortRating',
} as const satisfies Record<string, InventoryMessage>;
const FILTER_KEYS = ['q', 'tab', 'make', 'model', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'condition', 'fuel', 'body', 'location', 'sort', 'page'] as const;

/** 'Search Inventory': filters, sort and page live in the URL, so a search can be shared and bookmarked. */
export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency, format } = useCurrency();
  const [text, setText] = useState(params.get('q') ?? '');
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  query.set('currency', currency);
  query.set('pageSize', '24');
  const queryString = query.toString();

  const { state, updating } = useVehicleSearch(queryString);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() || null });
  };

  const result = state.phase === 'ready' ? state.result : null;
  const activeTab = params.get('tab');
  const page = Number(params.get('page') ?? '1');
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  const priceMin = params.get('priceMin');
  const priceMax = params.get('priceMax');
  const priceRange = !priceMin && !priceMax
    ? ''
    : priceMax
      ? t('priceBetween', { min: format(Number(priceMin ?? 0)), max: format(Number(priceMax)) })
      : t('priceFrom', { min: format(Number(priceMin)) });

  return (
    <section className="page inventory-page">
      <BackLink to="/">
        {t('backHome')}
      </BackLink>
      <h1>{t('inventoryTitle')}</h1>

      <div role="tablist" aria-label={t('vehicleTypes')} className="tabs">
        {INVENTORY_TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={activeTab === tab.id}
            className={`tab${activeTab === tab.id ? ' tab-active' : ''}`}
            onClick={() => update({ tab: activeTab === tab.id ? null : tab.id })}
          >
            {t(TAB_MESSAGES[tab.id])}
          </button>
        ))}
      </div>

      <form className="inventory-filters" role="search" aria-label={t('filterVehicles')} onSubmit={onSearch}>
        <label className="field">
          <span>{t('search')}</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('searchPlaceholder')} />
        </label>
        <label className="field">
          <span>{t('make')}</span>
          <select value={params.get('make') ?? ''} onChange={(event) => update({ make: event.target.value || null, model: null })}>
            <option value="">{t('allMakes')}</option>
            {(result?.facets.make ?? []).map((facet) => (
              <option key={facet.value} value={facet.value}>
                {t('facetOption', { value: facet.value, count: number(facet.count) })}
              </option>
            ))}
            {params.get('make') && !result?.facets.make.some((facet) => facet.value.toLowerCase() === params.get('make')!.toLowerCase()) ? (
              <option value={params.get('make')!}>{params.get('make')}</option>
            ) : null}
          </select>
        </label>
        <label className="field">
          <span>{t('condition')}</span>
          <select value={params.get('condition') ?? ''} onChange={(event) => update({ condition: event.target.value || null })}>
            <option value="">{t('anyCondition')}</option>
            {VEHICLE_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {t(CONDITION_MESSAGES[condition])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('minPrice', { currency })}</span>
          <input inputMode="numeric" defaultValue={params.get('priceMin') ?? ''} key={`min-${params.get('priceMin')}`} onBlur={(event) => update({ priceMin: event.target.value.replace(/[^\d.]/g, '') || null })} />
        </label>
        <label className="field">
          <span>{t('maxPrice', { currency })}</span>
          <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} key={`max-${params.get('priceMax')}`} onBlur={(event) => update({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
        </label>
        <label className="field">
          <span>{t('sortBy')}</span>
          <select value={params.get('sort') ?? 'newest'} onChange={(event) => update({ sort: event.target.value === 'newest' ? null : event.target.value })}>
            {Object.entries(SORT_MESSAGES).map(([value, message]) => (
              <option key={value} value={value}>
                {t(message)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t('search')}
        </button>
      </form>

      <p className="hint">{t('illustrative')}</p>

      {state.phase === 'loading' ? <p role="status">{t('loadingInventory')}</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          {t('errorInventory', { message: apiMessage(t, state.message) })}
        </p>
      ) : null}
      {result ? (
        <>
          {updating ? <p className="hint">{t('updating')}</p> : null}
          <p role="status" className="result-count">
            {result.total === 1 ? t('vehicleCountOne') : t('vehicleCount', { count: number(result.total) })}
            {priceRange}
          </p>
          {result.items.length === 0 ? (
            <p className="empty-state">{t('noMatches')}</p>
          ) : (
            <ul className="vehicle-grid" aria-busy={updating}>
              {result.items.map((vehicle) => (
                <VehicleCard key={vehicle.id} vehicle={vehicle} />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="pagination" aria-label={t('pages')}>
              <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => update({ page: page > 2 ? String(page - 1) : null })}>
                {t('previous')}
              </button>
              <span>{t('pageOf', { page: number(page), pages: number(pages) })}</span>
              <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                {t('next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}

      <aside className="cta">
        <p>{t('budgetQuestion')}</p>
        <Link to="/car-buyer-companion" className="button">
          {t('startGuidance')}
        </Link>
      </aside>
    </section>
  );
}
