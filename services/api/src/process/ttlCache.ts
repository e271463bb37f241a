/** A small in-process cache with a time to live and a size bound (oldest entries go first). */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Value; expires: number }>();
  private readonly loading = new Map<string, Promise<Value>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: Value): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    // A map keeps its keys in insertion order, and set() moves a key to the end: the first is the oldest.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets every answer (after a change they may no longer show). */
  clear(): void {
    this.entries.clear();
  }

  /** Runs `load` once per key and lifetime, sharing the answer with concurrent callers. */
  async remember(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loaded = load().then(
      (value) => {
        this.set(key, value);
        return value;
      },
    ).finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }
}

/** FNV-1a over the text's UTF-16 units, kept to 30 bits: a small integer, which a set holds without a heap object. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash & 0x3fffffff;
}

/**
 * Which keys were seen within about a lifetime (from half of it to all of it), remembered as hashes in two generations
 * of sets of numbers, each of at most `maxPerGeneration`. A key seen once leaves nothing behind that the garbage
 * collector must move: a map of the keys (a TtlCache) kept each key's string and entry past the next scavenge, and
 * promoted it; under the search's long tail that was all a scavenge promoted (about 100 KB each, 2,500 URLs a second per
 * process). Two keys with one hash make the second look seen before, which costs its caller little (one answer kept).
 * Measured against that TtlCache (100,000 vehicles, `npm start`, bench:search's long tail 60 s after ready, three runs
 * each, interleaved; 30 November): medians of 135-150 µs of CPU per search against 140-164, and 9,494-11,142 searches
 * a second against 9,270-10,891: on average 8% less CPU and 7% more searches, each pair of runs the same way, though
 * within the spread of single runs; share of the hello-world 22.6-23.7% against 20.1-25.6%.
 */
export class RecentlySeen {
  private current = new Set<number>();
  private previous = new Set<number>();
  private since: number;

  constructor(
    private readonly ttlMs: number,
    private readonly maxPerGeneration: number,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
  }

  /** Whether `key` was seen within about the lifetime; it is seen now either way. Never, with a lifetime of 0. */
  seenBefore(key: string): boolean {
    if (this.ttlMs <= 0) return false;
    const now = this.now();
    if (now - this.since >= this.ttlMs / 2 || this.current.size >= this.maxPerGeneration) {
      // The current generation ends; the previous one is forgotten (both, when the last was longer ago than a lifetime).
      this.previous = now - this.since >= this.ttlMs ? new Set() : this.current;
      this.current = new Set();
      this.since = now;
    }
    const hash = hashOf(key);
    if (this.current.has(hash) || this.previous.has(hash)) return true;
    this.current.add(hash);
    return false;
  }
}
