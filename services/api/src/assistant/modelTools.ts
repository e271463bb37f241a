import { z } from 'zod';
import type { Db } from '@autobest/db';
import {
  applyRate,
  ChatFilterSlotsSchema,
  describeContext,
  draftReply,
  EMPTY_CHAT_CONTEXT,
  FINANCE_TERMS_MONTHS,
  formatPlain,
  fromMajor,
  monthlyPayment,
  QUOTE_COUNTRIES,
  toMajor,
  toQuoteAnswer,
  type ChatContext,
  type ChatFilterSlots,
  type ChatVehicleCard,
  type ConversationState,
  type CurrencyCode,
  type DraftInput,
  type VehicleMatches,
  type GroundedAmount,
  type SiteLanguage,
} from '@autobest/domain';
import { HttpError } from '../http/errors';
import { displayPrice, listedPrice } from '../inventory/vehicleSummary';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { quoteVehicle, type LandedCostTableCache } from '../landedCost/quoting';
import type { VehicleMatcher } from './vehicleMatcher';

/**
 * The tools Tara's language model may call (issue 40.5): each runs our own code, read-only (set_preferences changes
 * only the turn's slots, which the decider records as the rules engine's are), and answers with our figures in the
 * visitor's currency. They are the model's only way to act: the hand-off tool only offers the buyer
 * the hand-off form (the buyer fills it, as without a model). What each answer names (cars, amounts) becomes what the
 * turn's reply may name.
 */

/** What a tool's answer grounds: the cars it names (with their pages) and the amounts it states. */
export interface ToolFacts {
  vehicles: Array<{ name: string; path: string }>;
  amounts: GroundedAmount[];
}

export interface ToolTurn {
  language: SiteLanguage;
  currency: CurrencyCode;
  /** The turn's slots and cards, which set_preferences changes. */
  slots: TurnSlots;
}

export type DraftedReply = ReturnType<typeof draftReply>;

/**
 * One turn as its slots stand: the rules engine's (`input`, its cards found for them), and after set_preferences the
 * model's merged in (`current`: what the model asked, what the rules engine made of it, the cards our matcher found).
 */
export interface TurnSlots {
  state: ConversationState;
  input: DraftInput;
  deliverTo: string | null;
  current: { modelSlots?: ChatFilterSlots; matches: VehicleMatches; draft: DraftedReply };
}

/** Cards as the model sees them: our names, pages and prices in the visitor's currency. */
export const cardsForModel = (cards: readonly ChatVehicleCard[], language: SiteLanguage) =>
  cards.map((card) => ({ id: card.id, name: card.name, year: card.year, category: card.category, price: money(card.price.amount, card.price.currency, language), page: card.path }));

export interface ModelTool {
  /** The OpenAI function definition the model sees. */
  definition: { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } };
  /** Runs with arguments the model wrote (not yet checked). */
  run(args: unknown, turn: ToolTurn): Promise<{ result: unknown; facts: ToolFacts }>;
}

const VehicleId = z.string().trim().min(1).max(200);
const money = (amount: number, currency: string, language: SiteLanguage) => ({ amount, currency, text: formatPlain(amount, currency, language) });

/** A tool from its zod arguments: the model sees their JSON Schema, and its arguments are checked with them. */
function tool<Args extends z.ZodObject>(name: string, description: string, args: Args, run: (args: z.output<Args>, turn: ToolTurn) => Promise<{ result: unknown; facts: ToolFacts }>): ModelTool {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(args) as Record<string, unknown>;
  return {
    definition: { type: 'function', function: { name, description, parameters } },
    async run(raw, turn) {
      const parsed = args.safeParse(raw);
      if (!parsed.success) return { result: { error: `invalid arguments: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}` }, facts: { vehicles: [], amounts: [] } };
      return run(parsed.data, turn);
    },
  };
}

const none: ToolFacts = { vehicles: [], amounts: [] };

