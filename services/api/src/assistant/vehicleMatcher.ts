import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@autobest/db';
import {
  convert,
  FALLBACK_RATES,
  fromMajor,
  PRICE_CURRENCY_CODES,
  toMajor,
  type ChatContext,
  type ChatVehicleCard,
  type ChatVehicleType,
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

/** Priced at least this (USD cents, as vehicle_search keeps prices), a car counts as luxury beside the Luxury collection. */
const LUXURY_FROM_USD_CENTS = 40_000_00;

/**
 * What each kind of vehicle a buyer can ask for is in the catalogue's columns (vehicle_search's body type, fuel type
 * and collections). Convertibles have no body type of their own in the catalogue, so none is ever of that type and
 * Tara offers other types. 'economy' is any car, cheapest first; 'luxury' the Luxury collection or a top price, dearest
 * first.
 */
const TYPE_FILTERS: Record<ChatVehicleType, RawBuilder<boolean>> = {
  suv: sql`s.body_type = 'suv'`,
  sedan: sql`s.body_type = 'sedan'`,
  truck: sql`s.body_type in ('truck', 'pickup')`,
  pickup: sql`s.body_type = 'pickup'`,
  crossover: sql`s.body_type = 'crossover'`,
  hatchback: sql`s.body_type = 'hatchback'`,
  minivan: sql`s.body_type in ('minivan', 'van')`,
  coupe: sql`s.body_type = 'coupe'`,
  convertible: sql`false`,
  electric: sql`s.fuel_type = 'electric'`,
  hybrid: sql`s.fuel_type in ('hybrid', 'plug-in-hybrid')`,
  luxury: sql`(s.collections @> array['luxury'] or s.price_usd_cents >= ${LUXURY_FROM_USD_CENTS})`,
  economy: sql`true`,
};

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
  where: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
}

/**
 * The tiers a context asks for, best first; the reply shows the first that finds any vehicle:
 *
 * - 'within-budget': of the asked type and within the budget (any type when none was asked; any price when no budget
 *   was given);
 * - 'other-type': within the budget but of another type, when nothing of the asked type is (the budget is what
 *   a buyer cannot stretch, so it is kept before the type);
 * - 'cheaper-than-asked': the budget is below every car that fits: the cheapest of the asked type (then the cheapest
 *   of any type), the closest above the budget. The reply says that the budget is lower than these prices.
 * - 'none' when the catalogue has nothing at all, and 'not-asked' (no query) while neither budget nor type is known.
 */
function tiersFor(context: ChatContext, inBudget: RawBuilder<boolean> | null): Tier[] {
  const type = context.preferredVehicleType;
  const ofType = type ? TYPE_FILTERS[type] : sql<boolean>`true`;
  const cheapestFirst = sql`s.price_usd_cents asc, s.id`;
  const dearestFirst = sql`s.price_usd_cents desc, s.id`;
  // Within a budget the closest to it first (the most car the budget buys); economy cheapest first.
  const withinOrder = type === 'economy' ? cheapestFirst : dearestFirst;
  if (!inBudget) {
    // A type only: the best rated of it, then the best rated of the others.
    const bestRated = sql`s.rating desc, s.id`;
    return [
      { kind: 'within-budget', where: ofType, order: type === 'economy' ? cheapestFirst : type === 'luxury' ? dearestFirst : bestRated },
      { kind: 'other-type', where: sql`true`, order: bestRated },
    ];
  }
  return [
    { kind: 'within-budget', where: sql`${ofType} and ${inBudget}`, order: withinOrder },
    ...(type ? [{ kind: 'other-type' as const, where: inBudget, order: dearestFirst }, { kind: 'cheaper-than-asked' as const, where: ofType, order: cheapestFirst }] : []),
    { kind: 'cheaper-than-asked', where: sql`true`, order: cheapestFirst },
  ];
}

/** Finds the vehicles Tara shows for what a conversation understood. */
export type VehicleMatcher = (context: ChatContext, visitorCurrency: CurrencyCode) => Promise<VehicleMatches>;

/**
 * Tara's cards come from the catalogue as it is, never from her words: listed vehicles (the `vehicles` read model
 * holds listed ones only) found on vehicle_search by type and by price, with prices converted at the current rates in
 * integer minor units. vehicle_search keeps each price in USD cents at the fallback rates (its facets need a fixed
 * scale), so the price index is scanned up to a bound loose enough for any currency's drift from those rates, and each
 * row is held to the budget exactly in the budget's currency; every tier is one indexed LIMIT query, all in one
 * statement. Each card shows its price in the visitor's currency, as the vehicle page and the search cards do; when the
 * budget is in another currency, what each card costs in it comes along so the reply can write both.
 */
export function vehicleMatcher(db: Db, rates: CatalogueRates): VehicleMatcher {
  return async (context, visitorCurrency) => {
    if (!context.budget && !context.preferredVehicleType) return { kind: 'not-asked', vehicles: [], rates: null };
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
    const selects = tiers.map(
      (tier, index) => sql`(
        select ${index}::int as tier, v.id, v.name, v.subtitle, v.year, v.category, v.price_minor, v.price_currency, v.images, v.specifications,
               v.fuel_type, v.rating, v.review_count
        from vehicle_search s join vehicles v on v.id = s.id
        where ${tier.where}
        order by ${tier.order}
        limit ${MAX_CARDS})`,
    );
    const { rows } = await sql<CardRow>`${sql.join(selects, sql` union all `)}`.execute(db);

    for (const [index, tier] of tiers.entries()) {
      const found = rows
        .filter((row) => row.tier === index)
        .map((row) => {
          const listed = listedPrice(row);
          return { row, listed, inBudgetCurrency: budgetCurrency ? convert(listed, budgetCurrency, table) : null };
        })
        // Held to the budget exactly in the budget's currency, at today's rates.
        .filter(({ inBudgetCurrency }) => tier.kind === 'cheaper-than-asked' || inBudgetCurrency === null || inBudgetCurrency.amountMinor <= budgetMinor);
      if (found.length === 0) continue;
      const vehicles = found.map(({ row, listed }) => cardOf(row, displayPrice(listed, visitorCurrency, table)));
      const inBudgetCurrency =
        budgetCurrency && budgetCurrency !== visitorCurrency
          ? Object.fromEntries(found.map(({ row, inBudgetCurrency: price }) => [row.id, { amount: toMajor(price!), currency: budgetCurrency }]))
          : null;
      const wasConverted = found.some(({ listed }) => listed.currency !== visitorCurrency || (budgetCurrency !== null && listed.currency !== budgetCurrency));
      return { kind: tier.kind, vehicles, inBudgetCurrency, rates: wasConverted ? { source: snapshot.source, timestamp: snapshot.timestamp } : null };
    }
    return { kind: 'none', vehicles: [], rates: null };
  };
}
