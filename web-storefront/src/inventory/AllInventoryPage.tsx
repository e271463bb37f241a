import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { COLLECTIONS, VEHICLE_CONDITIONS, type CollectionId } from '@autobest/domain/inventory';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { CollectionCard } from './CollectionCard';
import { apiMessage, CONDITION_MESSAGES, inventoryMessages, type InventoryMessage } from './messages';
import { useVehicleSearch } from './useVehicleSearch';
import { BackLink } from '../ui/BackLink';

const COLLECTION_MESSAGES = {
  suv: 'collectionSuv',
  sedan: 'collectionSedan',
  electric: 'collectionElectric',
  hybrid: 'collectionHybrid',
  luxury: 'collectionLuxury',
} as const satisfies Record<CollectionId, InventoryMessage>;
const TABS: ReadonlyArray<{ id: CollectionId | null; message: InventoryMessage }> = [
  { id: null, message: 'collectionAll' },
  ...COLLECTIONS.map(({ id }) => ({ id, message: COLLECTION_MESSAGES[id] })),
];

/** Complete Inventory: tabs All, SUV, Sedan, Electric, Hybrid, Luxury with counts, search and advanced filters. */
export function AllInventoryPage() {
  const [params, setParams] = useSearchParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency } = useCurrency();
  const [text, setText] = useState(params.get('q') ?? '');
  const [advanced, setAdvanced] = useState(false);
  const query = new URLSearchParams({ currency, pageSize: '60' });
  for (const key of ['q', 'collection', 'make', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'condition', 'sort']) if (params.get(key)) query.set(key, params.get(key)!);
  const { state, updating } = useVehicleSearch(query.toString());
  // Tab counts come from the search without a tab, so each tab shows what it would hold.
  const countsQuery = new URLSearchParams(query);
  countsQuery.delete('collection');
  countsQuery.set('pageSize', '1');
  const counts = useVehicleSearch(countsQuery.toString());
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value); else next.delete(key);
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: text.trim() || null });
  };
  const countOf = (id: string | null) => {
    if (counts.state.phase !== 'ready') return '…';
    if (id === null) return number(counts.state.result.total);
    return number(counts.state.result.facets.collection?.find((facet) => facet.value === id)?.count ?? 0);
  };
  const active = params.get('collection');
  return (
    <section className="page">
      <BackLink to="/buy-cars">
        {t('backBuyCars')}
      </BackLink>
      <h1>{t('allTitle')}</h1>
      <div role="tablist" aria-label={t('vehicleCategories')} className="tabs">
        {TABS.map((tab) => (
          <button key={tab.message} type="button" role="tab" aria-selected={active === tab.id} className={`tab${active === tab.id ? ' tab-active' : ''}`} onClick={() => set({ collection: tab.id })}>
            {t('tabCount', { label: t(tab.message), count: countOf(tab.id) })}
          </button>
        ))}
      </div>
      <form className="inventory-filters" role="search" aria-label={t('searchInventory')} onSubmit={onSearch}>
        <label className="field">
          <span>{t('search')}</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('searchPlaceholder')} />
        </label>
        <button type="submit" className="button">
          {t('search')}
        </button>
        <button type="button" className="button button-secondary" aria-expanded={advanced} onClick={() => setAdvanced((open) => !open)}>
          {t('advancedFilters')}
        </button>
        {advanced ? (
          <>
            <label className="field">
              <span>{t('make')}</span>
              <input defaultValue={params.get('make') ?? ''} onBlur={(event) => set({ make: event.target.value.trim() || null })} />
            </label>
            <label className="field">
              <span>{t('yearFrom')}</span>
              <input inputMode="numeric" defaultValue={params.get('yearMin') ?? ''} onBlur={(event) => set({ yearMin: event.target.value.replace(/\D/g, '') || null })} />
            </label>
            <label className="field">
              <span>{t('yearTo')}</span>
              <input inputMode="numeric" defaultValue={params.get('yearMax') ?? ''} onBlur={(event) => set({ yearMax: event.target.value.replace(/\D/g, '') || null })} />
            </label>
            <label className="field">
              <span>{t('maxPrice', { currency })}</span>
              <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} onBlur={(event) => set({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
            <label className="field">
              <span>{t('condition')}</span>
              <select value={params.get('condition') ?? ''} onChange={(event) => set({ condition: event.target.value || null })}>
                <option value="">{t('anyConditionShort')}</option>
                {VEHICLE_CONDITIONS.map((condition) => (
                  <option key={condition} value={condition}>
                    {t(CONDITION_MESSAGES[condition])}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
      </form>
      {state.phase === 'loading' ? <p role="status">{t('loadingInventory')}</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          {t('errorInventory', { message: apiMessage(t, state.message) })}
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        state.result.total === 0 ? (
          <p className="empty-state">{t('noMatchesShort')}</p>
        ) : (
          <ul className="vehicle-grid" aria-busy={updating}>
            {state.result.items.map((vehicle) => (
              <CollectionCard
                key={vehicle.id}
                vehicle={vehicle}
                badge={/electric|hybrid/i.test(vehicle.category) || vehicle.fuelType === 'electric' ? t('badgeEv') : null}
                featureCount={2}
                showYear
              />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
