import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { COLLECTIONS, CONDITION_LABELS } from '@autobest/domain/inventory';
import { useCurrency } from '../currency/CurrencyContext';
import { CollectionCard } from './CollectionCard';
import { useVehicleSearch } from './useVehicleSearch';

/** Complete Inventory: tabs All, SUV, Sedan, Electric, Hybrid, Luxury with counts, search and advanced filters. */
export function AllInventoryPage() {
  const [params, setParams] = useSearchParams();
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
    if (id === null) return String(counts.state.result.total);
    return String(counts.state.result.facets.collection?.find((facet) => facet.value === id)?.count ?? 0);
  };
  const active = params.get('collection');
  return (
    <section className="page">
      <Link to="/buy-cars" className="back-link">
        ← Back to Buy Cars
      </Link>
      <h1>Complete Inventory</h1>
      <div role="tablist" aria-label="Vehicle categories" className="tabs">
        {[{ id: null, label: 'All' }, ...COLLECTIONS].map((tab) => (
          <button key={tab.label} type="button" role="tab" aria-selected={active === tab.id} className={`tab${active === tab.id ? ' tab-active' : ''}`} onClick={() => set({ collection: tab.id })}>
            {tab.label} ({countOf(tab.id)})
          </button>
        ))}
      </div>
      <form className="inventory-filters" role="search" aria-label="Search the inventory" onSubmit={onSearch}>
        <label className="field">
          <span>Search</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Make, model or feature" />
        </label>
        <button type="submit" className="button">
          Search
        </button>
        <button type="button" className="button button-secondary" aria-expanded={advanced} onClick={() => setAdvanced((open) => !open)}>
          Advanced Filters
        </button>
        {advanced ? (
          <>
            <label className="field">
              <span>Make</span>
              <input defaultValue={params.get('make') ?? ''} onBlur={(event) => set({ make: event.target.value.trim() || null })} />
            </label>
            <label className="field">
              <span>Year from</span>
              <input inputMode="numeric" defaultValue={params.get('yearMin') ?? ''} onBlur={(event) => set({ yearMin: event.target.value.replace(/\D/g, '') || null })} />
            </label>
            <label className="field">
              <span>Year to</span>
              <input inputMode="numeric" defaultValue={params.get('yearMax') ?? ''} onBlur={(event) => set({ yearMax: event.target.value.replace(/\D/g, '') || null })} />
            </label>
            <label className="field">
              <span>Max price ({currency})</span>
              <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} onBlur={(event) => set({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
            </label>
            <label className="field">
              <span>Condition</span>
              <select value={params.get('condition') ?? ''} onChange={(event) => set({ condition: event.target.value || null })}>
                <option value="">Any</option>
                {Object.entries(CONDITION_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : null}
      </form>
      {state.phase === 'loading' ? <p role="status">Loading inventory...</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          Error loading inventory: {state.message}
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        state.result.total === 0 ? (
          <p className="empty-state">No vehicles match. Try another tab or fewer filters.</p>
        ) : (
          <ul className="vehicle-grid" aria-busy={updating}>
            {state.result.items.map((vehicle) => (
              <CollectionCard
                key={vehicle.id}
                vehicle={vehicle}
                badge={/electric|hybrid/i.test(vehicle.category) || vehicle.fuelType === 'electric' ? 'EV' : null}
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
