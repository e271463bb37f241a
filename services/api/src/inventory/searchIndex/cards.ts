import type { Db } from '@autobest/db';
import type { PriceCurrency } from '@autobest/domain';
import { VehicleSummarySchema } from '@autobest/domain/inventory/contracts';
import { displayPrice, listedPrice, summaryShowing, type Rates, type VehicleRow } from '../vehicleSummary';
import type { SearchIndex } from './searchIndex';

/** Stands for the displayed price while a card is serialised; found again only as the value of its own key, its last. */
const SHOWN = 'displayPrice-to-be-converted';
const SHOWN_AT = `"displayPrice":${JSON.stringify(SHOWN)}`;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;

type ListedPrice = ReturnType<typeof listedPrice>;

/**
 * One vehicle's search result card as serialised once per change: its JSON (UTF-8) up to the displayed price, its last
 * value (VehicleSummarySchema has it last), which is written per request, then the closing brace.
 */
export interface Card {
  readonly before: Buffer;
  readonly listed: ListedPrice;
}

/**
 * A card as the SQL path would send it. It is checked against VehicleSummarySchema here, once, as the route checks
 * every answer it makes in SQL; the displayed price put in per request is a number and a currency code made below.
 */
export function cardOf(row: VehicleRow): Card {
  const listed = listedPrice(row);
  const checked = VehicleSummarySchema.parse(summaryShowing(row, { amount: 0, currency: listed.currency }));
  const text = JSON.stringify({ ...checked, displayPrice: SHOWN });
  // Inside a string a quote is escaped, so this is the key itself.
  const at = text.indexOf(SHOWN_AT);
  if (at + SHOWN_AT.length !== text.length - 1) throw new Error('A card must end with its displayed price');
  return { before: Buffer.from(text.slice(0, at + '"displayPrice":'.length)), listed };
}

/** A listed price shown in `currency`, as JSON.stringify writes the checked summary's (ASCII: a number and a code). */
export function shownPriceJson(listed: ListedPrice, currency: PriceCurrency, rates: Rates): string {
  const shown = displayPrice(listed, currency, rates);
  return `{"amount":${JSON.stringify(shown.amount)},"currency":${JSON.stringify(shown.currency)}}`;
}

/** Card arrays by slot grown to hold `slot`: twice as long, or long enough; `empty` in the new places. */
function grownFor(array: Int32Array, slot: number, empty: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(slot + 1, array.length * 2)).fill(empty, array.length);
  grown.set(array);
  return grown;
}

/**
 * Every vehicle's card, by its slot in the search index (SearchIndex.slotOfId), its bytes in one buffer: an answer
 * copies each card from one place, at once, instead of following a card to its two buffers and each to its memory
 * (about 30 µs per page of 24 cards on 100,000 vehicles, mostly waiting for memory, against about 8), and finds it from
 * the slot the search gave, without looking its id up (a map of 100,000 ids, 13-25 µs per page when out of the
 * processor's caches, as between two requests). A changed card is written again at the end; the space of the cards
 * replaced or removed is taken back when the buffer is full and they fill half of it. Each card keeps its displayed
 * price's JSON while the rates snapshot (one object for many searches) and the currency stay those it was written with.
 * What it was measured to give is memory (5b8a246, two API processes on 100,000 vehicles, paired long-tail runs):
 * 1.71-1.78 GB resident in all before, 1.43-1.45 GB after, with the CPU per search the same (191-198 against 191-202
 * µs); the 30 and 13-25 µs above were measured in process.
 */
export class CardStore {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Bytes of cards replaced or removed, still in `bytes`. */
  private unused = 0;
  private held = 0;
  /** By slot: where its card's bytes start (-1: no card), and how many there are (all before its displayed price). */
  private starts = new Int32Array(1024).fill(-1);
  private lengths = new Int32Array(1024);
  private readonly listed: Array<ListedPrice | undefined> = [];
  private readonly shownJson: Array<string | undefined> = [];
  private readonly shownRates: Array<Rates | undefined> = [];
  private readonly shownCurrency: Array<PriceCurrency | undefined> = [];
  /** Where join() writes an answer, grown to the longest yet: one buffer, not one of 20-30 KB per search. */
  private joined = Buffer.allocUnsafe(1 << 16);

  get size(): number {
    return this.held;
  }

  has(slot: number): boolean {
    return (this.starts[slot] ?? -1) >= 0;
  }

  /** Bytes held, of which those of cards since replaced or removed. */
  stats(): { bytes: number; unused: number } {
    return { bytes: this.bytes.length, unused: this.unused };
  }

  set(slot: number, card: Card): void {
    const { length } = card.before;
    this.reserve(length);
    if (slot >= this.starts.length) {
      this.starts = grownFor(this.starts, slot, -1);
      this.lengths = grownFor(this.lengths, slot, 0);
    }
    if (this.has(slot)) this.unused += this.lengths[slot]!;
    else this.held++;
    this.bytes.set(card.before, this.used);
    this.starts[slot] = this.used;
    this.lengths[slot] = length;
    this.used += length;
    this.listed[slot] = card.listed;
    this.forgetShown(slot);
  }

