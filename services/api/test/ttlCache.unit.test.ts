import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from '../src/platform/ttlCache';

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

  it('a large cache drops its oldest sixteenth at once, and never holds more than its bound', () => {
    const cache = new TtlCache<number>(10_000, 32);
    for (let key = 0; key < 32; key++) cache.set(String(key), key);
    cache.set('32', 32);
    const held = Array.from({ length: 33 }, (_, key) => cache.get(String(key)));
    expect(held.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(held.slice(3)).toEqual(Array.from({ length: 30 }, (_, at) => at + 3));
    for (let key = 33; key < 200; key++) cache.set(String(key), key);
    expect(Array.from({ length: 200 }, (_, key) => cache.get(String(key))).filter((value) => value !== undefined).length).toBeLessThanOrEqual(32);
    expect(cache.get('199')).toBe(199);
  });
});
