import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@autobest/db';
import {
  convert,
  FALLBACK_RATES,
  fromMajor,
  PRICE_CURRENCY_CODES,
  toMajor,
  CHAT_FILTER_SLOTS,
  type ChatBodyType,
  type ChatContext,
  type ChatFilterSlot,
  type ChatFuel,
  type ChatVehicleCard,
  type CurrencyCode,
  type MatchKind,
  type PriceCurrency,
  type Rates,
  type VehicleMatches,
} from '@autobest/domain';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { cardImage, displayPrice, listedPrice } from '../inventory/vehicleSummary';

/** The cards of one reply: the 'Within Your Budget' pane shows them side by side. */
export const MAX_CARDS = 6;

/**
 * What each slot a buyer can set is in the catalogue's columns (vehicle_search's body type, fuel type, condition, year,
 * city, brand and range; the vehicle's Drivetrain and Seats specifications and its features). Convertibles have no body
 * type of their own in the catalogue, so none is ever of that type and Tara offers the closest without it. A car
 * whose record does not say it has more than five seats or four-wheel drive is not offered as having them.
 */
const BODY_FILTERS: Record<ChatBodyType, RawBuilder<boolean>> = {
  suv: sql`s.body_type = 'suv'`,
  sedan: sql`s.body_type = 'sedan'`,
  truck: sql`s.body_type in ('truck', 'pickup')`,
  pickup: sql`s.body_type = 'pickup'`,
  crossover: sql`s.body_type = 'crossover'`,
  hatchback: sql`s.body_type = 'hatchback'`,
  minivan: sql`s.body_type in ('minivan', 'van')`,
  coupe: sql`s.body_type = 'coupe'`,
  convertible: sql`false`,
};
const FUEL_FILTERS: Record<ChatFuel, RawBuilder<boolean>> = {
  petrol: sql`s.fuel_type = 'petrol'`,
  diesel: sql`s.fuel_type = 'diesel'`,
  hybrid: sql`s.fuel_type in ('hybrid', 'plug-in-hybrid')`,
  electric: sql`s.fuel_type = 'electric'`,
};
const specification = (names: string, value: RawBuilder<boolean>) =>
  sql<boolean>`exists (select 1 from jsonb_array_elements(v.specifications) spec where lower(spec->>'name') in (${sql.raw(names)}) and ${value})`;
