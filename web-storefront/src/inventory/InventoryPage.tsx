import { useRef } from 'react';
import { INVENTORY_TABS, type InventoryTabId } from '@autobest/domain/inventory/tabs';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { InventoryFilters, useFilterParams } from './InventoryFilters';
import { inventorySearchQuery } from './searchQuery';
import { inventoryMessages, type InventoryMessage } from './messages';
import { VehicleCard } from './VehicleCard';
import { SearchProgress } from './SearchProgress';
import { useVehicleSearch } from './useVehicleSearch';
import { PageWithBackLink } from '../ui/BackLink';
import { CompanionLink } from '../assistant/CompanionLink';

const TAB_MESSAGES = {
  'cars-minivan': 'tabCarsMinivan',
  trucks: 'tabTrucks',
  'crossovers-suvs': 'tabCrossoversSuvs',
  electrified: 'tabElectrified',
} as const satisfies Record<InventoryTabId, InventoryMessage>;

/** 'Search Inventory': filters, sort and page live in the URL, so a search can be shared and bookmarked. */
export function InventoryPage() {
  const { params, set: update } = useFilterParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency, format } = useCurrency();
  const { state, updating } = useVehicleSearch(inventorySearchQuery(currency, params));

  const result = state.phase === 'ready' ? state.result : null;
  const activeTab = params.get('tab');
  const page = Number(params.get('page') ?? '1');
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  // A page turned from the buttons under the list starts at the top of the results, where focus goes too.
  const resultsTop = useRef<HTMLParagraphElement>(null);
  const turnTo = (next: number) => {
    update({ page: next > 1 ? String(next) : null });
    resultsTop.current?.focus({ preventScroll: true });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const priceMin = params.get('priceMin');
  const priceMax = params.get('priceMax');
  const priceRange = !priceMin && !priceMax
    ? ''
    : priceMax
      ? t('priceBetween', { min: format(Number(priceMin ?? 0)), max: format(Number(priceMax)) })
      : t('priceFrom', { min: format(Number(priceMin)) });

  return (
    <PageWithBackLink to="/" label={t('backHome')} className="inventory-page">
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

      <InventoryFilters
        label="filterVehicles"
        placeholder="searchPlaceholder"
        filters={[{ name: 'make', choices: 'facets', facets: result?.facets.make ?? [] }, { name: 'condition', anyLabel: 'anyCondition' }, { name: 'priceMin' }, { name: 'priceMax' }, { name: 'sort' }]}
      />

      <p className="hint">{t('illustrative')}</p>

      <SearchProgress state={state} loading="loadingInventory" failed="errorInventory" />
      {result ? (
        <>
          {updating ? <p className="hint">{t('updating')}</p> : null}
          <p role="status" className="result-count" tabIndex={-1} ref={resultsTop}>
            {t.plural('vehicleCount', result.total, { count: number(result.total) })}
            {priceRange}
          </p>
          {result.items.length === 0 ? (
            <p className="empty-state">{t('noMatches')}</p>
          ) : (
            <ul className="vehicle-grid" aria-busy={updating}>
              {result.items.map((vehicle) => (
                <VehicleCard key={vehicle.id} vehicle={vehicle} finance={result.finance} />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="pagination" aria-label={t('pages')}>
              <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => turnTo(page - 1)}>
                {t('previous')}
              </button>
              <span>{t('pageOf', { page: number(page), pages: number(pages) })}</span>
              <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => turnTo(page + 1)}>
                {t('next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}

      <aside className="cta">
        <p>{t('budgetQuestion')}</p>
        <CompanionLink where="inventory">{t('startGuidance')}</CompanionLink>
      </aside>
    </PageWithBackLink>
  );
}