  delete(slot: number): void {
    if (!this.has(slot)) return;
    this.held--;
    this.unused += this.lengths[slot]!;
    this.starts[slot] = -1;
    this.lengths[slot] = 0;
    this.listed[slot] = undefined;
    this.forgetShown(slot);
  }

  /**
   * The cards of `slots` (in that order, those without a card left out) priced in `currency`, joined by commas between
   * `head` and the parts of `tail` (text, or bytes already UTF-8), as UTF-8 in the store's own buffer for answers:
   * valid until the next join, so used at once (an answer sent compressed needs no copy of its own; one kept or sent as
   * it is is copied).
   */
  join(slots: readonly number[], currency: PriceCurrency, rates: Rates, head: string, tail: readonly (string | Buffer)[]): Buffer {
    const carded: number[] = [];
    const prices: string[] = [];
    // At most three UTF-8 bytes per UTF-16 unit: the texts are measured by writing them, once.
    let most = 3 * head.length;
    for (const part of tail) most += typeof part === 'string' ? 3 * part.length : part.length;
    for (const slot of slots) {
      if (!this.has(slot)) continue;
      const price = this.priceJson(slot, currency, rates);
      most += 1 + this.lengths[slot]! + price.length + 1;
      carded.push(slot);
      prices.push(price);
    }
    // A little room beyond the most: an answer ending within 3 bytes of the buffer's end may have been cut, and is refused.
    if (this.joined.length < most + 4) this.joined = Buffer.allocUnsafe(Math.max(most + 4, 2 * this.joined.length));
    const body = this.joined;
    const { bytes, starts, lengths } = this;
    let at = body.write(head, 0);
    for (let n = 0; n < carded.length; n++) {
      const slot = carded[n]!;
      const start = starts[slot]!;
      if (n > 0) body[at++] = COMMA;
      at += bytes.copy(body, at, start, start + lengths[slot]!);
      at += body.write(prices[n]!, at, 'latin1');
      body[at++] = CLOSE_BRACE;
    }
    for (const part of tail) {
      if (typeof part === 'string') at += body.write(part, at);
      else {
        body.set(part, at);
        at += part.length;
      }
    }
    if (at > most) throw new Error(`An answer of at most ${most} bytes took ${at}`);
    return body.subarray(0, at);
  }

  private forgetShown(slot: number): void {
    this.shownJson[slot] = undefined;
    this.shownRates[slot] = undefined;
    this.shownCurrency[slot] = undefined;
  }

  private priceJson(slot: number, currency: PriceCurrency, rates: Rates): string {
    const kept = this.shownJson[slot];
    if (kept !== undefined && this.shownRates[slot] === rates && this.shownCurrency[slot] === currency) return kept;
    const json = shownPriceJson(this.listed[slot]!, currency, rates);
    this.shownJson[slot] = json;
    this.shownRates[slot] = rates;
    this.shownCurrency[slot] = currency;
    return json;
  }

  /** Room for `length` more bytes: the cards still held are copied into a buffer twice their size (and the new one's). */
  private reserve(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const held = this.used - this.unused;
    const bytes = Buffer.allocUnsafe(Math.max(1 << 16, 2 * (held + length)));
    let used = 0;
    const { starts, lengths } = this;
    for (let slot = 0; slot < starts.length; slot++) {
      const start = starts[slot]!;
      if (start < 0) continue;
      used += this.bytes.copy(bytes, used, start, start + lengths[slot]!);
      starts[slot] = used - lengths[slot]!;
    }
    this.bytes = bytes;
    this.used = used;
    this.unused = 0;
  }
}

/** The vehicles' cards (all, a page at a time by id, or those of `ids`). */
export async function readCards(db: Db, ids?: readonly string[], page?: { after: string; limit: number }): Promise<Array<[string, Card]>> {
  if (ids !== undefined && ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehicles')
    .selectAll()
    .$if(ids !== undefined, (query) => query.where('id', 'in', ids ?? []))
    .$if(page !== undefined, (query) => query.where('id', '>', page!.after).orderBy('id').limit(page!.limit))
    .execute();
  return rows.map((row) => [row.id, cardOf(row)]);
}

/** Every vehicle's card, read a page at a time, by its slot in `index` (one it does not hold is left out: no search finds it). */
export async function everyCard(db: Db, index: Pick<SearchIndex, 'slotOfId'>, pageSize = 5_000): Promise<CardStore> {
  const cards = new CardStore();
  for (let after = ''; ; ) {
    const page = await readCards(db, undefined, { after, limit: pageSize });
    for (const [id, card] of page) {
      const slot = index.slotOfId(id);
      if (slot !== undefined) cards.set(slot, card);
    }
    if (page.length < pageSize) return cards;
    after = page[page.length - 1]![0];
  }
}
