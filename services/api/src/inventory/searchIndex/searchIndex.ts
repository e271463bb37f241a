import type { VehicleSearchQuery, VehicleSort } from '@autobest/domain/inventory/contracts';
import { TOTAL, VEHICLE_FACETS, facetValuesIn, type FacetValue } from '@autobest/projections';
import { facetsOf, type CountedFacets, type FacetCount } from '../facetPlan';
import { searchWords, type UsdBounds } from '../searchFilters';
import { Bitset } from './bitset';
import { WordPrefixes } from './wordPrefixes';

/**
 * A vehicle_search row as the index holds it: sort keys as exact numbers, the columns a search compares in lower
 * case as PostgreSQL's lower() gave them, and the lexemes of its tsvector.
 */
export interface IndexedVehicle {
  id: string;
  priceUsdCents: number;
  year: number;
  /** listed_at in microseconds since 1970: the column's whole precision. */
  listedAtMicros: number;
  /** rating × 100 (numeric(3, 2)). */
  ratingHundredths: number;
  brand: string;
  condition: string;
  fuelType: string;
  bodyType: string;
  city: string;
  tabs: readonly string[];
  collections: readonly string[];
  isFeatured: boolean;
  evRangeKm: number | null;
  brandLower: string;
  modelLower: string;
  cityLower: string;
  countryLower: string;
  lexemes: readonly string[];
}

/** A page of a search: the vehicles' ids in the page's order, with the search's total and facets. */
export interface IndexAnswer extends CountedFacets {
  ids: string[];
}

/**
 * Ids compared as PostgreSQL compares text under a C collation (byte order of UTF-8, which is code point order):
 * UTF-16 code units reordered so that surrogates (code points above U+FFFF) come after U+E000-U+FFFF.
 */
export function compareIds(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const rank = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);
    return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/**
 * A word the index matches exactly as to_tsquery('simple', 'word:*') does on this installation: letters of the
 * Latin, Greek and Cyrillic scripts and ASCII digits, which PostgreSQL's parser keeps as one token and leaves as
 * they are once in lower case (checked against PostgreSQL for every code point below U+3000). A search with any
 * other word is answered in SQL.
 */
const INDEXABLE_WORD = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}0-9]+$/u;
const PARSER_SPLITS = /[\u1c80-\u1c8f]/u;
export const indexableWord = (word: string) => INDEXABLE_WORD.test(word) && !PARSER_SPLITS.test(word);

type SortKey = (slot: number) => number;

/** A value per filter value: the vehicles having it, as bits. */
class ValueSets {
  private readonly sets = new Map<string, Bitset>();
  add(value: string, slot: number) {
    let set = this.sets.get(value);
    if (!set) this.sets.set(value, (set = new Bitset()));
    set.add(slot);
  }
  delete(value: string, slot: number) {
    this.sets.get(value)?.delete(slot);
  }
  get(value: string): Bitset | undefined {
    return this.sets.get(value);
  }
}

const combinationKeyOf = (vehicle: IndexedVehicle) =>
  JSON.stringify([vehicle.brand, vehicle.condition, vehicle.fuelType, vehicle.bodyType, vehicle.year, vehicle.city, vehicle.tabs, vehicle.collections]);

function combinationValues(vehicle: IndexedVehicle): FacetValue[] {
  const columns: Record<string, string | number | readonly string[]> = {
    brand: vehicle.brand,
    condition: vehicle.condition,
    fuel_type: vehicle.fuelType,
    body_type: vehicle.bodyType,
    year: vehicle.year,
    city: vehicle.city,
    tabs: vehicle.tabs,
    collections: vehicle.collections,
  };
  return VEHICLE_FACETS.flatMap(({ key, column }) => facetValuesIn(columns[column] ?? null).map((value) => ({ facet: key, value })));
}

/** Searches with at most this many matches sort them; others walk the kept order (a few hundred µs at most). */
const SORT_MATCHES_UP_TO = 200;

