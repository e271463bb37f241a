import { COLLECTIONS, type CollectionId } from '@autobest/domain/inventory/tabs';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { CollectionCard } from './CollectionCard';
import { InventoryFilters, useFilterParams } from './InventoryFilters';
import { searchQuery } from './searchQuery';
import { inventoryMessages, type InventoryMessage } from './messages';
import { SearchProgress } from './SearchProgress';
import { useVehicleSearch } from './useVehicleSearch';
import { PageWithBackLink } from '../ui/BackLink';

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
  const { params, set } = useFilterParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency } = useCurrency();
  const query = searchQuery({ currency, pageSize: '60' }, params, ['q', 'collection', 'make', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'condition', 'sort']);
  const { state, updating } = useVehicleSearch(query);
  // Tab counts come from the search without a tab, so each tab shows what it would hold.
  const countsQuery = new URLSearchParams(query);
  countsQuery.delete('collection');
  countsQuery.set('pageSize', '1');
  const counts = useVehicleSearch(countsQuery.toString());
  const countOf = (id: string | null) => {
    if (counts.state.phase !== 'ready') return '…';
    if (id === null) return number(counts.state.result.total);
    return number(counts.state.result.facets.collection?.find((facet) => facet.value === id)?.count ?? 0);
  };
  const active = params.get('collection');
  return (
    <PageWithBackLink to="/buy-cars" label={t('backBuyCars')}>
      <h1>{t('allTitle')}</h1>
      <div role="tablist" aria-label={t('vehicleCategories')} className="tabs">
        {TABS.map((tab) => (
          <button key={tab.message} type="button" role="tab" aria-selected={active === tab.id} className={`tab${active === tab.id ? ' tab-active' : ''}`} onClick={() => set({ collection: tab.id })}>
            {t('tabCount', { label: t(tab.message), count: countOf(tab.id) })}
          </button>
        ))}
      </div>
      <InventoryFilters
        label="searchInventory"
        placeholder="searchPlaceholder"
        more={{ label: 'advancedFilters', filters: [{ name: 'make', choices: 'typed' }, { name: 'yearMin' }, { name: 'yearMax' }, { name: 'priceMax' }, { name: 'condition', anyLabel: 'anyConditionShort' }] }}
      />
      <SearchProgress state={state} loading="loadingInventory" failed="errorInventory" />
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
    </PageWithBackLink>
  );
}