const FOUR_BY_FOUR = specification(`'drivetrain', 'drive', 'drive type'`, sql`spec->>'value' ~* '4wd|awd|4x4|4matic|all[- ]wheel|four[- ]wheel|quattro|xdrive'`);
const SEAT_WORDS: Record<number, string> = { 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine' };

/** The filter each slot that is set puts on the cards (the budget's is built with the rates). */
function slotFilters(context: ChatContext, inBudget: RawBuilder<boolean> | null): Array<{ slot: ChatFilterSlot; where: RawBuilder<boolean> }> {
  const filters: Array<{ slot: ChatFilterSlot; where: RawBuilder<boolean> }> = [];
  if (context.bodyType) filters.push({ slot: 'bodyType', where: BODY_FILTERS[context.bodyType] });
  if (context.fuel) filters.push({ slot: 'fuel', where: FUEL_FILTERS[context.fuel] });
  if (context.drive) filters.push({ slot: 'drive', where: FOUR_BY_FOUR });
  if (context.seats) {
    const seats = context.seats;
    const stated = specification(`'seats', 'seating capacity', 'seating'`, sql`substring(spec->>'value' from '[0-9]+')::int >= ${seats}`);
    const word = SEAT_WORDS[seats];
    filters.push({
      slot: 'seats',
      where:
        seats <= 5
          ? sql<boolean>`s.body_type <> 'coupe'`
          : sql<boolean>`(${stated} or s.body_type in ('minivan', 'van') or v.features_text ~* ${`(^|[^0-9])(${seats}|${word ?? seats})[ -]seat`})`,
    });
  }
  if (context.minRangeKm) filters.push({ slot: 'minRangeKm', where: sql`s.ev_range_km >= ${context.minRangeKm}` });
  if (context.condition) filters.push({ slot: 'condition', where: context.condition === 'new' ? sql`s.condition = 'new'` : sql`s.condition in ('used', 'certified')` });
  if (context.minYear) filters.push({ slot: 'minYear', where: sql`s.year >= ${context.minYear}` });
  if (context.location) filters.push({ slot: 'location', where: sql`lower(s.city) = ${context.location.toLowerCase()}` });
  if (context.make) filters.push({ slot: 'make', where: sql`lower(s.brand) = ${context.make.toLowerCase()}` });
  if (inBudget) filters.push({ slot: 'budget', where: inBudget });
  return filters;
}

/** The Efficiency chip's order: electric first, petrol last. */
const EFFICIENCY: Record<string, { label: string; score: number }> = {
  electric: { label: 'Electric', score: 5 },
  'plug-in-hybrid': { label: 'Plug-in hybrid', score: 4 },
  hybrid: { label: 'Hybrid', score: 3 },
  diesel: { label: 'Diesel', score: 2 },
  petrol: { label: 'Petrol', score: 1 },
};

interface CardRow {
  tier: number;
  id: string;
  name: string;
  subtitle: string;
  year: number;
  category: string;
  price_minor: string | number;
  price_currency: string;
  images: Array<{ url: string; alt: string; isPrimary?: boolean }>;
  specifications: Array<{ name: string; value: string }>;
  fuel_type: string;
  rating: string | number;
  review_count: number;
}

/** "156 HP" (the catalogue's Power specification) is 156. */
const powerOf = (row: CardRow) => {
  const power = row.specifications.find((spec) => spec.name.toLowerCase() === 'power')?.value;
  const hp = power ? /(\d+(?:\.\d+)?)\s*(?:hp|ch|bhp)?/i.exec(power) : null;
  return hp ? Math.round(Number(hp[1])) : null;
};

function cardOf(row: CardRow, price: ChatVehicleCard['price']): ChatVehicleCard {
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    year: row.year,
    category: row.category,
    price,
    image: cardImage(row.images),
    efficiency: EFFICIENCY[row.fuel_type] ?? { label: row.fuel_type, score: 0 },
    powerHp: powerOf(row),
    rating: Number(row.rating),
    reviewCount: row.review_count,
    path: `/vehicle/${encodeURIComponent(row.id)}`,
  };
}

interface Tier {
  kind: MatchKind;
  /** The slot this tier lets go of. */
  relaxed: ChatFilterSlot | null;
  where: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
}

/** How many of the filters a car satisfies (a filter on a column the car leaves empty is not satisfied). */
const satisfied = (filters: ReadonlyArray<{ where: RawBuilder<boolean> }>) =>
  filters.length === 0 ? sql<number>`0` : sql<number>`(${sql.join(filters.map((filter) => sql`(case when ${filter.where} then 1 else 0 end)`), sql` + `)})`;
