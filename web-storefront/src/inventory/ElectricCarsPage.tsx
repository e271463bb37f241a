import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import { CollectionCard } from './CollectionCard';
import { apiMessage, inventoryMessages } from './messages';
import { useVehicleSearch } from './useVehicleSearch';
import { BackLink } from '../ui/BackLink';
import { track } from '../analytics/analytics';

/** Electric Vehicles: search and a price range that really filter, with loading, error and empty states. */
export function ElectricCarsPage() {
  const [params, setParams] = useSearchParams();
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency } = useCurrency();
  const [text, setText] = useState(params.get('q') ?? '');
  const [rangeOpen, setRangeOpen] = useState(Boolean(params.get('priceMin') || params.get('priceMax')));
  const query = new URLSearchParams({ collection: 'electric', currency, pageSize: '60' });
  for (const key of ['q', 'priceMin', 'priceMax', 'sort']) if (params.get(key)) query.set(key, params.get(key)!);
  const { state, updating } = useVehicleSearch(query.toString());
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) if (value) next.set(key, value); else next.delete(key);
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: text.trim() || null });
  };
  return (
    <section className="page">
      <BackLink to="/buy-cars">
        {t('backBuyCars')}
      </BackLink>
      <div className="promo-banner">
        <h1>{t('electricTitle')}</h1>
        <p>{t('electricLead')}</p>
      </div>
      <form className="inventory-filters" role="search" aria-label={t('searchElectric')} onSubmit={onSearch}>
        <label className="field">
          <span>{t('search')}</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('searchElectric')} />
        </label>
        <button type="submit" className="button">
          {t('search')}
        </button>
        <button type="button" className="button button-secondary" aria-expanded={rangeOpen} onClick={() => setRangeOpen((open) => !open)}>
          {t('filterByRange')}
        </button>
        {rangeOpen ? (
          <>
            <label className="field">
              <span>{t('minPrice', { currency })}</span>
              <input inputMode="numeric" defaultValue={params.get('priceMin') ?? ''} onBlur={(event) => set({ priceMin: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
            <label className="field">
              <span>{t('maxPrice', { currency })}</span>
              <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} onBlur={(event) => set({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
          </>
        ) : null}
      </form>
      {state.phase === 'loading' ? <p role="status">{t('loadingVehicles')}</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          {t('errorVehicles', { message: apiMessage(t, state.message) })}
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        state.result.total === 0 ? (
          <div className="empty-state">
            <h2>{t('noElectric')}</h2>
            <p>{t('noElectricHint')}</p>
          </div>
        ) : (
          <>
            <p role="status" className="result-count">
              {t('electricCount', { count: number(state.result.total) })}
            </p>
            <ul className="vehicle-grid" aria-busy={updating}>
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
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
