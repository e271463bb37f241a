import type { Db } from '@autobest/db';
import type { PriceCurrency } from '@autobest/domain';
import { VehicleSummarySchema } from '@autobest/domain/inventory/contracts';
import { displayPrice, listedPrice, summaryShowing, type Rates, type VehicleRow } from '../vehicleSummary';
import { grownInt32 } from './bitset';

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

/**
 * Every vehicle's card, its bytes in one buffer: an answer copies each card from one place, at once, instead of following
 * a card to its two buffers and each to its memory (about 30 µs per page of 24 cards on 100,000 vehicles, mostly waiting
 * for memory, against about 8). A changed card is written again at the end; the space of the cards replaced or
 * removed is taken back when the buffer is full and they fill half of it. Each card keeps its displayed price's
 * JSON while the rates snapshot (one object for many searches) and the currency stay those it was written with.
 */
export class CardStore {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Bytes of cards replaced or removed, still in `bytes`. */
  private unused = 0;
  private readonly numberOf = new Map<string, number>();
  private count = 0;
  private readonly free: number[] = [];
  /** By card number: where its bytes start, and how many there are (all before its displayed price). */
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private readonly listed: Array<ListedPrice | undefined> = [];
  private readonly shownJson: Array<string | undefined> = [];
  private readonly shownRates: Array<Rates | undefined> = [];
  private readonly shownCurrency: Array<PriceCurrency | undefined> = [];

  get size(): number {
    return this.numberOf.size;
  }

  has(id: string): boolean {
    return this.numberOf.has(id);
  }

  /** Bytes held, of which those of cards since replaced or removed. */
  stats(): { bytes: number; unused: number } {
    return { bytes: this.bytes.length, unused: this.unused };
  }

  set(id: string, card: Card): void {
    const { length } = card.before;
    this.reserve(length);
    let number = this.numberOf.get(id);
    if (number === undefined) {
      number = this.free.pop() ?? this.count++;
      if (number >= this.starts.length) {
        this.starts = grownInt32(this.starts);
        this.lengths = grownInt32(this.lengths);
      }
      this.numberOf.set(id, number);
    } else this.unused += this.lengths[number]!;
    this.bytes.set(card.before, this.used);
    this.starts[number] = this.used;
    this.lengths[number] = length;
    this.used += length;
    this.listed[number] = card.listed;
    this.shownJson[number] = undefined;
    this.shownRates[number] = undefined;
    this.shownCurrency[number] = undefined;
  }

  delete(id: string): void {
    const number = this.numberOf.get(id);
    if (number === undefined) return;
    this.numberOf.delete(id);
    this.unused += this.lengths[number]!;
    this.lengths[number] = 0;
    this.listed[number] = undefined;
    this.shownJson[number] = undefined;
    this.shownRates[number] = undefined;
    this.shownCurrency[number] = undefined;
    this.free.push(number);
  }

  /**
   * The cards of `ids` (in that order, those without a card left out) priced in `currency`, joined by commas between
   * `head` and `tail`, as UTF-8.
   */
  join(ids: readonly string[], currency: PriceCurrency, rates: Rates, head: string, tail: string): Buffer {
    const numbers: number[] = [];
    const prices: string[] = [];
    let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
    for (const id of ids) {
      const number = this.numberOf.get(id);
      if (number === undefined) continue;
      const price = this.priceJson(number, currency, rates);
      length += (numbers.length === 0 ? 0 : 1) + this.lengths[number]! + price.length + 1;
      numbers.push(number);
      prices.push(price);
    }
    const body = Buffer.allocUnsafe(length);
    const { bytes, starts, lengths } = this;
    let at = body.write(head, 0);
    for (let n = 0; n < numbers.length; n++) {
      const number = numbers[n]!;
      const start = starts[number]!;
      if (n > 0) body[at++] = COMMA;
      at += bytes.copy(body, at, start, start + lengths[number]!);
      at += body.write(prices[n]!, at, 'latin1');
      body[at++] = CLOSE_BRACE;
    }
    at += body.write(tail, at);
    if (at !== length) throw new Error(`Cards were measured at ${length} bytes and written in ${at}`);
    return body;
  }

  private priceJson(number: number, currency: PriceCurrency, rates: Rates): string {
    const kept = this.shownJson[number];
    if (kept !== undefined && this.shownRates[number] === rates && this.shownCurrency[number] === currency) return kept;
    const json = shownPriceJson(this.listed[number]!, currency, rates);
    this.shownJson[number] = json;
    this.shownRates[number] = rates;
    this.shownCurrency[number] = currency;
    return json;
  }

  /** Room for `length` more bytes: the cards still held are copied into a buffer twice their size (and the new one's). */
  private reserve(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const held = this.used - this.unused;
    const bytes = Buffer.allocUnsafe(Math.max(1 << 16, 2 * (held + length)));
    let used = 0;
    for (const number of this.numberOf.values()) {
      const start = this.starts[number]!;
      const size = this.lengths[number]!;
      used += this.bytes.copy(bytes, used, start, start + size);
      this.starts[number] = used - size;
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

/** Every vehicle's card, read a page at a time. */
export async function everyCard(db: Db, pageSize = 5_000): Promise<CardStore> {
  const cards = new CardStore();
  for (let after = ''; ; ) {
    const page = await readCards(db, undefined, { after, limit: pageSize });
    for (const [id, card] of page) cards.set(id, card);
    if (page.length < pageSize) return cards;
    after = page[page.length - 1]![0];
  }
}
