import { Bitset } from './bitset';

/**
 * A search's bounds as bits, gathered over its columns: every slot within them is in each of `possibleIn` and in
 * none of `possibleOut`; a slot also in each of `sureIn` and none of `sureOut` is within them for certain (unless
 * `nothingSure`). The slots possible but not certain are compared value by value.
 */
export class RangeBits {
  readonly possibleIn: Bitset[] = [];
  readonly possibleOut: Bitset[] = [];
  readonly sureIn: Bitset[] = [];
  readonly sureOut: Bitset[] = [];
  nothingSure = false;
  /** Whether any bound was added: without one, every slot is certain. */
  bounded = false;
  /** Per column, the buckets (see RangeColumn.bucketOf) whose slots are certain, first to last; none when first > last. */
  readonly sureBuckets = new Map<RangeColumn, { first: number; last: number }>();

  private sureOf(column: RangeColumn) {
    let buckets = this.sureBuckets.get(column);
    if (!buckets) this.sureBuckets.set(column, (buckets = { first: 0, last: column.bucketCount - 1 }));
    return buckets;
  }

  /** Only buckets from `first` on are certain in `column`. */
  sureFrom(column: RangeColumn, first: number): void {
    const buckets = this.sureOf(column);
    buckets.first = Math.max(buckets.first, first);
  }

  /** Only buckets up to `last` are certain in `column`. */
  sureTo(column: RangeColumn, last: number): void {
    const buckets = this.sureOf(column);
    buckets.last = Math.min(buckets.last, last);
  }
}

/**
 * The slots of a column of whole numbers at or above each of a few boundary values (chosen from the column's values
 * when the index is built), so a range is a few bitsets to intersect instead of a comparison per vehicle: only the
 * vehicles in the buckets the range's ends fall into are compared one by one. A slot without a value (NaN) is in
 * none, as null meets no bound in SQL.
 */
export class RangeColumn {
  private readonly atLeast: Bitset[];

  /** `boundaries` ascending, without repeats. */
  constructor(
    private readonly boundaries: Float64Array,
    capacity: number,
  ) {
    this.atLeast = Array.from(boundaries, () => new Bitset(capacity));
  }

  /** Up to `count` boundaries for `values`: each distinct value when there are few, else quantiles, so buckets hold about as many. */
  static boundariesOf(values: Iterable<number>, count: number): Float64Array {
    const sorted = Float64Array.from([...values].filter((value) => !Number.isNaN(value))).sort();
    const distinct = [...new Set(sorted)];
    if (distinct.length <= count) return Float64Array.from(distinct);
    const chosen = new Set<number>();
    for (let step = 0; step < count; step++) chosen.add(sorted[Math.floor((step * sorted.length) / count)]!);
    return Float64Array.from([...chosen].sort((a, b) => a - b));
  }

  /** Buckets of values: bucket k holds the values with k boundaries at or below them (none for the first). */
  get bucketCount(): number {
    return this.boundaries.length + 1;
  }

  /** The lowest value of bucket k (-Infinity for the first). */
  bucketStart(bucket: number): number {
    return bucket <= 0 ? -Infinity : bucket > this.boundaries.length ? Infinity : this.boundaries[bucket - 1]!;
  }

  /** The bucket of a value; a missing value (NaN) is in the first, though in no "at least" set. */
  bucketOf(value: number): number {
    return Number.isNaN(value) ? 0 : this.firstAbove(value);
  }

  /** The first boundary above `value` (their count when none is). */
  private firstAbove(value: number): number {
    let low = 0;
    let high = this.boundaries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.boundaries[middle]! <= value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Sets the bits of slots 0 .. count - 1 from their values at once (for an index being built): each slot in its bucket, then the buckets summed from the top. */
  fill(values: ArrayLike<number>, count: number): void {
    if (this.boundaries.length === 0) return;
    const buckets = Array.from(this.boundaries, () => new Bitset(count));
    for (let slot = 0; slot < count; slot++) {
      const bucket = this.bucketOf(values[slot]!);
      // A value below every boundary (or missing) is in no "at least" set.
      if (bucket > 0 && !Number.isNaN(values[slot]!)) buckets[bucket - 1]!.add(slot);
    }
    let above: Bitset | undefined;
    for (let at = this.boundaries.length - 1; at >= 0; at--) {
      const set = this.atLeast[at]!;
      const bucket = buckets[at]!;
      set.ensure(count);
      for (let word = 0; word < bucket.words.length; word++) set.words[word] = bucket.words[word]! | (above ? above.words[word]! : 0);
      set.low = Math.min(bucket.low, above?.low ?? Number.MAX_SAFE_INTEGER);
      set.high = Math.max(bucket.high, above?.high ?? 0);
      above = set;
    }
  }

  add(slot: number, value: number): void {
    for (let at = 0; at < this.boundaries.length && value >= this.boundaries[at]!; at++) this.atLeast[at]!.add(slot);
  }

  delete(slot: number, value: number): void {
    for (let at = 0; at < this.boundaries.length && value >= this.boundaries[at]!; at++) this.atLeast[at]!.delete(slot);
  }

  /** Makes room for slots below `capacity` in every set, so a search reads whole words. */
  grow(capacity: number): void {
    for (const set of this.atLeast) set.ensure(capacity);
  }

  /** The first boundary at or above `value` (their count when none is). */
  private firstAtLeast(value: number): number {
    let low = 0;
    let high = this.boundaries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.boundaries[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The slots at or above `value`: certainly those at or above the first boundary at or above it (none when no
   * boundary is), possibly those at or above the last boundary below it (all when none is).
   */
  private atOrAbove(value: number): { possible: Bitset | 'all'; sure: Bitset | 'none' } {
    const up = this.firstAtLeast(value);
    if (up < this.boundaries.length && this.boundaries[up] === value) return { possible: this.atLeast[up]!, sure: this.atLeast[up]! };
    return { possible: up === 0 ? 'all' : this.atLeast[up - 1]!, sure: up === this.boundaries.length ? 'none' : this.atLeast[up]! };
  }

  /** Adds "value ≥ min" to `bits`. */
  min(min: number, bits: RangeBits): void {
    const value = Math.ceil(min);
    const { possible, sure } = this.atOrAbove(value);
    // Certain: at or above the first boundary at or above the minimum, the buckets after it.
    bits.sureFrom(this, this.firstAtLeast(value) + 1);
    bits.bounded = true;
    if (possible !== 'all') bits.possibleIn.push(possible);
    if (sure === 'none') bits.nothingSure = true;
    else bits.sureIn.push(sure);
  }

  /** Adds "value ≤ max" to `bits` (a column with a value in every slot: a missing value would pass it). */
  max(max: number, bits: RangeBits): void {
    // value ≤ max ⇔ not (value ≥ ⌊max⌋ + 1): possibly within when not certainly above, certainly when not possibly.
    const limit = Math.floor(max) + 1;
    const { possible, sure } = this.atOrAbove(limit);
    // Certain: below the last boundary at or below the limit, the buckets before it.
    bits.sureTo(this, this.firstAbove(limit) - 1);
    bits.bounded = true;
    if (sure !== 'none') bits.possibleOut.push(sure);
    if (possible === 'all') bits.nothingSure = true;
    else bits.sureOut.push(possible);
  }
}
