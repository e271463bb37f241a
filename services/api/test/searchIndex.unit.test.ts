import { describe, expect, it } from 'vitest';
import { VehicleSearchQuerySchema } from '@autobest/domain/inventory/contracts';
import { Bitset, SlotList } from '../src/inventory/searchIndex/bitset';
import { compareIds, indexableWord, SearchIndex, type IndexedVehicle } from '../src/inventory/searchIndex/searchIndex';
import { WordPrefixes } from '../src/inventory/searchIndex/wordPrefixes';
import { NumberedFacets } from '../src/inventory/searchIndex/numberedFacets';
import { facetsOf, type CountedFacets } from '../src/inventory/facetPlan';
import type { UsdBounds } from '../src/inventory/searchFilters';
import { TOTAL, type FacetValue } from '@autobest/projections';

describe('the search index pieces', () => {
  it('Bitset keeps slots across word bounds, bit 31 included, and grows', () => {
    const set = new Bitset(1);
    for (const slot of [0, 31, 32, 63, 1000]) set.add(slot);
    expect([0, 1, 31, 32, 33, 63, 64, 1000, 5000].map((slot) => set.has(slot))).toEqual([true, false, true, true, false, true, false, true, false]);
    set.delete(31);
    expect(set.has(31)).toBe(false);
    expect(set.has(0)).toBe(true);
  });

  it('NumberedFacets writes facets exactly as JSON.stringify writes those of facetsOf: ties by localeCompare, more than fifty values, values numbered later, text JSON escapes, counts of many digits', () => {
    const values: FacetValue[] = [];
    const facets = new NumberedFacets(values);
    const names = ['Lagos', 'lagos', 'Éthiopie', 'E\u0301thiopie', 'Ethiopia', 'ethiopia', 'Côte d\'Ivoire', 'Cote', 'a', 'A', 'Z', 'ß', 'ss', '2024', '2023', '10', '9', 'Say "hi"', 'back\\slash', 'tab\there', '\u2028'];
    let seed = 7;
    const next = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    for (let round = 0; round < 40; round++) {
      // Values are numbered as vehicles bring them: some in every round, so the places are found again.
      for (const facet of ['make', 'condition', 'fuel', 'body', 'year', 'location', 'tab', 'collection', 'total']) {
        const pool = facet === 'tab' ? ['crossovers-suvs', 'electrified', 'trucks', 'no-such-tab'] : facet === 'collection' ? ['suv', 'hybrid'] : facet === 'location' ? Array.from({ length: 70 }, (_, n) => `City ${n}`).concat(names) : names;
        // Three places a round: more than fifty are counted from the twentieth round on.
        for (let draw = 0; draw < (facet === 'location' ? 3 : 1); draw++) {
          const value = pool[Math.floor(next() * pool.length)]!;
          if (!values.some((known) => known.facet === facet && known.value === value)) values.push({ facet, value });
        }
      }
      const perValue = new Int32Array(values.length + 3);
      // Few distinct counts, so that many values tie; now and then one of many digits.
      values.forEach((_, id) => (perValue[id] = next() < 0.2 ? 0 : next() < 0.1 ? [9, 10, 99, 100, 12_345, 2 ** 31 - 1][Math.floor(next() * 6)]! : 1 + Math.floor(next() * 3)));
      const counts = [{ ...TOTAL, count: 99 }, ...values.map((value, id) => ({ ...value, count: perValue[id]! })).filter((count) => count.count !== 0)];
      // UTF-8 bytes: decoded, the same text (bytes that were not UTF-8 would not decode to it).
      expect(facets.json(perValue).toString()).toBe(JSON.stringify(facetsOf(counts).facets));
      if (round === 39) expect(counts.filter((count) => count.facet === 'location').length).toBeGreaterThan(50);
      expect([...perValue].every((count) => count === 0)).toBe(true);
    }
  });

  it('SlotList adds, grows and deletes in any order', () => {
    const list = new SlotList();
    for (let slot = 0; slot < 10; slot++) list.add(slot);
    list.delete(3);
    list.delete(42);
    expect([...list.slots.subarray(0, list.length)].sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
  });

  it('WordPrefixes finds the vehicles of every word starting with a prefix, and no others', () => {
    const words = new WordPrefixes();
    words.add('toyota', 1);
    words.add('tour', 2);
    words.add('to', 3);
    words.add('t', 4);
    words.add('corolla', 5);
    words.add('toyota', 6);
    words.delete('toyota', 6);
    const holders = (prefix: string) => {
      const found = words.withPrefix(prefix, 64);
      return found ? [1, 2, 3, 4, 5, 6].filter((slot) => found.has(slot)) : [];
    };
    expect(holders('to')).toEqual([1, 2, 3]);
    expect(holders('toy')).toEqual([1]);
    expect(holders('t')).toEqual([1, 2, 3, 4]);
    expect(holders('cor')).toEqual([5]);
    expect(holders('u')).toEqual([]);
  });

  it('orders ids by code point, as PostgreSQL does under a C collation', () => {
    const ids = ['a_b', 'a-b', 'A-b', 'a.b', 'ab', 'a', 'a\uffff', 'a\u{1f600}', 'Z'];
    expect([...ids].sort(compareIds)).toEqual(['A-b', 'Z', 'a', 'a-b', 'a.b', 'a_b', 'ab', 'a\uffff', 'a\u{1f600}']);
  });

  it('matches words of the Latin, Greek and Cyrillic scripts and ASCII digits, and leaves other words to SQL', () => {
    expect(['toyota', 'škoda', 'straße', 'ελλ', 'кир', '4x4', 'v8'].every(indexableWord)).toBe(true);
    expect(['車', '½', 'x²', 'عربي'].some(indexableWord)).toBe(false);
  });
});

const vehicle = (id: string, changes: Partial<IndexedVehicle> = {}): IndexedVehicle => ({
  id,
  priceUsdCents: 1_000_000,
  year: 2024,
  listedAtMicros: 1_700_000_000_000_000,
  ratingHundredths: 450,
  brand: 'Toyota',
  condition: 'new',
  fuelType: 'petrol',
  bodyType: 'suv',
  city: 'Lagos',
  tabs: ['crossovers-suvs'],
  collections: [],
  isFeatured: false,
  evRangeKm: null,
  brandLower: 'toyota',
  modelLower: 'rav4',
  cityLower: 'lagos',
  countryLower: 'nigeria',
  lexemes: ['toyota', 'rav4'],
  ...changes,
});
const query = (text: string) => VehicleSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
/** A search's answer with its page as ids: two indexes holding the same vehicles may hold them in other slots. */
const answer = (index: SearchIndex, text: string, bounds: UsdBounds = {}) => {
  const found = index.search(query(text), bounds);
  return found && { ids: index.idsOf(found.slots), total: found.total, facets: JSON.parse(found.facetsJson.toString()) as CountedFacets['facets'] };
};

describe('SearchIndex kept vehicle by vehicle', () => {
  it('keeps each order with ties by id, through upserts, moves and removals, as one built at once', () => {
    const kept = new SearchIndex();
    const all = [
      vehicle('c', { priceUsdCents: 500 }),
      vehicle('a', { priceUsdCents: 500 }),
      vehicle('b', { priceUsdCents: 700, year: 2020 }),
      vehicle('d', { priceUsdCents: 100, evRangeKm: 400, fuelType: 'electric' }),
    ];
    for (const one of all) kept.upsert(one);
    expect(answer(kept, 'sort=price-asc')?.ids).toEqual(['d', 'a', 'c', 'b']);
    expect(answer(kept, 'sort=price-desc')?.ids).toEqual(['b', 'a', 'c', 'd']);
    expect(answer(kept, 'sort=year-asc&pageSize=2&page=2')?.ids).toEqual(['c', 'd']);

    kept.upsert(vehicle('a', { priceUsdCents: 900 }));
    kept.remove('c');
    kept.remove('nothing');
    const built = SearchIndex.of([vehicle('a', { priceUsdCents: 900 }), all[2]!, all[3]!]);
    for (const text of ['sort=price-asc', 'sort=newest', 'sort=rating', 'rangeMin=1', 'q=rav', 'priceMin=1', 'make=TOYOTA&location=Nigeria']) {
      const bounds = text.startsWith('priceMin') ? { min: 600 } : {};
      expect(answer(kept, text, bounds), text).toEqual(answer(built, text, bounds));
    }
    expect(answer(kept, 'sort=price-asc')).toMatchObject({ ids: ['d', 'b', 'a'], total: 3 });
    expect(answer(kept, 'rangeMin=1')).toMatchObject({ ids: ['d'], total: 1 });
    expect(answer(kept, 'fuel=petrol')?.facets.fuel).toEqual([{ value: 'petrol', count: 2 }]);
  });
});
