import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useCurrency } from '../currency/CurrencyContext';
import { CollectionCard } from './CollectionCard';
import { useVehicleSearch } from './useVehicleSearch';

/** Electric Vehicles: search and a price range that really filter, with loading, error and empty states. */
export function ElectricCarsPage() {
  const [params, setParams] = useSearchParams();
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
      <Link to="/buy-cars" className="back-link">
        ← Back to Buy Cars
      </Link>
      <div className="promo-banner">
        <h1>Electric Vehicles</h1>
        <p>Drive electric across Africa: models with up to 800 km of range on a single charge.</p>
      </div>
      <form className="inventory-filters" role="search" aria-label="Search electric vehicles" onSubmit={onSearch}>
        <label className="field">
          <span>Search</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Search electric vehicles" />
        </label>
        <button type="submit" className="button">
          Search
        </button>
        <button type="button" className="button button-secondary" aria-expanded={rangeOpen} onClick={() => setRangeOpen((open) => !open)}>
          Filter by Range
        </button>
        {rangeOpen ? (
          <>
            <label className="field">
              <span>Min price ({currency})</span>
              <input inputMode="numeric" defaultValue={params.get('priceMin') ?? ''} onBlur={(event) => set({ priceMin: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
            <label className="field">
              <span>Max price ({currency})</span>
              <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} onBlur={(event) => set({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
          </>
        ) : null}
      </form>
      {state.phase === 'loading' ? <p role="status">Loading vehicles...</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          Error loading vehicles: {state.message}
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        state.result.total === 0 ? (
          <div className="empty-state">
            <h2>No Electric Vehicles Found</h2>
            <p>Try another search or a wider price range.</p>
          </div>
        ) : (
          <>
            <p role="status" className="result-count">
              {state.result.total} electric vehicles
            </p>
            <ul className="vehicle-grid" aria-busy={updating}>
              {state.result.items.map((vehicle) => (
                <CollectionCard key={vehicle.id} vehicle={vehicle} badge="Electric" featureCount={3} showYear={false} />
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