/**
 * The catalogue's vehicle_search rows held in memory, answering a search exactly as the SQL search does (its
 * filters, prefix words, sorts with their tie-break by id, pages, total and facet counts): one bitset per filter
 * value, the vehicles of each word under a sorted word list, and the vehicles in each sort's order.
 */
export class SearchIndex {
  private capacity = 1024;
  private readonly slotOf = new Map<string, number>();
  private ids: Array<string | undefined> = [];
  private vehicles: Array<IndexedVehicle | undefined> = [];
  private freeSlots: number[] = [];
  private live = new Bitset(this.capacity);
  private prices = new Float64Array(this.capacity);
  private years = new Int32Array(this.capacity);
  private listed = new Float64Array(this.capacity);
  private ratings = new Int32Array(this.capacity);
  /** NaN for a vehicle without a range: it passes no minimum, as null passes none in SQL. */
  private ranges = new Float64Array(this.capacity);
  private combinationOf = new Int32Array(this.capacity);
  /**
   * Combinations of facet values, as the SQL search groups vehicles (migration 0015): combination c has the
   * numbered values combinationValues[combinationStart[c] .. combinationStart[c + 1]), in one array for speed.
   */
  private readonly combinationIds = new Map<string, number>();
  private combinationCount = 0;
  private combinationStart = new Int32Array(1024);
  private combinationValues = new Int32Array(8192);
  /** Every facet value of a combination, numbered: a search adds its counts per number. */
  private readonly facetValues: FacetValue[] = [];
  private readonly facetValueIds = new Map<string, number>();
  private readonly tabs = new ValueSets();
  private readonly collections = new ValueSets();
  private readonly makes = new ValueSets();
  private readonly models = new ValueSets();
  private readonly conditions = new ValueSets();
  private readonly fuels = new ValueSets();
  private readonly bodies = new ValueSets();
  private readonly places = new ValueSets();
  private readonly featured = new ValueSets();
  private readonly words = new WordPrefixes();
  private readonly orders: Record<VehicleSort, { slots: Uint32Array; length: number; compare: (a: number, b: number) => number }>;

  /** Each sort's key and direction; ties go by id, ascending, as the SQL's `order by <key>, id` has them. */
  private readonly sortKeys: Record<VehicleSort, [SortKey, 1 | -1]> = {
    newest: [(slot) => this.listed[slot]!, -1],
    'price-asc': [(slot) => this.prices[slot]!, 1],
    'price-desc': [(slot) => this.prices[slot]!, -1],
    'year-desc': [(slot) => this.years[slot]!, -1],
    'year-asc': [(slot) => this.years[slot]!, 1],
    rating: [(slot) => this.ratings[slot]!, -1],
  };

  constructor() {
    const order = ([key, direction]: [SortKey, 1 | -1]) => ({
      slots: new Uint32Array(this.capacity),
      length: 0,
      compare: (a: number, b: number) => direction * (key(a) - key(b)) || compareIds(this.ids[a]!, this.ids[b]!),
    });
    this.orders = {
      newest: order(this.sortKeys.newest),
      'price-asc': order(this.sortKeys['price-asc']),
      'price-desc': order(this.sortKeys['price-desc']),
      'year-desc': order(this.sortKeys['year-desc']),
      'year-asc': order(this.sortKeys['year-asc']),
      rating: order(this.sortKeys.rating),
    };
  }

  /** A whole catalogue at once: each order is sorted once instead of kept in order vehicle by vehicle. */
  static of(vehicles: Iterable<IndexedVehicle>): SearchIndex {
    const index = new SearchIndex();
    index.load(vehicles);
    index.sortAll();
    return index;
  }

  /** Adds vehicles to an index being loaded, without keeping its orders: sortAll() must follow. */
  load(vehicles: Iterable<IndexedVehicle>): void {
    for (const vehicle of vehicles) {
      if (this.slotOf.has(vehicle.id)) throw new Error(`Vehicle ${vehicle.id} loaded twice`);
      this.place(vehicle);
    }
  }

