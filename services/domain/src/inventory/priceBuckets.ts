/**
 * Price buckets over US cents, for facet counts kept per price range. Bucket i holds the prices from
 * PRICE_BUCKET_BOUNDS[i] up to the next bound (excluded); the last one has no upper end.
 */
export const PRICE_BUCKET_BOUNDS: readonly number[] = (() => {
  // Steps of 3% from $100 to $10M in integer arithmetic, so the projector and the API agree on every
  // machine. Narrow buckets keep the two edge slices that a search counts row by row small; wider ones
  // would mean fewer kept rows to add up and to write. Measured on the 100,000-vehicle bench catalogue:
  // 3% keeps 117,000 rows and counts at most ~1,500 rows per edge; 10% keeps 38,000 rows but up to ~4,500
  // rows per edge, and projects the catalogue only a quarter faster.
  const bounds = [0];
  for (let bound = 10_000; bound <= 1_000_000_000; bound += Math.floor((bound * 3) / 100)) bounds.push(bound);
  return bounds;
})();

const LAST_BUCKET = PRICE_BUCKET_BOUNDS.length - 1;
const startOf = (bucket: number) => PRICE_BUCKET_BOUNDS[bucket]!;
/** The bucket's highest price, or undefined for the open-ended last bucket. */
const endOf = (bucket: number) => (bucket < LAST_BUCKET ? PRICE_BUCKET_BOUNDS[bucket + 1]! - 1 : undefined);

/** The bucket a price in US cents falls in. */
export function priceBucketOf(usdCents: number): number {
  let low = 0;
  let high = LAST_BUCKET;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (startOf(middle) <= usdCents) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Prices from `from` to `to` (both included, US cents; no `to`: no upper end), added or taken away. */
export interface PriceSlice {
  from: number;
  to?: number;
  sign: 1 | -1;
}

/**
 * A price range as whole buckets (`firstBucket` to `lastBucket`; none when first > last) whose counts are
 * kept, plus the slices of its two edge buckets to count row by row: the part inside the range, or the
 * part outside it taken away from the whole bucket, whichever is narrower.
 */
export interface PriceRangePlan {
  firstBucket: number;
  lastBucket: number;
  slices: PriceSlice[];
}

const widthOf = (from: number, to: number | undefined) => (to === undefined ? Number.POSITIVE_INFINITY : to - from + 1);

export function planPriceRange(range: { min?: number | undefined; max?: number | undefined }): PriceRangePlan {
  const { min, max } = range;
  if (min !== undefined && max !== undefined && min > max) return { firstBucket: 1, lastBucket: 0, slices: [] };
  let firstBucket = min === undefined ? 0 : priceBucketOf(min);
  let lastBucket = max === undefined ? LAST_BUCKET : priceBucketOf(max);
  const slices: PriceSlice[] = [];

  if (firstBucket === lastBucket) {
    const bucket = firstBucket;
    const from = min ?? startOf(bucket);
    const to = max ?? endOf(bucket);
    const below = from > startOf(bucket) ? { from: startOf(bucket), to: from - 1 } : undefined;
    const above = to !== undefined && to !== endOf(bucket) ? { from: to + 1, to: endOf(bucket) } : undefined;
    if (!below && !above) return { firstBucket, lastBucket, slices };
    const outside = (below ? widthOf(below.from, below.to) : 0) + (above ? widthOf(above.from, above.to) : 0);
    if (widthOf(from, to) <= outside) return { firstBucket: 1, lastBucket: 0, slices: [{ from, ...(to !== undefined ? { to } : {}), sign: 1 }] };
    for (const part of [below, above]) if (part) slices.push({ from: part.from, ...(part.to !== undefined ? { to: part.to } : {}), sign: -1 });
    return { firstBucket, lastBucket, slices };
  }

  if (min !== undefined && min > startOf(firstBucket)) {
    // Not the last bucket, so it has an end.
    const end = endOf(firstBucket)!;
    if (widthOf(min, end) <= widthOf(startOf(firstBucket), min - 1)) {
      slices.push({ from: min, to: end, sign: 1 });
      firstBucket += 1;
    } else {
      slices.push({ from: startOf(firstBucket), to: min - 1, sign: -1 });
    }
  }
  if (max !== undefined && max !== endOf(lastBucket)) {
    const end = endOf(lastBucket);
    if (widthOf(startOf(lastBucket), max) <= widthOf(max + 1, end)) {
      slices.push({ from: startOf(lastBucket), to: max, sign: 1 });
      lastBucket -= 1;
    } else {
      slices.push({ from: max + 1, ...(end !== undefined ? { to: end } : {}), sign: -1 });
    }
  }
  return { firstBucket, lastBucket, slices };
}
