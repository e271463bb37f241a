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
