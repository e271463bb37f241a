import { Bitset, SlotList } from './bitset';

const MAX_ANSWERS_KEPT = 4096;

/**
 * The words of every vehicle (the lexemes of vehicle_search.search, as PostgreSQL made them) with the vehicles
 * holding each, in word order: the words starting with a prefix are one run of it, found by binary search.
 */
export class WordPrefixes {
  private readonly holders = new Map<string, SlotList>();
  /** Every word ever added, sorted; a word no vehicle holds any more stays with an empty list. */
  private sorted: string[] = [];
  private unsorted: string[] = [];
  /**
   * The answers of withPrefix since the words last changed, a few thousand at most: buyers type the same prefixes.
   * Measured against collecting each prefix's vehicles on every search (100,000 vehicles, `npm start`, bench:search's
   * long tail 60 s after ready, two runs each, interleaved; 30 November): 10,416 and 10,823 searches a second against
   * 8,430 and 8,573 (run medians), 134-145 µs of CPU per search against 183-186.
   */
  private readonly answered = new Map<string, Bitset | null>();

  add(word: string, slot: number): void {
    let list = this.holders.get(word);
    if (!list) {
      list = new SlotList();
      this.holders.set(word, list);
      this.unsorted.push(word);
    }
    list.add(slot);
    if (this.answered.size > 0) this.answered.clear();
  }

  delete(word: string, slot: number): void {
    this.holders.get(word)?.delete(slot);
    if (this.answered.size > 0) this.answered.clear();
  }

  /** How many distinct words are held, and the slots listed under them. */
  size(): { words: number; postings: number } {
    let postings = 0;
    for (const list of this.holders.values()) postings += list.length;
    return { words: this.holders.size, postings };
  }

  private words(): string[] {
    if (this.unsorted.length > 0) {
      this.sorted = [...this.sorted, ...this.unsorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.unsorted = [];
    }
    return this.sorted;
  }

  /** The vehicles with a word starting with `prefix`, as bits not to be changed (or null when none has). */
  withPrefix(prefix: string, capacity: number): Bitset | null {
    let found = this.answered.get(prefix);
    if (found === undefined) {
      found = this.collect(prefix, capacity);
      if (this.answered.size >= MAX_ANSWERS_KEPT) this.answered.clear();
      this.answered.set(prefix, found);
    }
    return found;
  }

  private collect(prefix: string, capacity: number): Bitset | null {
    const words = this.words();
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (words[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let found: Bitset | null = null;
    for (let at = low; at < words.length && words[at]!.startsWith(prefix); at++) {
      const list = this.holders.get(words[at]!)!;
      if (list.length === 0) continue;
      found ??= new Bitset(capacity);
      const { slots } = list;
      for (let index = 0; index < list.length; index++) found.add(slots[index]!);
    }
    return found;
  }
}