  /** Sorts every order once, after load(). */
  sortAll(): void {
    // Ties by id: each id's rank in id order, found once, instead of comparing strings in every sort.
    const rank = new Int32Array(this.capacity);
    [...this.slotOf.keys()].sort(compareIds).forEach((id, position) => (rank[this.slotOf.get(id)!] = position));
    for (const [sort, order] of Object.entries(this.orders)) {
      const [key, direction] = this.sortKeys[sort as VehicleSort];
      const slots = Uint32Array.from(this.slotOf.values()).sort((a, b) => direction * (key(a) - key(b)) || rank[a]! - rank[b]!);
      order.slots = new Uint32Array(this.capacity);
      order.slots.set(slots);
      order.length = slots.length;
    }
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** What the index holds, for a health answer or a benchmark. */
  stats(): { vehicles: number; words: number; postings: number; combinations: number } {
    return { vehicles: this.size, ...this.words.size(), combinations: this.combinationCount };
  }

  /** Adds a vehicle, or replaces the one with its id. */
  upsert(vehicle: IndexedVehicle): void {
    this.remove(vehicle.id);
    const slot = this.place(vehicle);
    for (const order of Object.values(this.orders)) {
      const at = this.positionIn(order, slot);
      order.slots.copyWithin(at + 1, at, order.length);
      order.slots[at] = slot;
      order.length++;
    }
  }

  /** Takes a vehicle out; nothing happens when it is not held. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const order of Object.values(this.orders)) {
      const at = this.positionIn(order, slot);
      order.slots.copyWithin(at, at + 1, order.length);
      order.length--;
    }
    const vehicle = this.vehicles[slot]!;
    this.forEachValueSet(vehicle, (sets, value) => sets.delete(value, slot));
    for (const lexeme of new Set(vehicle.lexemes)) this.words.delete(lexeme, slot);
    this.live.delete(slot);
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.vehicles[slot] = undefined;
    this.freeSlots.push(slot);
  }

  /** Where `slot` is, or would go, in an order (binary search: the order is kept sorted). */
  private positionIn(order: (typeof this.orders)[VehicleSort], slot: number): number {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order.compare(order.slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private forEachValueSet(vehicle: IndexedVehicle, visit: (sets: ValueSets, value: string) => void) {
    for (const tab of vehicle.tabs) visit(this.tabs, tab);
    for (const collection of vehicle.collections) visit(this.collections, collection);
    visit(this.makes, vehicle.brandLower);
    visit(this.models, vehicle.modelLower);
    visit(this.conditions, vehicle.condition);
    visit(this.fuels, vehicle.fuelType);
    visit(this.bodies, vehicle.bodyType);
    visit(this.places, vehicle.cityLower);
    if (vehicle.countryLower !== vehicle.cityLower) visit(this.places, vehicle.countryLower);
    visit(this.featured, String(vehicle.isFeatured));
  }

  /** One copy of each string the index keeps (words, names, places): 100,000 vehicles share a few thousand. */
  private readonly strings = new Map<string, string>();
  private intern = (text: string): string => {
    const kept = this.strings.get(text);
    if (kept !== undefined) return kept;
    this.strings.set(text, text);
    return text;
  };

  /** Puts a vehicle into a free slot and every set, but into no order. */
  private place(given: IndexedVehicle): number {
    const { intern } = this;
    const vehicle: IndexedVehicle = {
      ...given,
      brand: intern(given.brand),
      condition: intern(given.condition),
      fuelType: intern(given.fuelType),
      bodyType: intern(given.bodyType),
      city: intern(given.city),
      tabs: given.tabs.map(intern),
      collections: given.collections.map(intern),
      brandLower: intern(given.brandLower),
      modelLower: intern(given.modelLower),
      cityLower: intern(given.cityLower),
      countryLower: intern(given.countryLower),
      lexemes: given.lexemes.map(intern),
    };
    const slot = this.freeSlots.pop() ?? this.slotOf.size;
    if (slot >= this.capacity) this.grow();
    this.slotOf.set(vehicle.id, slot);
    this.ids[slot] = vehicle.id;
    this.vehicles[slot] = vehicle;
    this.live.add(slot);
    this.prices[slot] = vehicle.priceUsdCents;
    this.years[slot] = vehicle.year;
    this.listed[slot] = vehicle.listedAtMicros;
    this.ratings[slot] = vehicle.ratingHundredths;
    this.ranges[slot] = vehicle.evRangeKm ?? Number.NaN;
    const key = combinationKeyOf(vehicle);
    let combination = this.combinationIds.get(key);
    if (combination === undefined) {
      const values = combinationValues(vehicle).map((value) => {
        const valueKey = `${value.facet}\u0000${value.value}`;
        let id = this.facetValueIds.get(valueKey);
        if (id === undefined) this.facetValueIds.set(valueKey, (id = this.facetValues.push(value) - 1));
        return id;
      });
      combination = this.addCombination(values);
      this.combinationIds.set(key, combination);
    }
    this.combinationOf[slot] = combination;
    this.forEachValueSet(vehicle, (sets, value) => sets.add(value, slot));
    for (const lexeme of new Set(vehicle.lexemes)) this.words.add(lexeme, slot);
    return slot;
  }

  private addCombination(values: readonly number[]): number {
    const combination = this.combinationCount++;
    const start = this.combinationStart[combination]!;
    if (this.combinationCount + 1 > this.combinationStart.length) {
      const grown = new Int32Array(this.combinationStart.length * 2);
      grown.set(this.combinationStart);
      this.combinationStart = grown;
    }
    if (start + values.length > this.combinationValues.length) {
      const grown = new Int32Array(Math.max(start + values.length, this.combinationValues.length * 2));
      grown.set(this.combinationValues);
      this.combinationValues = grown;
    }
    this.combinationValues.set(values, start);
    this.combinationStart[combination + 1] = start + values.length;
    return combination;
  }

  private grow() {
    const capacity = this.capacity * 2;
    const grown = <T extends Float64Array | Int32Array | Uint32Array>(array: T, make: new (length: number) => T): T => {
      const copy = new make(capacity);
      copy.set(array);
      return copy;
    };
    this.prices = grown(this.prices, Float64Array);
    this.years = grown(this.years, Int32Array);
    this.listed = grown(this.listed, Float64Array);
    this.ratings = grown(this.ratings, Int32Array);
    this.ranges = grown(this.ranges, Float64Array);
    this.combinationOf = grown(this.combinationOf, Int32Array);
    for (const order of Object.values(this.orders)) order.slots = grown(order.slots, Uint32Array);
    this.capacity = capacity;
  }

  /**
   * A search's page, total and facets, as the SQL search answers it with the price range `bounds` in USD cents;
   * undefined when its text has a word the index cannot match as PostgreSQL would (see indexableWord).
   */
  search(search: VehicleSearchQuery, bounds: UsdBounds): IndexAnswer | undefined {
    const words = search.q ? searchWords(search.q) : [];
    if (!words.every(indexableWord)) return undefined;
    const sets: Bitset[] = [this.live];
    let none = false;
    const need = (set: Bitset | null | undefined) => {
      if (set) sets.push(set);
      else none = true;
    };
    for (const word of new Set(words)) need(this.words.withPrefix(word, this.capacity));
    if (search.tab) need(this.tabs.get(search.tab));
    if (search.collection) need(this.collections.get(search.collection));
    if (search.make) need(this.makes.get(search.make.toLowerCase()));
    if (search.model) need(this.models.get(search.model.toLowerCase()));
    if (search.condition) need(this.conditions.get(search.condition));
    if (search.fuel) need(this.fuels.get(search.fuel));
    if (search.body) need(this.bodies.get(search.body));
    if (search.location) need(this.places.get(search.location.toLowerCase()));
    if (search.featured !== undefined) need(this.featured.get(String(search.featured)));
    if (none) return { ids: [], ...facetsOf([]) };

    const matched = this.matching(sets, search, bounds);
    // Hot loops are written out (no callbacks): a search walks up to every vehicle once.
    const perCombination = new Int32Array(this.combinationCount);
    const { combinationOf } = this;
    const matchedWords = matched.words;
    for (let word = 0; word < matchedWords.length; word++) {
      // As an int32: a Uint32Array word above 2^31 would otherwise make every step arithmetic on doubles.
      let bits = matchedWords[word]! | 0;
      while (bits !== 0) {
        const lowest = bits & -bits;
        perCombination[combinationOf[(word << 5) + 31 - Math.clz32(lowest)]!]!++;
        bits ^= lowest;
      }
    }
    let total = 0;
    const perValue = new Int32Array(this.facetValues.length);
    const { combinationStart, combinationValues } = this;
    for (let combination = 0; combination < perCombination.length; combination++) {
      const count = perCombination[combination]!;
      if (count === 0) continue;
      total += count;
      const end = combinationStart[combination + 1]!;
      for (let at = combinationStart[combination]!; at < end; at++) perValue[combinationValues[at]!]! += count;
    }
    const counts: FacetCount[] = [{ ...TOTAL, count: total }];
    for (let value = 0; value < perValue.length; value++) {
      if (perValue[value]! > 0) counts.push({ ...this.facetValues[value]!, count: perValue[value]! });
    }
    return { ids: this.page(matched, total, search), ...facetsOf(counts) };
  }

  /** The vehicles in every set and within the search's ranges (years, price, driving range). */
  private matching(sets: Bitset[], search: VehicleSearchQuery, bounds: UsdBounds): Bitset {
    const matched = new Bitset(this.capacity);
    const out = matched.words;
    const yearMin = search.yearMin ?? -Infinity;
    const yearMax = search.yearMax ?? Infinity;
    const priceMin = bounds.min ?? -Infinity;
    const priceMax = bounds.max ?? Infinity;
    const rangeMin = search.rangeMin;
    const ranged = search.yearMin !== undefined || search.yearMax !== undefined || bounds.min !== undefined || bounds.max !== undefined || rangeMin !== undefined;
    const { years, prices, ranges } = this;
    const wordsOf = sets.map((set) => set.words);
    for (let word = 0; word < out.length; word++) {
      let bits = -1;
      for (let set = 0; set < wordsOf.length; set++) {
        const setWords = wordsOf[set]!;
        bits &= word < setWords.length ? setWords[word]! | 0 : 0;
        if (bits === 0) break;
      }
      if (bits !== 0 && ranged) {
        let rest = bits;
        while (rest !== 0) {
          const lowest = rest & -rest;
          rest ^= lowest;
          const slot = (word << 5) + 31 - Math.clz32(lowest);
          const year = years[slot]!;
          const price = prices[slot]!;
          // A vehicle without a range (NaN) fails any minimum, as null does in SQL.
          if (year < yearMin || year > yearMax || price < priceMin || price > priceMax || (rangeMin !== undefined && !(ranges[slot]! >= rangeMin))) bits ^= lowest;
        }
      }
      out[word] = bits;
    }
    return matched;
  }

  /** The ids of the page's vehicles, in the search's order. */
  private page(matched: Bitset, total: number, search: VehicleSearchQuery): string[] {
    const offset = (search.page - 1) * search.pageSize;
    if (offset >= total) return [];
    const order = this.orders[search.sort];
    const end = Math.min(total, offset + search.pageSize);
    let slots: number[];
    if (total <= SORT_MATCHES_UP_TO) {
      const all: number[] = [];
      const words = matched.words;
      for (let word = 0; word < words.length; word++) {
        let bits = words[word]! | 0;
        while (bits !== 0) {
          const lowest = bits & -bits;
          all.push((word << 5) + 31 - Math.clz32(lowest));
          bits ^= lowest;
        }
      }
      slots = all.sort(order.compare).slice(offset, end);
    } else {
      slots = [];
      let seen = 0;
      const bits = matched.words;
      for (let at = 0; at < order.length && seen < end; at++) {
        const slot = order.slots[at]!;
        if ((bits[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
        if (seen >= offset) slots.push(slot);
        seen++;
      }
    }
    return slots.map((slot) => this.ids[slot]!);
  }
}
