/** A set of slot numbers as bits, 32 to a word; it grows as slots are set. */
export class Bitset {
  words: Uint32Array;

  constructor(capacity = 32) {
    this.words = new Uint32Array(Math.max(1, Math.ceil(capacity / 32)));
  }

  has(slot: number): boolean {
    const word = slot >>> 5;
    return word < this.words.length && (this.words[word]! & (1 << (slot & 31))) !== 0;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word]! |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (slot & 31));
  }

  /** How many slots are in the set. */
  count(): number {
    let total = 0;
    for (const word of this.words) total += popcount(word);
    return total;
  }
}

/** The number of bits set in a 32-bit word. */
export function popcount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Calls `visit` with each slot of a 32-bit word of bits numbered from `base`, in increasing order. */
export function forEachBit(word: number, base: number, visit: (slot: number) => void): void {
  let rest = word;
  while (rest !== 0) {
    const lowest = rest & -rest;
    visit(base + 31 - Math.clz32(lowest));
    rest ^= lowest;
  }
}

/** A growable list of slots, in no order: the vehicles with one word. */
export class SlotList {
  slots = new Uint32Array(4);
  length = 0;

  add(slot: number): void {
    if (this.length === this.slots.length) {
      const grown = new Uint32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots[this.length++] = slot;
  }

  delete(slot: number): void {
    const at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.slots[at] = this.slots[--this.length]!;
  }
}