export function taraModelTools({ db, matcher, rates, landedCost }: { db: Db; matcher: VehicleMatcher; rates: CatalogueRates; landedCost: LandedCostTableCache }): ModelTool[] {
  const countryOf = (currency: CurrencyCode) => QUOTE_COUNTRIES.find((candidate) => candidate.currency === currency)?.code ?? 'NG';
  const vehicleRow = (id: string) =>
    db
      .selectFrom('vehicles')
      .select(['id', 'name', 'year', 'category', 'condition', 'fuel_type', 'body_type', 'transmission', 'odometer_km', 'city', 'country', 'price_minor', 'price_currency', 'specifications'])
      .where('id', '=', id)
      .executeTakeFirst();

  return [
    tool(
      'search_inventory',
      "Finds listed vehicles that fit what the buyer wants; prices are in the buyer's currency. Only these vehicles (and the cards you were given) may be named.",
      ChatFilterSlotsSchema,
      async (slots, { language, currency }) => {
        const context: ChatContext = { ...EMPTY_CHAT_CONTEXT, ...slots };
        const matches = await matcher(context, currency);
        return {
          result: { fit: matches.kind, vehicles: cardsForModel(matches.vehicles, language) },
          facts: {
            vehicles: matches.vehicles.map((card) => ({ name: card.name, path: card.path })),
            // The cars' prices only: a budget the model searched with is its own figure, not one its reply may state.
            amounts: matches.vehicles.map((card) => ({ ...card.price, vehicle: card.name })),
          },
        };
      },
    ),
    tool('get_vehicle', "One listed vehicle's facts and price in the buyer's currency, by its id.", z.object({ id: VehicleId }), async ({ id }, { language, currency }) => {
      const row = await vehicleRow(id);
      if (!row) return { result: { error: 'no listed vehicle has this id' }, facts: none };
      const price = displayPrice(listedPrice(row), currency, (await rates()).rates);
      const path = `/vehicle/${encodeURIComponent(row.id)}`;
      return {
        result: {
          id: row.id,
          name: row.name,
          year: row.year,
          category: row.category,
          condition: row.condition,
          fuel: row.fuel_type,
          bodyType: row.body_type,
          transmission: row.transmission,
          odometerKm: row.odometer_km,
          city: row.city,
          country: row.country,
          price: money(price.amount, price.currency, language),
          specifications: row.specifications.slice(0, 12).map((specification) => ({ name: specification.name, value: specification.value })),
          page: path,
        },
        facts: { vehicles: [{ name: row.name, path }], amounts: [{ ...price, vehicle: row.name }] },
      };
    }),
    tool(
      'quote_landed_cost',
      "What a vehicle costs landed in the buyer's country (freight, duties, clearing, delivery to the city), in the buyer's currency, with the monthly finance figure.",
      z.object({ vehicleId: VehicleId, city: z.string().trim().min(1).max(60).optional() }),
      async ({ vehicleId, city }, { language, currency }) => {
        try {
          const { quote, vehicleName } = await quoteVehicle(landedCost, rates, vehicleId, { country: countryOf(currency), currency, city });
          const answer = toQuoteAnswer(quote);
          const path = `/vehicle/${encodeURIComponent(vehicleId)}`;
          const lines = answer.lines.map((line) => ({ label: line.label, amount: money(line.amount, answer.currency, language), ...(line.base === undefined ? {} : { base: money(line.base, answer.currency, language) }) }));
          return {
            result: {
              vehicle: vehicleName,
              city: answer.city,
              lines,
              total: money(answer.total, answer.currency, language),
              finance: { deposit: money(answer.finance.deposit, answer.currency, language), monthly: money(answer.finance.monthly, answer.currency, language), termMonths: answer.finance.termMonths, aprPercent: answer.finance.apr },
              page: path,
            },
            facts: {
              vehicles: [{ name: vehicleName, path }],
              amounts: [answer.total, answer.finance.deposit, answer.finance.monthly, ...answer.lines.flatMap((line) => [line.amount, ...(line.base === undefined ? [] : [line.base])])].map((amount) => ({
                amount,
                currency: answer.currency,
                vehicle: vehicleName,
              })),
            },
          };
        } catch (error) {
          // An unknown vehicle, or a country without a tariff: said to the model, which then has no figure to give.
          if (error instanceof HttpError) return { result: { error: error.message }, facts: none };
          throw error;
        }
      },
    ),
    tool(
      'finance',
      "The monthly payment of an amortised loan on a listed vehicle's price in the buyer's currency, at our APR.",
      z.object({
        vehicleId: VehicleId,
        depositPercent: z.number().min(0).max(100).optional().describe('The deposit as a share of the price; 20 when not given'),
        termMonths: z.union(FINANCE_TERMS_MONTHS.map((months) => z.literal(months)) as unknown as [z.ZodLiteral<number>, ...Array<z.ZodLiteral<number>>]).optional(),
      }),
      async ({ vehicleId, depositPercent, termMonths }, { language, currency }) => {
        const row = await vehicleRow(vehicleId);
        if (!row) return { result: { error: 'no listed vehicle has this id' }, facts: none };
        const { finance } = landedCost;
        const price = displayPrice(listedPrice(row), currency, (await rates()).rates);
        const priceMinor = fromMajor(price.amount, currency).amountMinor;
        // A share of a price, rounded to minor units as every money figure computed from a rate is (the quote's deposit too).
        const depositMinor = applyRate(priceMinor, depositPercent === undefined ? finance.depositShare : depositPercent / 100);
        const term = termMonths ?? finance.termMonths;
        const monthly = toMajor({ amountMinor: monthlyPayment({ priceMinor, depositMinor, aprPercent: finance.aprPercent, termMonths: term }), currency });
        const deposit = toMajor({ amountMinor: depositMinor, currency });
        const path = `/vehicle/${encodeURIComponent(row.id)}`;
        return {
          result: { vehicle: row.name, price: money(price.amount, currency, language), deposit: money(deposit, currency, language), monthly: money(monthly, currency, language), termMonths: term, aprPercent: finance.aprPercent, page: path },
          facts: { vehicles: [{ name: row.name, path }], amounts: [price, { amount: deposit, currency }, { amount: monthly, currency }].map((figure) => ({ ...figure, vehicle: row.name })) },
        };
      },
    ),
    tool(
      'set_preferences',
      "Sets what the buyer's message says about the car they need when the facts' 'understood' does not hold it yet (seats for a school run with friends, 4x4 for a bad road, electric with a range for a commute and charging at home). Give only the slots to set and leave the others out (none can be cleared). A slot the buyer's own words already set in this message stays as they said. Answers the cards that now fit, which replace the cards shown beside your reply.",
      ChatFilterSlotsSchema,
      async (slots, { language, currency, slots: turn }) => {
        const modelSlots = { ...turn.current.modelSlots, ...slots };
        const merged = draftReply(turn.state, { ...turn.input, modelSlots });
        const changed = merged.fromModel.applied.length > 0;
        const matches = changed ? await matcher(merged.understanding.context, currency, { deliverTo: turn.deliverTo }) : turn.input.matches;
        turn.current = { modelSlots, matches, draft: merged };
        const { context } = merged.understanding;
        return {
          result: {
            understood: describeContext(context, language) || null,
            changed: merged.fromModel.applied,
            keptAsTheBuyerSaid: merged.fromModel.kept.map((slot) => ({ slot, value: context[slot] })),
            cardsFit: matches.kind,
            cardsShownBesideYourReply: cardsForModel(matches.vehicles, language),
          },
          // The guards hold the reply to the turn's cards as they stand at its end (the last slots set), not to these.
          facts: none,
        };
      },
    ),
    tool('start_handoff', 'How the buyer reaches a person from our sales team. Call it when they ask for a person.', z.object({}), async () => ({
      result: { offered: true, note: "Under your reply the buyer sees 'Talk to a person', which opens a form for their name and phone or email; tell them so." },
      facts: none,
    })),
  ];
}
