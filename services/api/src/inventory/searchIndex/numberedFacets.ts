import { COLLECTION_IDS, INVENTORY_TAB_IDS } from '@autobest/domain';
import type { FacetValue } from '@autobest/projections';

/** The facets an answer lists by count (at most FACET_LIMIT each, as facetsOf does), in the answer's order. */
const COUNTED = ['make', 'condition', 'fuel', 'body', 'year', 'location'] as const;
const FACET_LIMIT = 50;

/** An entry's JSON up to its count, `{"value":"Toyota","count":`, as JSON.stringify writes `{ value, count }`. */
const entryOpen = (value: string) => `{"value":${JSON.stringify(value)},"count":`;
/** Each counted facet's key and the array's opening, the first after the facets' opening brace. */
const FACET_OPEN = COUNTED.map((facet) => `${JSON.stringify(facet)}:[`);
const TAB_OPEN = INVENTORY_TAB_IDS.map(entryOpen);
const COLLECTION_OPEN = COLLECTION_IDS.map(entryOpen);

/**
 * The answer's facets, as JSON, from counts per numbered facet value, exactly as facetsOf makes them from the same
 * counts (most vehicles first, then by the value as localeCompare orders it, then in the order the values were
 * numbered), without a map of counts or a text comparison per search: each value's place in localeCompare's order is
 * found once, when values are numbered, instead of on every search (facetsOf took a seventh of a search's time in the
 * index).
 */
export class NumberedFacets {
  /** Per numbered value: its facet's place in COUNTED, or -1 (tabs, collections, the total). */
  private facetOf = new Int8Array(0);
  /** Per numbered value: its place among its facet's values in localeCompare's order, then in the order of numbering. */
  private rankOf = new Int32Array(0);
  /** The numbers of each tab and collection, in the answer's order (-1 for one no vehicle has had). */
  private tabValues: Int32Array = new Int32Array(INVENTORY_TAB_IDS.length).fill(-1);
  private collectionValues: Int32Array = new Int32Array(COLLECTION_IDS.length).fill(-1);
  private numbered = 0;
  /** Per numbered value: its entry's JSON up to its count. */
  private entryOpen: string[] = [];
  /** Per counted facet, the values a search counted (the first listedCount), kept between searches. */
  private listed: Int32Array[] = COUNTED.map(() => new Int32Array(0));
  private readonly listedCount = new Int32Array(COUNTED.length);

  constructor(private readonly values: readonly FacetValue[]) {}

  /** Places the values numbered since last time (all of them again: a few hundred, and rarely new). */
  private refresh(): void {
    const { values } = this;
    if (this.numbered === values.length) return;
    this.numbered = values.length;
    this.facetOf = new Int8Array(values.length).fill(-1);
    this.rankOf = new Int32Array(values.length);
    this.entryOpen = values.map(({ value }) => entryOpen(value));
    const byFacet: number[][] = COUNTED.map(() => []);
    values.forEach(({ facet, value }, id) => {
      const counted = (COUNTED as readonly string[]).indexOf(facet);
      this.facetOf[id] = counted;
      if (counted >= 0) byFacet[counted]!.push(id);
      else if (facet === 'tab') this.tabValues[(INVENTORY_TAB_IDS as readonly string[]).indexOf(value)] = id;
      else if (facet === 'collection') this.collectionValues[(COLLECTION_IDS as readonly string[]).indexOf(value)] = id;
    });
    this.listed = byFacet.map((ids) => new Int32Array(ids.length));
    for (const ids of byFacet) {
      // Stable, from the order of numbering: values comparing equal keep that order, as they keep it in facetsOf.
      ids.sort((a, b) => values[a]!.value.localeCompare(values[b]!.value));
      ids.forEach((id, place) => (this.rankOf[id] = place));
    }
  }

  /**
   * The answer's facets, as JSON, from counts per numbered value (perValue, left at zero): the text JSON.stringify
   * writes of facetsOf's facets for the same counts, written straight from the counts, each value's JSON made once.
   */
  json(perValue: Int32Array): string {
    this.refresh();
    const { facetOf, listed, listedCount } = this;
    listedCount.fill(0);
    for (let id = 0; id < this.numbered; id++) {
      const facet = facetOf[id]!;
      if (perValue[id]! > 0 && facet >= 0) listed[facet]![listedCount[facet]!++] = id;
    }
    let text = '{';
    for (let facet = 0; facet < COUNTED.length; facet++) text += `${FACET_OPEN[facet]}${this.entries(listed[facet]!, listedCount[facet]!, perValue)}],`;
    text += `"tab":[${this.fixed(TAB_OPEN, this.tabValues, perValue, true)}],"collection":[${this.fixed(COLLECTION_OPEN, this.collectionValues, perValue, false)}]}`;
    perValue.fill(0, 0, this.numbered);
    return text;
  }

  // Methods rather than closures made per search: run under tsx, each closure is named by a call when it is made.

  /**
   * A counted facet's `count` values in `ids`, most vehicles first, at most FACET_LIMIT, as JSON array items. The first
   * FACET_LIMIT are kept in order at the front, in place, each value put in by insertion: Array.prototype.sort made a
   * copy per facet (six per search), and a facet with hundreds of values is not sorted whole.
   */
  private entries(ids: Int32Array, count: number, perValue: Int32Array): string {
    const { entryOpen, rankOf } = this;
    let kept = 0;
    for (let at = 0; at < count; at++) {
      const id = ids[at]!;
      const vehicles = perValue[id]!;
      const rank = rankOf[id]!;
      // Its place: after every kept value with more vehicles, or as many and an earlier rank. Past the last place, it
      // is not listed; otherwise the values from its place on move up one, the last dropping out when full.
      let to = kept;
      for (; to > 0; to--) {
        const before = ids[to - 1]!;
        if (perValue[before]! > vehicles || (perValue[before] === vehicles && rankOf[before]! < rank)) break;
      }
      if (to === FACET_LIMIT) continue;
      if (kept < FACET_LIMIT) kept++;
      for (let from = kept - 1; from > to; from--) ids[from] = ids[from - 1]!;
      ids[to] = id;
    }
    let text = '';
    for (let at = 0; at < kept; at++) text += `${at === 0 ? '' : ','}${entryOpen[ids[at]!]}${perValue[ids[at]!]}}`;
    return text;
  }

  /** Tabs or collections in their own order, each with its count (0 for one no vehicle has had; left out if `counted`), as JSON array items. */
  private fixed(opens: readonly string[], numbers: Int32Array, perValue: Int32Array, counted: boolean): string {
    let text = '';
    for (let at = 0; at < opens.length; at++) {
      const count = numbers[at]! < 0 ? 0 : perValue[numbers[at]!]!;
      if (counted && count === 0) continue;
      text += `${text === '' ? '' : ','}${opens[at]}${count}}`;
    }
    return text;
  }
}
