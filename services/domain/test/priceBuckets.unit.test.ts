import { describe, expect, it } from 'vitest';
import { PRICE_BUCKET_BOUNDS, planPriceRange, priceBucketOf } from '../src/index';

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Counts prices in [min, max] the way the search does: kept counts per bucket, plus or minus edge slices. */
function countByPlan(prices: number[], range: { min?: number; max?: number }) {
  const plan = planPriceRange(range);
  const kept = prices.filter((price) => priceBucketOf(price) >= plan.firstBucket && priceBucketOf(price) <= plan.lastBucket).length;
  const sliced = plan.slices.reduce((sum, slice) => sum + slice.sign * prices.filter((price) => price >= slice.from && (slice.to === undefined || price <= slice.to)).length, 0);
  return { count: kept + sliced, plan };
}

describe('price buckets', () => {
  it('grow by about 3% from $100 to about $10M, starting at 0', () => {
    expect(PRICE_BUCKET_BOUNDS[0]).toBe(0);
    expect(PRICE_BUCKET_BOUNDS[1]).toBe(10_000);
    expect(PRICE_BUCKET_BOUNDS.at(-1)).toBeGreaterThan(950_000_000);
    expect(PRICE_BUCKET_BOUNDS.length).toBeLessThan(400);
    for (let bucket = 2; bucket < PRICE_BUCKET_BOUNDS.length; bucket++) {
      const ratio = PRICE_BUCKET_BOUNDS[bucket]! / PRICE_BUCKET_BOUNDS[bucket - 1]!;
      expect(ratio).toBeGreaterThan(1.029);
      expect(ratio).toBeLessThanOrEqual(1.03);
    }
  });

  it('put a price on a bound in the bucket that starts there', () => {
    expect(priceBucketOf(0)).toBe(0);
    expect(priceBucketOf(9_999)).toBe(0);
    expect(priceBucketOf(10_000)).toBe(1);
    expect(priceBucketOf(10_299)).toBe(1);
    expect(priceBucketOf(10_300)).toBe(2);
    expect(priceBucketOf(Number.MAX_SAFE_INTEGER)).toBe(PRICE_BUCKET_BOUNDS.length - 1);
  });

  it('plan a range on bounds as whole buckets, with nothing to count row by row', () => {
    expect(planPriceRange({ min: 10_000, max: 10_608 })).toEqual({ firstBucket: 1, lastBucket: 2, slices: [] });
    expect(planPriceRange({})).toEqual({ firstBucket: 0, lastBucket: PRICE_BUCKET_BOUNDS.length - 1, slices: [] });
    expect(planPriceRange({ max: 10_299 })).toEqual({ firstBucket: 0, lastBucket: 1, slices: [] });
  });

  it('count a range inside one bucket, or its edges, from the narrower side', () => {
    // Bucket 1 is 10,000-10,299: 10,010-10,020 is counted itself, 10,001-10,298 as the bucket less two slices.
    expect(planPriceRange({ min: 10_010, max: 10_020 })).toEqual({ firstBucket: 1, lastBucket: 0, slices: [{ from: 10_010, to: 10_020, sign: 1 }] });
    expect(planPriceRange({ min: 10_001, max: 10_298 })).toEqual({
      firstBucket: 1,
      lastBucket: 1,
      slices: [
        { from: 10_000, to: 10_000, sign: -1 },
        { from: 10_299, to: 10_299, sign: -1 },
      ],
    });
    expect(planPriceRange({ min: 10_290, max: 10_310 })).toEqual({
      firstBucket: 2,
      lastBucket: 1,
      slices: [
        { from: 10_290, to: 10_299, sign: 1 },
        { from: 10_300, to: 10_310, sign: 1 },
      ],
    });
    expect(planPriceRange({ min: 20, max: 10 }).slices).toEqual([]);
  });

  it('never count more than two edge slices, each within one bucket, and give exact counts', () => {
    const next = random(7);
    const prices = Array.from({ length: 1000 }, () => Math.round(10 ** (4 + next() * 6)));
    prices.push(0, 10_000, 10_299, 10_300, PRICE_BUCKET_BOUNDS.at(-1)!, PRICE_BUCKET_BOUNDS.at(-1)! + 5);
    const candidates = [...prices, ...PRICE_BUCKET_BOUNDS, ...PRICE_BUCKET_BOUNDS.map((bound) => bound - 1)];
    const pick = () => candidates[Math.floor(next() * candidates.length)]! + Math.floor(next() * 3) - 1;
    for (let trial = 0; trial < 2000; trial++) {
      const [a, b] = [pick(), pick()].sort((x, y) => x - y) as [number, number];
      const range = { ...(trial % 5 !== 1 ? { min: a } : {}), ...(trial % 5 !== 2 ? { max: b } : {}) };
      const { count, plan } = countByPlan(prices, range);
      const expected = prices.filter((price) => (range.min === undefined || price >= range.min) && (range.max === undefined || price <= range.max)).length;
      expect(count, JSON.stringify(range)).toBe(expected);
      expect(plan.slices.length).toBeLessThanOrEqual(2);
      for (const slice of plan.slices) expect(priceBucketOf(slice.from), JSON.stringify(range)).toBe(priceBucketOf(slice.to ?? Number.MAX_SAFE_INTEGER));
    }
  });
});
