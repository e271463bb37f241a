import type { Db } from '@autobest/db';
import type { PriceCurrency } from '@autobest/domain';
import { VehicleSummarySchema } from '@autobest/domain/inventory/contracts';
import { displayPrice, listedPrice, summaryShowing, type Rates, type VehicleRow } from '../vehicleSummary';

/** Stands for the displayed price while a card is serialised; found again only as the value of its own key. */
const SHOWN = 'displayPrice-to-be-converted';
const SHOWN_AT = `"displayPrice":${JSON.stringify(SHOWN)}`;

/**
 * One vehicle's search result card, serialised once per change: its JSON before and after the displayed price, as
 * UTF-8 bytes, so an answer is put together by copying bytes instead of joining and encoding strings per request.
 */
export interface Card {
  readonly before: Buffer;
  readonly after: Buffer;
  readonly listed: ReturnType<typeof listedPrice>;
  /** The displayed price last written, with the rates and currency it was converted with. */
  shown: { rates: Rates; currency: PriceCurrency; json: string } | undefined;
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
  return { before: Buffer.from(text.slice(0, at + '"displayPrice":'.length)), after: Buffer.from(text.slice(at + SHOWN_AT.length)), listed, shown: undefined };
}

/**
 * The card's displayed price in `currency`, as JSON.stringify writes the checked summary's (ASCII: a number and a code).
 * Kept on the card while the rates (one snapshot for many searches) and the currency stay those it was written with.
 */
export function shownPriceJson(card: Card, currency: PriceCurrency, rates: Rates): string {
  const kept = card.shown;
  if (kept !== undefined && kept.rates === rates && kept.currency === currency) return kept.json;
  const shown = displayPrice(card.listed, currency, rates);
  const json = `{"amount":${JSON.stringify(shown.amount)},"currency":${JSON.stringify(shown.currency)}}`;
  card.shown = { rates, currency, json };
  return json;
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
export async function everyCard(db: Db, pageSize = 5_000): Promise<Map<string, Card>> {
  const cards = new Map<string, Card>();
  for (let after = ''; ; ) {
    const page = await readCards(db, undefined, { after, limit: pageSize });
    for (const [id, card] of page) cards.set(id, card);
    if (page.length < pageSize) return cards;
    after = page[page.length - 1]![0];
  }
}
