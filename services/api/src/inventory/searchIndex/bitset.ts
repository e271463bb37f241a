/**
 * A set of slot numbers as bits, 32 to a word (int32, so bit 31 keeps arithmetic on small integers); it grows as
 * slots are set. `low` and `high` bound the words that may hold a bit (set once, they stay: a cleared bit leaves them).
 */
export class Bitset {
  words: Int32Array;
  low = Number.MAX_SAFE_INTEGER;
  high = 0;

  constructor(capacity = 32) {
    this.words = new Int32Array(Math.max(1, Math.ceil(capacity / 32)));
  }

  has(slot: number): boolean {
    const word = slot >>> 5;
    return word < this.words.length && (this.words[word]! & (1 << (slot & 31))) !== 0;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) {
      const grown = new Int32Array(Math.max(word + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word]! |= 1 << (slot & 31);
    if (word < this.low) this.low = word;
    if (word >= this.high) this.high = word + 1;
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (slot & 31));
  }

  /** Makes room for every slot below `capacity`, so a reader may take whole words without checking the length. */
  ensure(capacity: number): void {
    const length = Math.ceil(capacity / 32);
    if (length <= this.words.length) return;
    const grown = new Int32Array(length);
    grown.set(this.words);
    this.words = grown;
  }
}

/** A copy of `array` in one twice as long. */
export function grownInt32(array: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/** How many bits of a 32-bit word are set. */
export function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  bits = (bits + (bits >>> 4)) & 0x0f0f0f0f;
  return Math.imul(bits, 0x01010101) >>> 24;
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
