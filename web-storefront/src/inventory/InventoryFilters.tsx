import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { VEHICLE_CONDITIONS } from '@autobest/domain/inventory/kinds';
import { useCurrency } from '../currency/CurrencyContext';
import { useFormat, useT } from '../i18n';
import type { VehicleSearchResult } from '@autobest/domain/inventory/contracts';
import { CONDITION_MESSAGES, inventoryMessages, type InventoryMessage } from './messages';

const SORT_MESSAGES = {
  newest: 'sortNewest',
  'price-asc': 'sortPriceAsc',
  'price-desc': 'sortPriceDesc',
  'year-desc': 'sortYearDesc',
  'year-asc': 'sortYearAsc',
  rating: 'sortRating',
} as const satisfies Record<string, InventoryMessage>;

const amount = (value: string) => value.replace(/[^\d.]/g, '');
const digits = (value: string) => value.replace(/\D/g, '');

/** The filters typed into a box, and how each is cleaned before it goes into the address. */
const TYPED = { make: (value: string) => value.trim(), priceMin: amount, priceMax: amount, rangeMin: digits, yearMin: digits, yearMax: digits } as const;
type TypedFilter = keyof typeof TYPED;

/** One filter of the block, each kept in the address under its own name. */
export type Filter =
  | { name: 'make'; choices: 'facets'; facets: VehicleSearchResult['facets']['make'] }
  | { name: 'make'; choices: 'typed' }
  | { name: 'condition'; anyLabel: 'anyCondition' | 'anyConditionShort' }
  | { name: 'priceMin' | 'priceMax' | 'yearMin' | 'yearMax' | 'rangeMin' | 'sort' };

/**
 * The catalogue pages' filters live in the address, so a search can be shared and bookmarked. `set` changes
 * them; any change but turning the page goes back to the first page.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { params, set };
}

interface InventoryFiltersProps {
  /** The form's accessible name. */
  label: InventoryMessage;
  placeholder: InventoryMessage;
  /** Shown between the search box and the Search button. */
  filters?: readonly Filter[];
  /** Behind a toggle after the Search button; open from the start when one of them is in the address. */
  more?: { label: InventoryMessage; filters: readonly Filter[] };
}

/** The search box and filters of /inventory, /all-inventory and /electric-cars. */
export function InventoryFilters({ label, placeholder, filters = [], more }: InventoryFiltersProps) {
  const t = useT(inventoryMessages);
  const { number } = useFormat();
  const { currency } = useCurrency();
  const { params, set } = useFilterParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [moreOpen, setMoreOpen] = useState(() => Boolean(more?.filters.some((filter) => params.get(filter.name))));

  // Enter (or a phone keyboard's Go) in any box searches with every box as typed: a typed filter is otherwise taken
  // only when the visitor leaves its box.
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedNow = Object.entries(TYPED).flatMap(([name, clean]) => {
      const value = form.get(name);
      return typeof value === 'string' ? [[name, clean(value) || null] as const] : [];
    });
    set({ ...Object.fromEntries(typedNow), q: text.trim() || null });
  };

  /** A typed filter, taken when the visitor leaves the box or searches; it follows the address when that changes. */
  const typed = (name: TypedFilter, caption: string, inputMode?: 'numeric') => (
    <label className="field" key={`${name}-${params.get(name)}`}>
      <span>{caption}</span>
      <input name={name} inputMode={inputMode} defaultValue={params.get(name) ?? ''} onBlur={(event) => set({ [name]: TYPED[name](event.target.value) || null })} />
    </label>
  );

  const field = (filter: Filter) => {
    const current = params.get(filter.name);
    switch (filter.name) {
      case 'make':
        if (filter.choices === 'typed') return typed('make', t('make'));
        return (
          <label className="field" key="make">
            <span>{t('make')}</span>
            <select value={current ?? ''} onChange={(event) => set({ make: event.target.value || null, model: null })}>
              <option value="">{t('allMakes')}</option>
              {filter.facets.map((facet) => (
                <option key={facet.value} value={facet.value}>
                  {t('facetOption', { value: facet.value, count: number(facet.count) })}
                </option>
              ))}
              {current && !filter.facets.some((facet) => facet.value.toLowerCase() === current.toLowerCase()) ? <option value={current}>{current}</option> : null}
            </select>
          </label>
        );
      case 'condition':
        return (
          <label className="field" key="condition">
            <span>{t('condition')}</span>
            <select value={current ?? ''} onChange={(event) => set({ condition: event.target.value || null })}>
              <option value="">{t(filter.anyLabel)}</option>
              {VEHICLE_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {t(CONDITION_MESSAGES[condition])}
                </option>
              ))}
            </select>
          </label>
        );
      case 'priceMin':
        return typed('priceMin', t('minPrice', { currency }), 'numeric');
      case 'priceMax':
        return typed('priceMax', t('maxPrice', { currency }), 'numeric');
      case 'rangeMin':
        return typed('rangeMin', t('rangeMin'), 'numeric');
      case 'yearMin':
        return typed('yearMin', t('yearFrom'), 'numeric');
      case 'yearMax':
        return typed('yearMax', t('yearTo'), 'numeric');
      case 'sort':
        return (
          <label className="field" key="sort">
            <span>{t('sortBy')}</span>
            <select value={current ?? 'newest'} onChange={(event) => set({ sort: event.target.value === 'newest' ? null : event.target.value })}>
              {Object.entries(SORT_MESSAGES).map(([value, message]) => (
                <option key={value} value={value}>
                  {t(message)}
                </option>
              ))}
            </select>
          </label>
        );
    }
  };

  return (
    <form className="inventory-filters" role="search" aria-label={t(label)} onSubmit={onSearch}>
      <label className="field">
        <span>{t('search')}</span>
        <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t(placeholder)} />
      </label>
      {filters.map(field)}
      <button type="submit" className="button">
        {t('search')}
      </button>
      {more ? (
        <>
          <button type="button" className="button button-secondary" aria-expanded={moreOpen} onClick={() => setMoreOpen((open) => !open)}>
            {t(more.label)}
          </button>
          {moreOpen ? more.filters.map(field) : null}
        </>
      ) : null}
    </form>
  );
}
