import { describe, expect, it, vi } from 'vitest';
import { RecentlySeen, TtlCache } from '../src/process/ttlCache';

describe('TtlCache', () => {
  it('loads once for concurrent callers, serves the value until it expires, then loads again', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache<number>(1000);
      let loads = 0;
      const load = async () => ++loads;
      expect(await Promise.all([cache.remember('k', load), cache.remember('k', load), cache.remember('k', load)])).toEqual([1, 1, 1]);
      vi.advanceTimersByTime(999);
      expect(await cache.remember('k', load)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.remember('k', load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing when its lifetime is 0, and forgets a failed load', async () => {
    const cache = new TtlCache<string>(0);
    let loads = 0;
    await cache.remember('k', async () => `v${++loads}`);
    expect(await cache.remember('k', async () => `v${++loads}`)).toBe('v2');
    const failing = new TtlCache<string>(1000);
    await expect(failing.remember('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await failing.remember('k', async () => 'up')).toBe('up');
  });

  it('drops the oldest entry beyond its size bound', () => {
    const cache = new TtlCache<number>(10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('holds the newest entries up to its bound, an entry set again counting as new', () => {
    const cache = new TtlCache<number>(10_000, 32);
    for (let key = 0; key < 200; key++) cache.set(String(key), key);
    // Holds 168 to 199; 168, set again, is then the newest, and 169 the oldest.
    cache.set('168', 168);
    cache.set('200', 200);
    const held = Array.from({ length: 201 }, (_, key) => cache.get(String(key))).flatMap((value) => (value === undefined ? [] : [value]));
    expect(held).toEqual([168, ...Array.from({ length: 31 }, (_, at) => at + 170)]);
  });
});

describe('RecentlySeen', () => {
  it('says a key was seen when it comes again within half its lifetime, and forgets it after a whole one', () => {
    let now = 0;
    const seen = new RecentlySeen(1000, 100, () => now);
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(false);
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(true);
    expect(seen.seenBefore('/api/vehicles?q=tigg')).toBe(false);
    now = 499;
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(true);
    // The generation it was seen in ends at half the lifetime; it is remembered through the next one.
    now = 900;
    expect(seen.seenBefore('/api/vehicles?q=tigg')).toBe(true);
    now = 1500;
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(false);
    now = 3000;
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(false);
    expect(seen.seenBefore('/api/vehicles?q=tig')).toBe(true);
  });

  it('holds at most two generations of keys, and nothing with a lifetime of 0', () => {
    const seen = new RecentlySeen(60_000, 10, () => 0);
    for (let n = 0; n < 30; n++) expect(seen.seenBefore(`/api/vehicles?page=${n}`)).toBe(false);
    // The last 10 to 20 are remembered, the first ones are not.
    expect(seen.seenBefore('/api/vehicles?page=29')).toBe(true);
    expect(seen.seenBefore('/api/vehicles?page=0')).toBe(false);
    const never = new RecentlySeen(0, 10);
    never.seenBefore('/api/vehicles');
    expect(never.seenBefore('/api/vehicles')).toBe(false);
  });

  it('tells apart the URLs of a long tail: few of 40,000 distinct ones look seen', () => {
    const seen = new RecentlySeen(60_000, 20_000, () => 0);
    let looksSeen = 0;
    for (let n = 0; n < 40_000; n++) if (seen.seenBefore(`/api/vehicles?priceMin=${n * 1000}&priceMax=${n * 7919}&sort=price-asc`)) looksSeen++;
    expect(looksSeen).toBeLessThan(5);
  });
});
