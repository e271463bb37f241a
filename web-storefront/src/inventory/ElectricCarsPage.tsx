import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { CollectionCard } from './CollectionCard';
import { InventoryFilters, useFilterParams } from './InventoryFilters';
import { searchQuery } from './searchQuery';
import { inventoryMessages } from './messages';
import { ResultGrid } from './ResultGrid';
import { SearchProgress } from './SearchProgress';
import { useVehicleSearch } from './useVehicleSearch';
import { PageWithBackLink } from '../ui/BackLink';
import { track } from '../analytics/analytics';

/** The driving range the page's promotion claims (spec 001, "Electric Vehicles": "a promo banner claiming up to 800 km range"). */
export const PROMOTED_RANGE_KM = 800;

/** Electric Vehicles: the range promotion, then search and a driving range that really filter, with loading, error and empty states. */
export function ElectricCarsPage() {
  const { params } = useFilterParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency } = useCurrency();
  const { state, updating } = useVehicleSearch(searchQuery({ collection: 'electric', currency, pageSize: '60' }, params, ['q', 'rangeMin', 'sort']));
  return (
    <PageWithBackLink to="/buy-cars" label={t('backBuyCars')}>
      <div className="promo-banner">
        <h1>{t('electricTitle')}</h1>
        <p className="promo-claim">{t('electricPromo', { range: number(PROMOTED_RANGE_KM) })}</p>
        <p>{t('electricLead')}</p>
      </div>
      <InventoryFilters label="searchElectric" placeholder="searchElectric" more={{ label: 'filterByRange', filters: [{ name: 'rangeMin' }] }} />
      <SearchProgress state={state} loading="loadingVehicles" failed="errorVehicles" />
      {state.phase === 'ready' ? (
        state.result.total === 0 ? (
          <div className="empty-state">
            <h2>{t('noElectric')}</h2>
            <p>{t('noElectricHint')}</p>
          </div>
        ) : (
          <ResultGrid count={t.plural('electricCount', state.result.total, { count: number(state.result.total) })} busy={updating}>
            {state.result.items.map((vehicle) => (
              <CollectionCard
                key={vehicle.id}
                vehicle={vehicle}
                badge={t('badgeElectric')}
                featureCount={3}
                showYear={false}
                onOpen={() => track('electric_vehicle_click', { vehicleId: vehicle.id, vehicleName: vehicle.name })}
              />
            ))}
          </ResultGrid>
        )
      ) : null}
    </PageWithBackLink>
  );
}