const all = (filters: ReadonlyArray<{ where: RawBuilder<boolean> }>) => (filters.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.join(filters.map((filter) => filter.where), sql` and `)}`);

/**
 * The tiers a context asks for, best first:
 *
 * - 'within-budget': every slot that is set (any car when none is);
 * - then, for each slot that is set, the cars that satisfy all the others: the reply shows each of these that finds
 *   any ('relaxed'), or says the one it is ('other-type' when only the type or fuel, 'cheaper-than-asked' when only
 *   the budget is let go: the cheapest of what fits, the closest above the budget);
 * - when no single slot let go finds a car ('closest'), the cars that satisfy the most slots, never a car that
 *   satisfies fewer than another left out.
 *
 * Fuel economy orders the cards most efficient first, luxury dearest first; within a budget the closest to it first
 * (the most car the budget buys); otherwise the best rated first.
 */
function tiersFor(context: ChatContext, inBudget: RawBuilder<boolean> | null): Tier[] {
  const filters = slotFilters(context, inBudget);
  const cheapestFirst = sql`s.price_usd_cents asc, s.id`;
  const dearestFirst = sql`s.price_usd_cents desc, s.id`;
  const bestRated = sql`s.rating desc, s.id`;
  const efficientFirst = sql`(case s.fuel_type when 'electric' then 0 when 'plug-in-hybrid' then 1 when 'hybrid' then 2 when 'diesel' then 3 else 4 end), s.price_usd_cents asc, s.id`;
  const order = context.priority === 'economy' ? efficientFirst : context.priority === 'luxury' || inBudget ? dearestFirst : bestRated;
  return [
    { kind: 'within-budget', relaxed: null, where: all(filters), order },
    ...filters.map(({ slot }): Tier => ({
      kind: 'relaxed',
      relaxed: slot,
      where: all(filters.filter((filter) => filter.slot !== slot)),
      order: slot === 'budget' ? cheapestFirst : order,
    })),
    { kind: 'closest', relaxed: null, where: sql`true`, order: sql`${satisfied(filters)} desc, ${inBudget ? cheapestFirst : bestRated}` },
  ];
}

/** A context asks for cards once it names a slot that rules cars out (a family's five seats alone do not) or a priority. */
const asksForCards = (context: ChatContext) =>
  context.priority !== null || CHAT_FILTER_SLOTS.some((slot) => (slot === 'seats' ? (context.seats ?? 0) > 5 : context[slot] !== null));

/** Finds the vehicles Tara shows for what a conversation understood. */
/** `deliverTo`: the city a delivery question names, which the landed quote is for when the country has charges for it. */
export type VehicleMatcher = (context: ChatContext, visitorCurrency: CurrencyCode, options?: { deliverTo?: string | null }) => Promise<VehicleMatches>;

/**
 * Tara's cards come from the catalogue as it is, never from her words: listed vehicles (the `vehicles` read model
 * holds listed ones only) found on vehicle_search by type and by price, with prices converted at the current rates in
 * integer minor units. vehicle_search keeps each price in USD cents at the fallback rates (its facets need a fixed
 * scale), so the price index is scanned up to a bound loose enough for any currency's drift from those rates, and each
 * row is held to the budget exactly in the budget's currency; every tier is one indexed LIMIT query, all in one
 * statement (the closest, which scores every car, in a second one, only when no other tier finds any). Each card shows its price in the visitor's currency, as the vehicle page and the search cards do; when the
 * budget is in another currency, what each card costs in it comes along so the reply can write both.
 */
export function vehicleMatcher(db: Db, rates: CatalogueRates): VehicleMatcher {
  return async (context, visitorCurrency) => {
    if (!asksForCards(context)) return { kind: 'not-asked', vehicles: [], rates: null };
    const snapshot = await rates();
    const table: Rates = snapshot.rates;
    const budgetCurrency: PriceCurrency | null = context.budget?.currency ?? null;

    let inBudget: RawBuilder<boolean> | null = null;
    let budgetMinor = Infinity;
    if (context.budget) {
      const budget = fromMajor(context.budget.amount, context.budget.currency);
      budgetMinor = budget.amountMinor;
      const budgetUsdCents = convert(budget, 'USD', table).amountMinor;
      // A price listed in currency c costs price_usd_cents × fallback(c) / current(c) in USD today.
      const drift = Math.max(1, ...PRICE_CURRENCY_CODES.map((code) => (code === 'USD' ? 1 : table[code]! / FALLBACK_RATES[code])));
      const looseBound = Math.ceil(budgetUsdCents * drift * 1.001) + 1;
      // Minor units of the listed currency to minor units of the budget's, at today's rates.
      const factors = PRICE_CURRENCY_CODES.map(
        (code) => sql`when ${code} then ${convert({ amountMinor: 1_000_000, currency: code }, context.budget!.currency, table).amountMinor / 1_000_000}::float8`,
      );
      inBudget = sql<boolean>`s.price_usd_cents <= ${looseBound} and v.price_minor * (case v.price_currency ${sql.join(factors, sql` `)} end) <= ${budgetMinor + 1}`;
    }

    const tiers = tiersFor(context, inBudget);
    const select = (tier: Tier, index: number) => sql<CardRow>`(
        select ${index}::int as tier, v.id, v.name, v.subtitle, v.year, v.category, v.price_minor, v.price_currency, v.images, v.specifications,
               v.fuel_type, v.rating, v.review_count
        from vehicle_search s join vehicles v on v.id = s.id
        where ${tier.where}
        order by ${tier.order}
        limit ${MAX_CARDS})`;
    const pick = (tier: Tier, rows: readonly CardRow[]) =>
      rows
        .map((row) => {
          const listed = listedPrice(row);
          return { row, listed, inBudgetCurrency: budgetCurrency ? convert(listed, budgetCurrency, table) : null };
        })
        // Held to the budget exactly in the budget's currency, at today's rates (unless this tier lets the budget go).
        .filter(({ inBudgetCurrency }) => tier.kind === 'closest' || tier.relaxed === 'budget' || inBudgetCurrency === null || inBudgetCurrency.amountMinor <= budgetMinor);
    // Every tier but the closest in one statement, each an indexed LIMIT query; the closest scores every car, so it runs only when needed.
    const indexed = tiers.filter((tier) => tier.kind !== 'closest');
    const { rows } = await sql<CardRow>`${sql.join(indexed.map(select), sql` union all `)}`.execute(db);
    const found = indexed.map((tier, index) => pick(tier, rows.filter((row) => row.tier === index)));
    const answer = (kind: MatchKind, picked: typeof found[number], relaxed?: Array<{ slot: ChatFilterSlot; ids: string[] }>): VehicleMatches => {
      const vehicles = picked.map(({ row, listed }) => cardOf(row, displayPrice(listed, visitorCurrency, table)));
      const inBudgetCurrency =
        budgetCurrency && budgetCurrency !== visitorCurrency
          ? Object.fromEntries(picked.map(({ row, inBudgetCurrency: price }) => [row.id, { amount: toMajor(price!), currency: budgetCurrency }]))
          : null;
      const wasConverted = picked.some(({ listed }) => listed.currency !== visitorCurrency || (budgetCurrency !== null && listed.currency !== budgetCurrency));
      return {
        kind,
        vehicles,
        inBudgetCurrency,
        rates: wasConverted ? { source: snapshot.source, timestamp: snapshot.timestamp } : null,
        ...(relaxed ? { relaxed: relaxed.map(({ slot, ids }) => ({ slot, vehicles: vehicles.filter((vehicle) => ids.includes(vehicle.id)) })) } : {}),
      };
    };
    if (found[0]!.length > 0) return answer('within-budget', found[0]!);
    const relaxations = indexed.flatMap((tier, index) => (tier.relaxed && found[index]!.length > 0 ? [{ slot: tier.relaxed, found: found[index]! }] : []));
    if (relaxations.length === 1) {
      // One slot let go finds cars: said as the budget below every car, or the closest of other types, as before.
      const [{ slot, found: cars }] = relaxations as [(typeof relaxations)[number]];
      if (slot === 'budget') return answer('cheaper-than-asked', cars);
      if (slot === 'bodyType' || slot === 'fuel') return answer('other-type', cars);
    }
    if (relaxations.length > 0) {
      // A few of each, every car once: the cards of each slot let go.
      const each = Math.max(2, Math.floor(MAX_CARDS / relaxations.length));
      const picked: typeof found[number] = [];
      const relaxed = relaxations.map(({ slot, found: cars }) => {
        const ids: string[] = [];
        for (const car of cars) {
          if (ids.length >= each || picked.length >= MAX_CARDS) break;
          if (!picked.some((other) => other.row.id === car.row.id)) picked.push(car);
          ids.push(car.row.id);
        }
        return { slot, ids };
      });
      return answer('relaxed', picked, relaxed);
    }
    const closest = tiers.at(-1)!;
    const last = pick(closest, (await select(closest, 0).execute(db)).rows);
    if (last.length > 0) return answer(closest.kind, last);
    return { kind: 'none', vehicles: [], rates: null };
  };
}
