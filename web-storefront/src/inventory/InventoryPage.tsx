import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { INVENTORY_TABS, CONDITION_LABELS } from '@autobest/domain/inventory';
import { useCurrency } from '../currency/CurrencyContext';
import { VehicleCard } from './VehicleCard';
import { useVehicleSearch } from './useVehicleSearch';

const SORT_LABELS = { newest: 'Newest', 'price-asc': 'Price: low to high', 'price-desc': 'Price: high to low', 'year-desc': 'Year: newest', 'year-asc': 'Year: oldest', rating: 'Rating' } as const;
const FILTER_KEYS = ['q', 'tab', 'make', 'model', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'condition', 'fuel', 'body', 'location', 'sort', 'page'] as const;

/** 'Search Inventory': filters, sort and page live in the URL, so a search can be shared and bookmarked. */
export function InventoryPage() {
  const [params, setParams] = useSearchParams();
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

  return (
    <section className="page inventory-page">
      <Link to="/" className="back-link">
        ← Back to Home
      </Link>
      <h1>Search Inventory</h1>

      <div role="tablist" aria-label="Vehicle type" className="tabs">
        {INVENTORY_TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={activeTab === tab.id}
            className={`tab${activeTab === tab.id ? ' tab-active' : ''}`}
            onClick={() => update({ tab: activeTab === tab.id ? null : tab.id })}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <form className="inventory-filters" role="search" aria-label="Filter vehicles" onSubmit={onSearch}>
        <label className="field">
          <span>Search</span>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Make, model or feature" />
        </label>
        <label className="field">
          <span>Make</span>
          <select value={params.get('make') ?? ''} onChange={(event) => update({ make: event.target.value || null, model: null })}>
            <option value="">All makes</option>
            {(result?.facets.make ?? []).map((facet) => (
              <option key={facet.value} value={facet.value}>
                {facet.value} ({facet.count})
              </option>
            ))}
            {params.get('make') && !result?.facets.make.some((facet) => facet.value.toLowerCase() === params.get('make')!.toLowerCase()) ? (
              <option value={params.get('make')!}>{params.get('make')}</option>
            ) : null}
          </select>
        </label>
        <label className="field">
          <span>Condition</span>
          <select value={params.get('condition') ?? ''} onChange={(event) => update({ condition: event.target.value || null })}>
            <option value="">Any condition</option>
            {Object.entries(CONDITION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Min price ({currency})</span>
          <input inputMode="numeric" defaultValue={params.get('priceMin') ?? ''} key={`min-${params.get('priceMin')}`} onBlur={(event) => update({ priceMin: event.target.value.replace(/[^\d.]/g, '') || null })} />
        </label>
        <label className="field">
          <span>Max price ({currency})</span>
          <input inputMode="numeric" defaultValue={params.get('priceMax') ?? ''} key={`max-${params.get('priceMax')}`} onBlur={(event) => update({ priceMax: event.target.value.replace(/[^\d.]/g, '') || null })} />
        </label>
        <label className="field">
          <span>Sort by</span>
          <select value={params.get('sort') ?? 'newest'} onChange={(event) => update({ sort: event.target.value === 'newest' ? null : event.target.value })}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </form>

      <p className="hint">Images do not depict actual vehicles and are illustrative only.</p>

      {state.phase === 'loading' ? <p role="status">Loading inventory...</p> : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="notice notice-error">
          Error loading inventory: {state.message}
        </p>
      ) : null}
      {result ? (
        <>
          {updating ? <p className="hint">Updating results…</p> : null}
          <p role="status" className="result-count">
            {result.total === 1 ? '1 vehicle' : `${result.total.toLocaleString('en-NG')} vehicles`}
            {params.get('priceMin') || params.get('priceMax')
              ? ` between ${format(Number(params.get('priceMin') ?? 0))} and ${params.get('priceMax') ? format(Number(params.get('priceMax'))) : 'any price'}`
              : ''}
          </p>
          {result.items.length === 0 ? (
            <p className="empty-state">No vehicles match these filters. Try fewer filters or another tab.</p>
          ) : (
            <ul className="vehicle-grid" aria-busy={updating}>
              {result.items.map((vehicle) => (
                <VehicleCard key={vehicle.id} vehicle={vehicle} />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pages">
              <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => update({ page: page > 2 ? String(page - 1) : null })}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}

      <aside className="cta">
        <p>Not sure which car fits your budget?</p>
        <Link to="/car-buyer-companion" className="button">
          Start AI Guidance
        </Link>
      </aside>
    </section>
  );
}
