import type { VehicleSearchQuery, VehicleSort } from '@autobest/domain/inventory/contracts';
import { VEHICLE_FACETS, facetValuesIn, type FacetValue } from '@autobest/projections';
import { searchWords, type UsdBounds } from '../searchFilters';
import { Bitset, bitCount, grownInt32 } from './bitset';
import { KeptCounts } from './keptCounts';
import { NumberedFacets } from './numberedFacets';
import { RangeBits, RangeColumn } from './rangeColumn';
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

/**
 * A page of a search: the vehicles' slots in the page's order (idsOf() gives their ids; a CardStore filled by slot, their
 * cards), with the search's total and its facets as the answer's JSON has them.
 */
export interface IndexAnswer {
  slots: number[];
  total: number;
  /** In the index's own bytes (UTF-8) until its next search: copied into the answer at once. */
  facetsJson: Buffer;
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

/** The single filters a vehicle matches, as kept counts are keyed: the whole catalogue ('') first. */
function filterKeysOf(vehicle: IndexedVehicle): string[] {
  const keys = [''];
  for (const tab of vehicle.tabs) keys.push(`tab\u0000${tab}`);
  for (const collection of vehicle.collections) keys.push(`collection\u0000${collection}`);
  keys.push(`make\u0000${vehicle.brandLower}`, `model\u0000${vehicle.modelLower}`, `condition\u0000${vehicle.condition}`, `fuel\u0000${vehicle.fuelType}`, `body\u0000${vehicle.bodyType}`);
  keys.push(`location\u0000${vehicle.cityLower}`);
  if (vehicle.countryLower !== vehicle.cityLower) keys.push(`location\u0000${vehicle.countryLower}`);
  keys.push(`featured\u0000${vehicle.isFeatured}`);
  return keys;
}

/** The one filter of a search with kept counts (by filterKeysOf's names), '' with none; undefined with words, a range or more filters. */
function filterKeyOf(search: VehicleSearchQuery): string | undefined {
  if (search.q !== undefined && searchWords(search.q).length > 0) return undefined;
  if (search.rangeMin !== undefined) return undefined;
  const given = [
    search.tab !== undefined && `tab\u0000${search.tab}`,
    search.collection !== undefined && `collection\u0000${search.collection}`,
    search.make !== undefined && `make\u0000${search.make.toLowerCase()}`,
    search.model !== undefined && `model\u0000${search.model.toLowerCase()}`,
    search.condition !== undefined && `condition\u0000${search.condition}`,
    search.fuel !== undefined && `fuel\u0000${search.fuel}`,
    search.body !== undefined && `body\u0000${search.body}`,
    search.location !== undefined && `location\u0000${search.location.toLowerCase()}`,
    search.featured !== undefined && `featured\u0000${search.featured}`,
  ].filter((key) => key !== false);
  return given.length === 0 ? '' : given.length === 1 ? given[0] : undefined;
}

/**
 * Keeps in words low .. high of `target` the bits set in every `inside` set and in no `outside` set. Hot loops,
 * written out, each over one set's words (an `inside` set holds every word below high).
 */
function intersect(target: Int32Array, inside: readonly Bitset[], outside: readonly Bitset[], low: number, high: number): void {
  for (const set of inside) {
    const words = set.words;
    for (let word = low; word < high; word++) target[word]! &= words[word]!;
  }
  for (const set of outside) {
    const words = set.words;
    const end = Math.min(high, words.length);
    for (let word = low; word < end; word++) target[word]! &= ~words[word]!;
  }
}

/** Whether the vehicle at place `at` of an order is within a kept search's bounds and filter. */
function keptMatch(order: Order, at: number, bound: KeptBounds): boolean {
  const year = order.years[at]!;
  const price = order.prices[at]!;
  if (!(year >= bound.yearMin && year <= bound.yearMax && price >= bound.priceMin && price <= bound.priceMax)) return false;
  if (bound.filter === undefined) return true;
  const slot = order.slots[at]!;
  return (bound.filter[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

/**
 * The first of the `length` first places of `values`, in ascending (direction 1) or descending (-1) order, whose value
 * is not before `value` in that order (and not `value` itself, with `past`).
 */
function firstFrom(values: Float64Array | Int32Array, length: number, value: number, direction: 1 | -1 = 1, past = false): number {
  const wanted = direction * value;
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = direction * values[middle]!;
    if (at < wanted || (past && at === wanted)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The sorts whose own key a search can bound: a walk along their order starts and stops at the bounds. */
const SORT_COLUMN: Partial<Record<VehicleSort, 'prices' | 'years'>> = { 'price-asc': 'prices', 'price-desc': 'prices', 'year-asc': 'years', 'year-desc': 'years' };

/** Vehicles placed per step of buildGradually(). */
const BUILD_STEP = 5_000;

/** The vehicles of an order with values from min to max, but for those from certainFrom up to certainBelow (in the box). */
interface Slab {
  order: Order;
  /** The order's values, place by place. */
  values: Float64Array | Int32Array;
  min: number;
  max: number;
  certainFrom: number;
  certainBelow: number;
  /** Only those whose price is in the box's price buckets (the others were counted in the price order). */
  inPriceBox: boolean;
}

/** A search's year and price bounds (prices in USD cents), an open end as ±Infinity. */
interface Limits {
  yearMin: number;
  yearMax: number;
  priceMin: number;
  priceMax: number;
}

const limitsOf = (search: VehicleSearchQuery, bounds: UsdBounds): Limits => ({
  yearMin: search.yearMin ?? -Infinity,
  yearMax: search.yearMax ?? Infinity,
  priceMin: bounds.min ?? -Infinity,
  priceMax: bounds.max ?? Infinity,
});

/** A kept search's bounds, and its one filter's bits. */
interface KeptBounds extends Limits {
  filter: Int32Array | undefined;
}

/** How a search index trades memory for time; the defaults suit a catalogue of about 100,000 vehicles. */
export interface SearchIndexOptions {
  /** Boundaries of the year and driving range columns: each bucket between two is compared value by value. */
  rangeBuckets?: number;
  /** Boundaries of the price column, which most searches bound. */
  priceBuckets?: number;
  /**
   * From this many matches, facets are counted from kept counts (a search with one filter or none) or per run of
   * vehicles sharing their facet values, not vehicle by vehicle; counts are kept for each filter of this many.
   */
  countByRunsFrom?: number;
}

const DEFAULTS: Required<SearchIndexOptions> = { rangeBuckets: 64, priceBuckets: 256, countByRunsFrom: 4096 };

/**
 * A sort's slots in its order, with each one's price and year beside it (a search walking the order reads them in
 * sequence instead of at random), and (found again after a change, when a search needs it) each slot's place in it.
 */
interface Order {
  slots: Uint32Array;
  prices: Float64Array;
  years: Int32Array;
  length: number;
  compare: (a: number, b: number) => number;
  placeOf: Int32Array | undefined;
}

/**
 * The catalogue's vehicle_search rows held in memory, answering a search exactly as the SQL search does (its
 * filters, prefix words, sorts with their tie-break by id, pages, total and facet counts).
 *
 * Each vehicle has a slot. Filters are bitsets over slots (one per filter value and per word, and for the price,
 * year and driving range, the slots at or above each of a few boundaries), intersected a 32-slot word at a time.
 * When built, slots are given in runs of vehicles sharing all their facet values, so a search matching many
 * vehicles counts its facets per run from the bits' counts, and one matching few counts vehicle by vehicle. Each
 * sort keeps its slots in order: a page is found by walking that order when the matches are many, and by picking
 * the first places among the matches when they are few. A changed vehicle keeps its slot while its facet values
 * stay; otherwise it moves to a slot after the runs, and once enough have moved (needsRebuild) the owner builds
 * the index again (LiveSearchIndex reads the catalogue again).
 *
 * What it gives (README, Performance: `npm run bench:search -- --url` against `npm start` on 100,000 vehicles, the
 * long tail of distinct searches): 74-89 searches a second with SEARCH_INDEX=sql (p99 1,049-2,904 ms), 3,697-3,928
 * from this index in one API process (p99 27-29 ms), about fifty times as many.
 */
export class SearchIndex {
  private readonly options: Required<SearchIndexOptions>;
  private capacity = 1024;
  private readonly slotOf = new Map<string, number>();
  private ids: Array<string | undefined> = [];
  private vehicles: Array<IndexedVehicle | undefined> = [];
  /** Slots below this were given in runs of one combination when built; the ones from here on, since. */
  private runsEnd = 0;
  /** The first slot never given. */
  private nextSlot = 0;
  /** Slots given up since the index was built (a vehicle removed, or moved after the runs). */
  private givenUp = 0;
  /** Run r is the slots runStart[r] .. runStart[r + 1], all of combination runCombination[r]. */
  private runStart = new Int32Array(1);
  private runCombination = new Int32Array(0);
  private live = new Bitset(this.capacity);
  private prices = new Float64Array(this.capacity);
  private years = new Int32Array(this.capacity);
  private listed = new Float64Array(this.capacity);
  private ratings = new Int32Array(this.capacity);
  /** NaN for a vehicle without a range: it passes no minimum, as null passes none in SQL. */
  private ranges = new Float64Array(this.capacity);
  private combinationOf = new Int32Array(this.capacity);
  private priceColumn = new RangeColumn(new Float64Array(0), 0);
  private yearColumn = new RangeColumn(new Float64Array(0), 0);
  private rangeColumn = new RangeColumn(new Float64Array(0), 0);
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
  private readonly numberedFacets = new NumberedFacets(this.facetValues);
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
  private readonly orders: Record<VehicleSort, Order>;
  /** build() is placing vehicles: the range columns are filled once they all are. */
  private bulk = false;
  /** Vehicles given to load() and not yet placed by build(). */
  private loading: IndexedVehicle[] = [];
  /** Counts per combination and per facet value, kept between searches (each leaves them at zero) with the ones it touched. */
  private perCombination = new Int32Array(0);
  private perValue = new Int32Array(0);
  private touched = new Int32Array(0);
  /** A search's matches, and those of them in buckets its ranges cut through, kept between searches. */
  private matchedScratch = new Bitset(0);
  private sureScratch = new Int32Array(1);
  private edgeSlots = new Int32Array(1024);
  /** Facet counts by year and price bucket of the whole catalogue ('') and of each filter with many vehicles. */
  private readonly kept = new Map<string, KeptCounts>();

  /** Each sort's key and direction; ties go by id, ascending, as the SQL's `order by <key>, id` has them. */
  private readonly sortKeys: Record<VehicleSort, [SortKey, 1 | -1]> = {
    newest: [(slot) => this.listed[slot]!, -1],
    'price-asc': [(slot) => this.prices[slot]!, 1],
    'price-desc': [(slot) => this.prices[slot]!, -1],
    'year-desc': [(slot) => this.years[slot]!, -1],
    'year-asc': [(slot) => this.years[slot]!, 1],
    rating: [(slot) => this.ratings[slot]!, -1],
  };

  constructor(options: SearchIndexOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
    const order = ([key, direction]: [SortKey, 1 | -1]): Order => ({
      slots: new Uint32Array(this.capacity),
      prices: new Float64Array(this.capacity),
      years: new Int32Array(this.capacity),
      length: 0,
      compare: (a: number, b: number) => direction * (key(a) - key(b)) || compareIds(this.ids[a]!, this.ids[b]!),
      placeOf: undefined,
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

  /** A whole catalogue at once. */
  static of(vehicles: Iterable<IndexedVehicle>, options?: SearchIndexOptions): SearchIndex {
    const index = new SearchIndex(options);
    index.load(vehicles);
    index.build();
    return index;
  }

  /** Takes vehicles for an index being built: build() must follow before it answers. */
  load(vehicles: Iterable<IndexedVehicle>): void {
    for (const vehicle of vehicles) this.loading.push(vehicle);
  }

  /** Places what load() took, in runs of one combination, and sorts every order once. */
  build(): void {
    for (const _step of this.buildSteps());
  }

  /**
   * build() a step at a time, letting other work run between steps (each a few thousand vehicles or one sort, about
   * a tenth of a second at most), so a process answering requests is not held up for the seconds a large catalogue
   * takes to build.
   */
  async buildGradually(): Promise<void> {
    for (const _step of this.buildSteps()) await new Promise((next) => setImmediate(next));
  }

  private *buildSteps(): Generator<void> {
    const vehicles = this.loading;
    this.loading = [];
    const seen = new Set<string>();
    for (const vehicle of vehicles) {
      if (seen.has(vehicle.id) || this.slotOf.has(vehicle.id)) throw new Error(`Vehicle ${vehicle.id} loaded twice`);
      seen.add(vehicle.id);
    }
    if (this.nextSlot > 0) throw new Error('A search index is built once, before any other change');
    const { rangeBuckets, priceBuckets } = this.options;
    this.priceColumn = new RangeColumn(RangeColumn.boundariesOf(vehicles.map((vehicle) => vehicle.priceUsdCents), priceBuckets), this.capacity);
    this.yearColumn = new RangeColumn(RangeColumn.boundariesOf(vehicles.map((vehicle) => vehicle.year), rangeBuckets), this.capacity);
    this.rangeColumn = new RangeColumn(RangeColumn.boundariesOf(vehicles.map((vehicle) => vehicle.evRangeKm ?? Number.NaN), rangeBuckets), this.capacity);
    // Kept counts for the whole catalogue and each filter of many vehicles, numbered values first so tables fit them all.
    for (const vehicle of vehicles) this.numberValues(vehicle);
    const perFilter = new Map<string, number>();
    for (const vehicle of vehicles) for (const key of filterKeysOf(vehicle)) perFilter.set(key, (perFilter.get(key) ?? 0) + 1);
    for (const [key, count] of perFilter) {
      if (key === '' || count >= this.options.countByRunsFrom) this.kept.set(key, new KeptCounts(this.yearColumn.bucketCount, this.priceColumn.bucketCount, this.facetValues.length));
    }
    const keyed = vehicles.map((vehicle) => ({ vehicle, key: combinationKeyOf(vehicle) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const starts: number[] = [];
    const combinations: number[] = [];
    yield;
    this.bulk = true;
    for (const [at, { vehicle }] of keyed.entries()) {
      const slot = this.place(vehicle);
      const combination = this.combinationOf[slot]!;
      if (combinations.at(-1) !== combination) {
        starts.push(slot);
        combinations.push(combination);
      }
      if (at % BUILD_STEP === BUILD_STEP - 1) yield;
    }
    this.bulk = false;
    this.priceColumn.fill(this.prices, this.nextSlot);
    this.yearColumn.fill(this.years, this.nextSlot);
    this.rangeColumn.fill(this.ranges, this.nextSlot);
    this.runStart = Int32Array.from([...starts, this.nextSlot]);
    this.runCombination = Int32Array.from(combinations);
    this.runsEnd = this.nextSlot;
    yield* this.sortAll();
  }

  /** Sorts every order once: by id first, then (a stable sort) by each sort's key, so ties stay in id order. */
  private *sortAll(): Generator<void> {
    const byId = [...this.slotOf.values()].sort((a, b) => compareIds(this.ids[a]!, this.ids[b]!));
    const keys = new Float64Array(this.capacity);
    for (const [sort, order] of Object.entries(this.orders)) {
      const [key, direction] = this.sortKeys[sort as VehicleSort];
      for (const slot of byId) keys[slot] = direction * key(slot);
      const slots = [...byId].sort((a, b) => keys[a]! - keys[b]!);
      order.slots = new Uint32Array(this.capacity);
      order.prices = new Float64Array(this.capacity);
      order.years = new Int32Array(this.capacity);
      order.slots.set(slots);
      slots.forEach((slot, at) => {
        order.prices[at] = this.prices[slot]!;
        order.years[at] = this.years[slot]!;
      });
      order.length = slots.length;
      order.placeOf = undefined;
      yield;
    }
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** The slot of a vehicle held; a slot is never given to another vehicle until the index is built again. */
  slotOfId(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  /** The ids of the vehicles in `slots` (a search's page). */
  idsOf(slots: readonly number[]): string[] {
    return slots.map((slot) => this.ids[slot]!);
  }

  /** What the index holds (read by its tests: that a rebuild starts with nothing moved). */
  stats(): { vehicles: number; words: number; postings: number; combinations: number; runs: number; movedSinceBuilt: number } {
    return { vehicles: this.size, ...this.words.size(), combinations: this.combinationCount, runs: this.runCombination.length, movedSinceBuilt: this.givenUp };
  }

  /** Enough vehicles moved out of their runs (or were removed) that searches would be faster on an index built again. */
  get needsRebuild(): boolean {
    return this.givenUp + (this.nextSlot - this.runsEnd) > Math.max(1_000, this.size / 10);
  }

  /** Adds a vehicle, or replaces the one with its id. */
  upsert(vehicle: IndexedVehicle): void {
    const held = this.slotOf.get(vehicle.id);
    if (held !== undefined && combinationKeyOf(this.vehicles[held]!) === combinationKeyOf(vehicle)) {
      // Its facet values stay: it keeps its slot, so its run stays whole.
      this.detach(held);
      this.attach(held, vehicle);
    } else {
      this.remove(vehicle.id);
      this.place(vehicle);
    }
    const slot = this.slotOf.get(vehicle.id)!;
    for (const order of Object.values(this.orders)) {
      const at = this.positionIn(order, slot);
      for (const column of [order.slots, order.prices, order.years]) column.copyWithin(at + 1, at, order.length);
      order.slots[at] = slot;
      order.prices[at] = this.prices[slot]!;
      order.years[at] = this.years[slot]!;
      order.length++;
      order.placeOf = undefined;
    }
  }

  /** Takes a vehicle out; nothing happens when it is not held. Its slot is not given again. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.detach(slot);
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.vehicles[slot] = undefined;
    this.givenUp++;
  }

  /** Takes a slot's vehicle out of every order and set, keeping the slot. */
  private detach(slot: number): void {
    for (const order of Object.values(this.orders)) {
      const at = this.positionIn(order, slot);
      for (const column of [order.slots, order.prices, order.years]) column.copyWithin(at, at + 1, order.length);
      order.length--;
      order.placeOf = undefined;
    }
    this.keep(slot, -1);
    const vehicle = this.vehicles[slot]!;
    this.forEachValueSet(vehicle, (sets, value) => sets.delete(value, slot));
    for (const lexeme of new Set(vehicle.lexemes)) this.words.delete(lexeme, slot);
    this.priceColumn.delete(slot, this.prices[slot]!);
    this.yearColumn.delete(slot, this.years[slot]!);
    this.rangeColumn.delete(slot, this.ranges[slot]!);
    this.live.delete(slot);
  }

  /** Where `slot` is, or would go, in an order (binary search: the order is kept sorted). */
  private positionIn(order: Order, slot: number): number {
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

  /**
   * One copy of each string the index keeps (words, names, places): 100,000 vehicles share a few thousand. Measured on
   * `npm start` with 100,000 vehicles (30 November): 466-467 MB resident per API process with it, 535-541 MB without.
   */
  private readonly strings = new Map<string, string>();
  private intern = (text: string): string => {
    const kept = this.strings.get(text);
    if (kept !== undefined) return kept;
    this.strings.set(text, text);
    return text;
  };

  /** Puts a vehicle into a new slot and every set, but into no order. */
  private place(vehicle: IndexedVehicle): number {
    const slot = this.nextSlot++;
    if (slot >= this.capacity) this.grow();
    this.attach(slot, vehicle);
    return slot;
  }

  /** Puts a vehicle into `slot` and every set, but into no order. */
  private attach(slot: number, given: IndexedVehicle): void {
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
    this.slotOf.set(vehicle.id, slot);
    this.ids[slot] = vehicle.id;
    this.vehicles[slot] = vehicle;
    this.live.add(slot);
    this.prices[slot] = vehicle.priceUsdCents;
    this.years[slot] = vehicle.year;
    this.listed[slot] = vehicle.listedAtMicros;
    this.ratings[slot] = vehicle.ratingHundredths;
    this.ranges[slot] = vehicle.evRangeKm ?? Number.NaN;
    if (!this.bulk) {
      this.priceColumn.add(slot, vehicle.priceUsdCents);
      this.yearColumn.add(slot, vehicle.year);
      this.rangeColumn.add(slot, this.ranges[slot]!);
    }
    const key = combinationKeyOf(vehicle);
    let combination = this.combinationIds.get(key);
    if (combination === undefined) {
      combination = this.addCombination(this.numberValues(vehicle));
      this.combinationIds.set(key, combination);
    }
    this.combinationOf[slot] = combination;
    this.forEachValueSet(vehicle, (sets, value) => sets.add(value, slot));
    for (const lexeme of new Set(vehicle.lexemes)) this.words.add(lexeme, slot);
    this.keep(slot, 1);
  }

  /** The numbers of a vehicle's facet values, numbering the new ones. */
  private numberValues(vehicle: IndexedVehicle): number[] {
    return combinationValues(vehicle).map((value) => {
      const valueKey = `${value.facet}\u0000${value.value}`;
      let id = this.facetValueIds.get(valueKey);
      if (id === undefined) this.facetValueIds.set(valueKey, (id = this.facetValues.push(value) - 1));
      return id;
    });
  }

  /** Counts a slot's vehicle in (1) or out of (-1) the kept counts of its filters. */
  private keep(slot: number, change: 1 | -1): void {
    if (this.kept.size === 0) return;
    const year = this.yearColumn.bucketOf(this.years[slot]!);
    const price = this.priceColumn.bucketOf(this.prices[slot]!);
    const combination = this.combinationOf[slot]!;
    const from = this.combinationStart[combination]!;
    const to = this.combinationStart[combination + 1]!;
    for (const key of filterKeysOf(this.vehicles[slot]!)) this.kept.get(key)?.add(year, price, this.combinationValues, from, to, change);
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
    for (const order of Object.values(this.orders)) {
      order.slots = grown(order.slots, Uint32Array);
      order.prices = grown(order.prices, Float64Array);
      order.years = grown(order.years, Int32Array);
    }
    for (const column of [this.priceColumn, this.yearColumn, this.rangeColumn]) column.grow(capacity);
    this.live.ensure(capacity);
    this.capacity = capacity;
  }

  /**
   * A search's page, total and facets, as the SQL search answers it with the price range `bounds` in USD cents;
   * undefined when its text has a word the index cannot match as PostgreSQL would (see indexableWord).
   */
  search(search: VehicleSearchQuery, bounds: UsdBounds): IndexAnswer | undefined {
    const words = search.q ? searchWords(search.q) : [];
    if (!words.every(indexableWord)) return undefined;
    // Named closures are not made per search: run under tsx, each is given its name by a property write.
    const wanted: Array<Bitset | null | undefined> = [];
    for (const word of new Set(words)) wanted.push(this.words.withPrefix(word, this.capacity));
    if (search.tab) wanted.push(this.tabs.get(search.tab));
    if (search.collection) wanted.push(this.collections.get(search.collection));
    if (search.make) wanted.push(this.makes.get(search.make.toLowerCase()));
    if (search.model) wanted.push(this.models.get(search.model.toLowerCase()));
    if (search.condition) wanted.push(this.conditions.get(search.condition));
    if (search.fuel) wanted.push(this.fuels.get(search.fuel));
    if (search.body) wanted.push(this.bodies.get(search.body));
    if (search.location) wanted.push(this.places.get(search.location.toLowerCase()));
    if (search.featured !== undefined) wanted.push(this.featured.get(String(search.featured)));
    const sets: Bitset[] = [this.live];
    for (const set of wanted) {
      // No vehicle has that value: counts stay at zero.
      if (!set) {
        this.scratch();
        return { slots: [], total: 0, facetsJson: this.numberedFacets.json(this.perValue) };
      }
      sets.push(set);
    }

    const ranges = new RangeBits();
    if (search.yearMin !== undefined) this.yearColumn.min(search.yearMin, ranges);
    if (search.yearMax !== undefined) this.yearColumn.max(search.yearMax, ranges);
    if (bounds.min !== undefined) this.priceColumn.min(bounds.min, ranges);
    if (bounds.max !== undefined) this.priceColumn.max(bounds.max, ranges);
    if (search.rangeMin !== undefined) this.rangeColumn.min(search.rangeMin, ranges);

    this.scratch();
    const limits = limitsOf(search, bounds);
    const key = filterKeyOf(search);
    const kept = key === undefined ? undefined : this.kept.get(key);
    if (kept?.usable) {
      const answer = this.searchKept(kept, sets[1], ranges, search, limits);
      if (answer) return answer;
    }

    const { matched, total, low, high } = this.matching(sets, ranges, search, limits);
    if (total >= this.options.countByRunsFrom) {
      this.addCombinations(this.countByRuns(matched));
    } else {
      this.addCombinations(this.countBySlots(matched, low, high));
    }
    return { slots: this.page(matched, low, high, total, search, limits), total, facetsJson: this.numberedFacets.json(this.perValue) };
  }

  /**
   * A search with one filter (or none) that has kept counts, and bounds on year and price only: the vehicles certainly
   * within the bounds are counted from the table, the others (in the buckets the bounds cut through, found in the
   * year and price orders) one by one, and the page is found by walking the sort's order, testing each vehicle. No
   * bitset is read whole. Undefined when it matches fewer than countByRunsFrom vehicles: walking would be long.
   * Measured against the general path (matching) for every search (100,000 vehicles, `npm start`, bench:search's long
   * tail 60 s after ready, two runs each, interleaved; 30 November): 11,123 and 11,546 searches a second against 7,981
   * and 8,736 (run medians), 132-136 µs of CPU per search against 173-187, p99 12 ms against 16-19.
   */
  private searchKept(kept: KeptCounts, filter: Bitset | undefined, ranges: RangeBits, search: VehicleSearchQuery, limits: Limits): IndexAnswer | undefined {
    // Written out, not spread: a spread object took keptMatch, called per place walked, 15% slower (measured in process).
    const bound: KeptBounds = { yearMin: limits.yearMin, yearMax: limits.yearMax, priceMin: limits.priceMin, priceMax: limits.priceMax, filter: filter?.words };
    const { yearColumn, priceColumn, perValue } = this;
    const sureYears = ranges.sureBuckets.get(yearColumn) ?? { first: 0, last: yearColumn.bucketCount - 1 };
    const surePrices = ranges.sureBuckets.get(priceColumn) ?? { first: 0, last: priceColumn.bucketCount - 1 };
    const sureYearsLast = Math.min(sureYears.last, yearColumn.bucketCount - 1);
    const surePricesLast = Math.min(surePrices.last, priceColumn.bucketCount - 1);
    let total = kept.addBox({ first: sureYears.first, last: sureYearsLast }, { first: surePrices.first, last: surePricesLast }, perValue);
    // Outside the box: any year with a price outside the certain buckets (in price order), then a price inside them with a year outside.
    const sureEmpty = sureYears.first > sureYearsLast || surePrices.first > surePricesLast;
    const certainPriceFrom = sureEmpty ? Infinity : priceColumn.bucketStart(surePrices.first);
    const certainPriceBelow = sureEmpty ? -Infinity : priceColumn.bucketStart(surePricesLast + 1);
    const { perCombination, touched, combinationOf } = this;
    let touchedCount = 0;
    const priceOrder = this.orders['price-asc'];
    const yearOrder = this.orders['year-asc'];
    const slabs: Slab[] = [{ order: priceOrder, values: priceOrder.prices, min: bound.priceMin, max: bound.priceMax, certainFrom: certainPriceFrom, certainBelow: certainPriceBelow, inPriceBox: false }];
    if (!sureEmpty) slabs.push({ order: yearOrder, values: yearOrder.years, min: bound.yearMin, max: bound.yearMax, certainFrom: yearColumn.bucketStart(sureYears.first), certainBelow: yearColumn.bucketStart(sureYearsLast + 1), inPriceBox: true });
    // Each slab's places within its bounds, but for its certain ones; no walk at all if they could not make enough.
    const walks: Array<{ slab: Slab; from: number; to: number; certainStart: number; certainEnd: number }> = [];
    let most = total;
    for (const slab of slabs) {
      const { order, values } = slab;
      const from = firstFrom(values, order.length, slab.min);
      const to = firstFrom(values, order.length, slab.max, 1, true);
      const certainStart = Math.max(from, Math.min(to, firstFrom(values, order.length, slab.certainFrom)));
      const certainEnd = Math.max(certainStart, Math.min(to, firstFrom(values, order.length, slab.certainBelow)));
      walks.push({ slab, from, to, certainStart, certainEnd });
      most += to - from - (certainEnd - certainStart);
    }
    if (most < this.options.countByRunsFrom) {
      perValue.fill(0);
      return undefined;
    }
    for (const { slab, from, to, certainStart, certainEnd } of walks) {
      const { order, inPriceBox } = slab;
      const { slots, prices } = order;
      for (let at = from; at < to; at++) {
        if (at === certainStart) at = certainEnd;
        if (at >= to) break;
        if (inPriceBox && !(prices[at]! >= certainPriceFrom && prices[at]! < certainPriceBelow)) continue;
        if (!keptMatch(order, at, bound)) continue;
        const slot = slots[at]!;
        total++;
        const combination = combinationOf[slot]!;
        if (perCombination[combination] === 0) touched[touchedCount++] = combination;
        perCombination[combination]!++;
      }
    }
    if (total < this.options.countByRunsFrom) {
      // Left as found: the scratch counts back at zero for the bitset way.
      for (let at = 0; at < touchedCount; at++) perCombination[touched[at]!] = 0;
      perValue.fill(0);
      return undefined;
    }
    this.addCombinations(touchedCount);
    // The page: the sort's order walked, each vehicle tested, until the page's end.
    const offset = (search.page - 1) * search.pageSize;
    const slots: number[] = [];
    if (offset < total) {
      const order = this.orders[search.sort];
      const end = Math.min(total, offset + search.pageSize);
      const { from, to } = this.placesWithin(search.sort, limits);
      for (let at = from, seen = 0; at < to && seen < end; at++) {
        if (!keptMatch(order, at, bound)) continue;
        if (seen >= offset) slots.push(order.slots[at]!);
        seen++;
      }
    }
    return { slots, total, facetsJson: this.numberedFacets.json(this.perValue) };
  }

  /**
   * The vehicles in every set and within the search's ranges (years, price, driving range), how many, and how many of
   * them were compared value by value (put in this.edgeSlots). Set by set over whole words, within the words every
   * set may hold bits in: a make's vehicles, in runs, are a narrow band of slots.
   */
  private matching(sets: Bitset[], ranges: RangeBits, search: VehicleSearchQuery, limits: Limits): { matched: Bitset; total: number; edges: number; low: number; high: number } {
    const length = Math.ceil(this.nextSlot / 32);
    if (this.matchedScratch.words.length < length) {
      this.matchedScratch = new Bitset(this.capacity);
      this.sureScratch = new Int32Array(this.matchedScratch.words.length);
    }
    const matched = this.matchedScratch;
    const out = matched.words;
    const ins = [...sets, ...ranges.possibleIn];
    let low = 0;
    let high = length;
    for (const set of ins) {
      low = Math.max(low, set.low);
      high = Math.min(high, set.high);
    }
    out.fill(0);
    if (low >= high) return { matched, total: 0, edges: 0, low: 0, high: 0 };
    const [first, ...others] = ins;
    out.set(first!.words.subarray(low, high), low);
    intersect(out, others, ranges.possibleOut, low, high);
    let edges = 0;
    if (ranges.bounded) {
      // Certain: in every sureIn set and no sureOut set. The others are compared value by value.
      const sure = this.sureScratch;
      if (ranges.nothingSure || ranges.sureIn.some((set) => set.low >= set.high)) sure.fill(0, low, high);
      else {
        sure.fill(-1, low, high);
        intersect(sure, ranges.sureIn, ranges.sureOut, low, high);
      }
      const { yearMin, yearMax, priceMin, priceMax } = limits;
      const rangeMin = search.rangeMin;
      const { years, prices } = this;
      const rangeOf = this.ranges;
      for (let word = low; word < high; word++) {
        let rest = out[word]! & ~sure[word]!;
        if (rest === 0) continue;
        let bits = out[word]!;
        while (rest !== 0) {
          const lowest = rest & -rest;
          rest ^= lowest;
          const slot = (word << 5) + 31 - Math.clz32(lowest);
          const year = years[slot]!;
          const price = prices[slot]!;
          // A vehicle without a range (NaN) fails any minimum, as null does in SQL.
          if (year < yearMin || year > yearMax || price < priceMin || price > priceMax || (rangeMin !== undefined && !(rangeOf[slot]! >= rangeMin))) bits ^= lowest;
          else {
            if (edges === this.edgeSlots.length) this.edgeSlots = grownInt32(this.edgeSlots);
            this.edgeSlots[edges++] = slot;
          }
        }
        out[word] = bits;
      }
    }
    let total = 0;
    for (let word = low; word < high; word++) if (out[word] !== 0) total += bitCount(out[word]!);
    return { matched, total, edges, low, high };
  }

  /** Scratch counts as long as the combinations and facet values are many, at zero. */
  private scratch(): void {
    if (this.perCombination.length < this.combinationCount) {
      this.perCombination = new Int32Array(this.combinationCount * 2);
      this.touched = new Int32Array(this.combinationCount * 2);
    }
    if (this.perValue.length < this.facetValues.length) this.perValue = new Int32Array(this.facetValues.length * 2);
  }

  /** Adds the counts per combination of the `touchedCount` combinations in this.touched to each of their facet values, leaving them at zero. */
  private addCombinations(touchedCount: number): void {
    const { perCombination, perValue, touched, combinationStart, combinationValues } = this;
    for (let at = 0; at < touchedCount; at++) {
      const combination = touched[at]!;
      const count = perCombination[combination]!;
      perCombination[combination] = 0;
      const end = combinationStart[combination + 1]!;
      for (let value = combinationStart[combination]!; value < end; value++) perValue[combinationValues[value]!]! += count;
    }
  }

  /** Counts per combination of the first `count` of `slots`; how many combinations it touched. */
  private countSlots(slots: Int32Array, count: number): number {
    const { perCombination, touched, combinationOf } = this;
    let touchedCount = 0;
    for (let at = 0; at < count; at++) {
      const combination = combinationOf[slots[at]!]!;
      if (perCombination[combination] === 0) touched[touchedCount++] = combination;
      perCombination[combination]!++;
    }
    return touchedCount;
  }

  /**
   * Counts per combination, vehicle by vehicle, over the matches in words low .. high (no other holds any): for searches
   * matching few; how many combinations it touched.
   */
  private countBySlots(matched: Bitset, low: number, high: number): number {
    const { perCombination, touched, combinationOf } = this;
    let touchedCount = 0;
    const words = matched.words;
    for (let word = low; word < high; word++) {
      let bits = words[word]! | 0;
      while (bits !== 0) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const combination = combinationOf[(word << 5) + 31 - Math.clz32(lowest)]!;
        if (perCombination[combination] === 0) touched[touchedCount++] = combination;
        perCombination[combination]!++;
      }
    }
    return touchedCount;
  }

  /** Facets counted per run of one combination from the bits' counts, and vehicle by vehicle after the runs: for searches matching many. */
  private countByRuns(matched: Bitset): number {
    const { perCombination, touched, combinationOf, runStart, runCombination } = this;
    const words = matched.words;
    let touchedCount = 0;
    // Bits set below each run's start: `below` counts those of whole words before `word`.
    let word = 0;
    let below = 0;
    let start = 0;
    for (let run = 0; run <= runCombination.length; run++) {
      const slot = runStart[run]!;
      const last = slot >>> 5;
      for (; word < last; word++) below += bitCount(words[word]!);
      const partial = slot & 31;
      const end = partial === 0 ? below : below + bitCount(words[last]! & ((1 << partial) - 1));
      if (run > 0 && end > start) {
        const combination = runCombination[run - 1]!;
        if (perCombination[combination] === 0) touched[touchedCount++] = combination;
        perCombination[combination]! += end - start;
      }
      start = end;
    }
    for (let slot = this.runsEnd; slot < this.nextSlot; slot++) {
      if ((words[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
      const combination = combinationOf[slot]!;
      if (perCombination[combination] === 0) touched[touchedCount++] = combination;
      perCombination[combination]!++;
    }
    return touchedCount;
  }

  /**
   * The places of `sort`'s order that can hold a vehicle within `limits`: all of them, but for a sort by price or year,
   * only those whose price or year is within them (the order has them in sequence).
   */
  private placesWithin(sort: VehicleSort, limits: Limits): { from: number; to: number } {
    const order = this.orders[sort];
    const column = SORT_COLUMN[sort];
    if (column === undefined) return { from: 0, to: order.length };
    const [min, max] = column === 'prices' ? [limits.priceMin, limits.priceMax] : [limits.yearMin, limits.yearMax];
    const direction = this.sortKeys[sort][1];
    const [first, last] = direction === 1 ? [min, max] : [max, min];
    return { from: firstFrom(order[column], order.length, first, direction), to: firstFrom(order[column], order.length, last, direction, true) };
  }

  /** A sort's place of every slot, found again after a change. */
  private placesIn(order: Order): Int32Array {
    if (!order.placeOf) {
      const placeOf = new Int32Array(this.capacity);
      for (let at = 0; at < order.length; at++) placeOf[order.slots[at]!] = at;
      order.placeOf = placeOf;
    }
    return order.placeOf;
  }

  /** The slots of the page's vehicles, in the search's order (its matches are in words low .. high). */
  private page(matched: Bitset, low: number, high: number, total: number, search: VehicleSearchQuery, limits: Limits): number[] {
    const offset = (search.page - 1) * search.pageSize;
    if (offset >= total) return [];
    const order = this.orders[search.sort];
    const end = Math.min(total, offset + search.pageSize);
    const bits = matched.words;
    let slots: number[];
    // Every match is within [from, to): a sort by price or year with that bounded is walked from its bound on.
    const { from, to } = this.placesWithin(search.sort, limits);
    // Walking the order reaches the page's end after about end × (to - from) / total places; picking reads every match.
    if (end * ((to - from) / total) < total * 4) {
      slots = [];
      let seen = 0;
      for (let at = from; at < to && seen < end; at++) {
        const slot = order.slots[at]!;
        if ((bits[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
        if (seen >= offset) slots.push(slot);
        seen++;
      }
    } else {
      const placeOf = this.placesIn(order);
      // The `end` first places among the matches, kept in a max-heap.
      const heap = new Int32Array(end);
      let size = 0;
      for (let word = low; word < high; word++) {
        let rest = bits[word]! | 0;
        while (rest !== 0) {
          const lowest = rest & -rest;
          rest ^= lowest;
          const place = placeOf[(word << 5) + 31 - Math.clz32(lowest)]!;
          if (size < end) {
            let at = size++;
            while (at > 0 && heap[(at - 1) >>> 1]! < place) {
              heap[at] = heap[(at - 1) >>> 1]!;
              at = (at - 1) >>> 1;
            }
            heap[at] = place;
          } else if (place < heap[0]!) {
            let at = 0;
            for (;;) {
              const left = 2 * at + 1;
              if (left >= size) break;
              const child = left + 1 < size && heap[left + 1]! > heap[left]! ? left + 1 : left;
              if (heap[child]! <= place) break;
              heap[at] = heap[child]!;
              at = child;
            }
            heap[at] = place;
          }
        }
      }
      slots = Array.from(heap.subarray(0, size).sort().subarray(offset), (place) => order.slots[place]!);
    }
    return slots;
  }
}
