import { formatPlain } from '../money/money';
import { RESERVATION_DEPOSIT_NGN } from '../inventory/reservation';
import type { SiteLanguage } from '../platform/languages';
import type { ChatCitation, ChatContext, ChatReply, ChatStage, ChatVehicleCard, TaraTopic } from './contracts';
import type { ChatFilterSlot } from './slots';
import type { ChatNeed, Understanding } from './understanding';
import type { CardSort, KnowledgeTopic, QuestionTopic } from './vocabulary';
import { DEFAULT_APR_PERCENT, DEFAULT_DEPOSIT_SHARE, FINANCE_TERMS_MONTHS } from '../money/finance';
import ar from './wording/ar.json';
import en from './wording/en.json';
import fr from './wording/fr.json';
import sw from './wording/sw.json';

export { CHAT_FAILURE_MESSAGE } from './failure';
export { KNOWLEDGE_TOPICS, type KnowledgeTopic } from './vocabulary';

/**
 * What Tara says, in English, French, Arabic and Swahili. Grounded: a reply names only the vehicles it is given
 * (`matches.vehicles`, real listed cars the API found) and says plainly when they are not what was asked. Pure and
 * browser-safe (no zod): the widget may import `describeContext`, `firstSuggestionsFor` and `sortCards` from here.
 */

/**
 * How the cards of a reply relate to what the buyer asked: Tara says which, and never names another car.
 * - within-budget: they match what was asked (type and budget);
 * - cheaper-than-asked: the budget is below every car that fits; these are the cheapest, priced above the budget;
 * - other-type: none of the asked type within the budget; these are the closest of other types;
 * - none: nothing to offer (the cards are empty);
 * - not-asked: no search yet (too little understood); the cards are empty or a first pick.
 * - relaxed: nothing satisfies every slot; for each slot that, let go, finds cars, the closest cars without it.
 * - closest: nothing satisfies every slot but one either; the cars that satisfy the most of them.
 */
export type MatchKind = 'within-budget' | 'cheaper-than-asked' | 'other-type' | 'relaxed' | 'closest' | 'none' | 'not-asked';

export interface VehicleMatches {
  kind: MatchKind;
  /** Real listed vehicles, prices in the visitor's currency (as the vehicle page shows them). */
  vehicles: ChatVehicleCard[];
  /** With 'relaxed': each slot that, let go, finds cars, with those cars (all of them among `vehicles`). */
  relaxed?: Array<{ slot: ChatFilterSlot; vehicles: ChatVehicleCard[] }> | null;
  /**
   * What each card costs in the budget's currency at the same rates, by card id, when the budget is in another
   * currency than the cards ("Budget $25K" on a naira page): the reply writes both, so a price is never set against
   * the budget in another currency unsaid. Absent or null when the cards are in the budget's currency (or no budget).
   */
  inBudgetCurrency?: Readonly<Record<string, { amount: number; currency: string }>> | null;
  /** The rate snapshot the prices were converted with, when any was converted (to the budget's or the visitor's currency). */
  rates: { source: string; timestamp: string } | null;
  /**
   * What the first car costs landed in the buyer's country, from the same calculation as its page's price list and
   * `GET /api/vehicles/{id}/quote` (amounts in major units of `currency`); absent when it could not be computed.
   */
  landed?: LandedSummary | null;
}

export interface LandedSummary {
  vehicle: string;
  path: string;
  city: string;
  currency: string;
  total: number;
  deposit: number;
  monthly: number;
  termMonths: number;
  apr: number;
}

/** A knowledge-base answer in the reply's language (English when the language has none yet), and what it rests on. */
export interface KnowledgeAnswer {
  text: string;
  citation: ChatCitation;
}
export type KnowledgeAnswers = Partial<Record<KnowledgeTopic, KnowledgeAnswer>>;

export interface ReplyInput {
  /** The staff's answers for the reply's language; without them, those questions go to a specialist. */
  knowledge?: KnowledgeAnswers | undefined;
  language: SiteLanguage;
  stage: ChatStage;
  understanding: Understanding;
  matches: VehicleMatches;
  /** Tara's previous words in the conversation (greeting or reply): this reply starts differently. */
  previous?: string | null;
  /** How many buyer messages came before: the openings take turns. */
  turn?: number;
}

export interface ChatSuggestion {
  label: string;
  text: string;
  /** 'handoff': the widget opens the hand-off form instead of sending the text (asking Tara for a person). */
  action?: 'handoff';
}

export interface ComposedReply extends ChatReply {
  suggestions: ChatSuggestion[];
}

type SuggestionKey = 'budget' | 'suvs' | 'efficient' | 'cheaper' | 'financing' | 'person' | 'tradeIn';

/**
 * What Tara says in one language: the data files wording/{en,fr,ar,sw}.json, each with every text of the English one.
 * A `{name}` in a text is filled in (`fill`): {topic} in greetingAbout, {parts} in understood, {list} in the card
 * sentences and reserveWhere, {type} in otherType, {slot} in relaxedLine, {deposit} and {where} in pricing, {car},
 * {city}, {total}, {deposit}, {monthly}, {months}, {apr} and {path} in landed, and so on as each text names them.
 * `understood` takes turns as openings; `connectives` go before a reply that would start as the previous one did;
 * `specialist` answers a question Tara has no answer for yet.
 */
type Wording = typeof en;
const WORDING: Record<SiteLanguage, Wording> = { en, fr, ar, sw };

/** A text with its `{name}`s filled in. */
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

const suggestion = (language: SiteLanguage, key: SuggestionKey): ChatSuggestion => {
  const text = WORDING[language].suggestions[key];
  return key === 'person' ? { label: text, text, action: 'handoff' } : { label: text, text };
};

/** The spec's three quick replies ('Budget $25K', 'Show me SUVs', 'Fuel-efficient cars'), in English. */
export const FIRST_SUGGESTIONS: ChatSuggestion[] = (['budget', 'suvs', 'efficient'] as const).map((key) => suggestion('en', key));

/** The spec's three quick replies in the visitor's language: the suggestions under the greeting. */
export const firstSuggestionsFor = (language: SiteLanguage): ChatSuggestion[] => (['budget', 'suvs', 'efficient'] as const).map((key) => suggestion(language, key));

export function greetingFor(language: SiteLanguage, topic?: TaraTopic): string {
  const wording = WORDING[language];
  return topic ? fill(wording.greetingAbout, { topic: wording.type[topic] }) : wording.greeting;
}

/** What Tara understood, as the buyer reads it, slot by slot: budget, usage, type first, then the rest. */
function contextParts(context: ChatContext, language: SiteLanguage): Record<ChatNeed, string | null> & { rest: string[] } {
  const wording = WORDING[language];
  const type = context.preferredVehicleType;
  const rest = [
    // An electric or hybrid car's one-word type is its fuel: its body type ("electric car, pickup") is said beside it.
    context.bodyType && context.bodyType !== type ? wording.type[context.bodyType] : null,
    context.fuel && context.fuel !== type ? wording.fuel[context.fuel] : null,
    context.drive ? wording.drive4x4 : null,
    // Five seats go without saying for a family car.
    context.seats && context.seats > 5 ? fill(wording.seats, { count: context.seats }) : null,
    context.minRangeKm ? fill(wording.range, { km: context.minRangeKm }) : null,
    context.condition ? wording.condition[context.condition] : null,
    context.minYear ? fill(wording.minYear, { year: context.minYear }) : null,
    context.make,
    context.location ? fill(wording.location, { city: context.location }) : null,
    context.priority && context.priority !== type ? wording.priority[context.priority] : null,
  ].filter((part): part is string => part !== null);
  return {
    budget: context.budget ? fill(wording.budgetUpTo, { amount: formatPlain(context.budget.amount, context.budget.currency, language) }) : null,
    usage: context.usage ? wording.usage[context.usage] : null,
    type: type ? wording.type[type] : null,
    rest,
  };
}

/** The slots beyond budget, use and type ("diesel, 4x4 or AWD, 7+ seats"), for the widget's chip; empty when none is set. */
export const describeDetails = (context: ChatContext, language: SiteLanguage): string => contextParts(context, language).rest.join(WORDING[language].listSeparator);

/** The understood context in one line ("budget up to ₦30,000,000, for the family, SUV, diesel"); empty when nothing is known. */
export function describeContext(context: ChatContext, language: SiteLanguage, cleared: readonly ChatNeed[] = []): string {
  const labels = contextParts(context, language);
  const parts = (['budget', 'usage', 'type'] as const).map((need) => labels[need] ?? (cleared.includes(need) ? WORDING[language].cleared[need] : null));
  return [...parts.filter((part): part is string => part !== null), ...labels.rest].join(WORDING[language].listSeparator);
}

/** The cards in the order a sort chip (or a buyer's "cheapest first") asks for; ties keep their order. */
export function sortCards(cards: readonly ChatVehicleCard[], sort: CardSort): ChatVehicleCard[] {
  const key: Record<CardSort, (card: ChatVehicleCard) => number> = {
    price: (card) => card.price.amount,
    power: (card) => -(card.powerHp ?? 0),
    efficiency: (card) => -card.efficiency.score,
    popularity: (card) => -card.reviewCount,
  };
  return [...cards].sort((a, b) => key[sort](a) - key[sort](b));
}

export function missingNeeds(context: ChatContext): ChatNeed[] {
  const missing: ChatNeed[] = [];
  if (!context.budget) missing.push('budget');
  if (!context.usage) missing.push('usage');
  if (!context.preferredVehicleType) missing.push('type');
  return missing;
}

const citationsOf = ({ vehicles, rates }: VehicleMatches, pages: ChatCitation[]): ChatCitation[] => [
  ...vehicles.map((vehicle) => ({ source: vehicle.path, label: vehicle.name })),
  ...pages,
  ...(rates ? [{ source: `rates:${rates.source}@${rates.timestamp}`, label: 'Exchange rates' }] : []),
];

/** The first words of a text, folded, to compare how two replies start. */
const openingOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,.:;!?،؛]+/u)
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');

/**
 * What Tara answers to the questions of a message from what the product knows: the landed quote of the first card
 * (delivery to the city, landed cost, the monthly figure), the finance terms, and the staff's knowledge base. Each
 * answer cites what it rests on; `unanswered` says a question is left for a specialist.
 */
function answerQuestions(
  questions: readonly QuestionTopic[],
  {
    language,
    matches,
    knowledge = {},
    landedSaid,
    deliverTo,
    withPricing,
  }: { language: SiteLanguage; matches: VehicleMatches; knowledge?: KnowledgeAnswers | undefined; landedSaid: boolean; deliverTo?: string | undefined; withPricing: boolean },
): { parts: string[]; citations: ChatCitation[]; unanswered: boolean } {
  const wording = WORDING[language];
  const parts: string[] = [];
  const citations: ChatCitation[] = [];
  let unanswered = false;
  const landed = matches.landed;
  const money = (amount: number) => formatPlain(amount, landed!.currency, language);
  let landedDone = landedSaid;
  const sayLanded = () => {
    if (landedDone || !landed) return;
    landedDone = true;
    parts.push(landedText(language, landed));
    citations.push({ source: landed.path, label: landed.vehicle });
  };
  const fromKnowledge = (topic: KnowledgeTopic) => {
    const answer = knowledge[topic];
    if (!answer) return false;
    parts.push(answer.text);
    citations.push(answer.citation);
    return true;
  };
  for (const topic of questions) {
    switch (topic) {
      case 'delivery': {
        const byQuote = landed !== null && landed !== undefined;
        if (byQuote) {
          // A city without destination charges is quoted to the country's main city, and the reply says so: never "we deliver to Lagos" to a buyer who asked for Kaduna.
          // A question that names no city we know ("una dey deliver?", a town we have no name for) gets the main city as an example.
          const template = deliverTo === undefined ? wording.answers.deliveryNoCity : deliverTo.toLowerCase() === landed.city.toLowerCase() ? wording.answers.delivery : wording.answers.deliveryElsewhere;
          parts.push(fill(template, { asked: deliverTo ?? landed.city, city: landed.city, car: landed.vehicle, total: money(landed.total), path: landed.path }));
          citations.push({ source: landed.path, label: landed.vehicle });
        }
        if (!fromKnowledge('delivery') && !byQuote) unanswered = true;
        break;
      }
      case 'landed-cost':
        if (landed) sayLanded();
        else if (!landedDone) {
          landedDone = true;
          parts.push(wording.answers.landedAsk);
        }
        break;
      case 'finance':
        if (landed) sayLanded();
        else {
          parts.push(fill(wording.answers.financeTerms, { apr: DEFAULT_APR_PERCENT, from: FINANCE_TERMS_MONTHS[0], to: FINANCE_TERMS_MONTHS[FINANCE_TERMS_MONTHS.length - 1]!, share: Math.round(DEFAULT_DEPOSIT_SHARE * 100) }));
          citations.push({ source: '/inventory', label: wording.answers.financeCitation });
        }
        break;
      case 'documents':
      case 'inspection':
      case 'warranty':
        if (!fromKnowledge(topic)) unanswered = true;
        break;
      // Asked alone, trade-in and sell-car each get their own answer; beside the pricing reply, it names both pages.
      case 'trade-in':
      case 'sell-car': {
        if (withPricing) break;
        const page = topic === 'trade-in' ? { text: wording.answers.tradeIn, source: '/trade-in', label: wording.pages.tradeIn } : { text: wording.answers.sellCar, source: '/sell-car', label: wording.pages.sellCar };
        parts.push(page.text);
        citations.push({ source: page.source, label: page.label });
        break;
      }
      // reservation: the pricing reply names the deposit and how.
      default:
        break;
    }
  }
  return { parts, citations, unanswered };
}

const landedText = (language: SiteLanguage, landed: LandedSummary) => {
  const money = (amount: number) => formatPlain(amount, landed.currency, language);
  return fill(WORDING[language].landed, { car: landed.vehicle, city: landed.city, total: money(landed.total), deposit: money(landed.deposit), monthly: money(landed.monthly), months: landed.termMonths, apr: landed.apr, path: landed.path });
};

/** The questions the pricing reply answers (the deposit and how to reserve, the trade-in and sell-car pages, finance). */
const PAYING_TOPICS: ReadonlySet<QuestionTopic> = new Set(['finance', 'trade-in', 'sell-car', 'reservation']);

export function composeReply({ language, stage, understanding, matches, previous = null, turn = 0, knowledge }: ReplyInput): ComposedReply {
  const wording = WORDING[language];
  const { context, said, sort, wantsPerson, asksPricing, asksOther } = understanding;
  const questions = understanding.questions ?? [];
  const cleared = understanding.cleared ?? [];
  const vehicles = sort ? sortCards(matches.vehicles, sort) : matches.vehicles;
  const priceOf = (vehicle: ChatVehicleCard) => {
    const price = formatPlain(vehicle.price.amount, vehicle.price.currency, language);
    const inBudget = matches.inBudgetCurrency?.[vehicle.id];
    return inBudget && inBudget.currency !== vehicle.price.currency ? fill(wording.priceAndBudgetCurrency, { price, inBudgetCurrency: formatPlain(inBudget.amount, inBudget.currency, language) }) : price;
  };
  const listOf = (cards: readonly ChatVehicleCard[]) => cards.map((vehicle) => `${vehicle.year} ${vehicle.name} (${priceOf(vehicle)})`).join(wording.listSeparator);
  const list = listOf(vehicles);
  const saidNeeds = Object.keys(said).length > 0 || cleared.length > 0;
  // A question Tara cannot answer yet gets a specialist, never the qualification questions back.
  // "how much to clear am?" asks about landing a car, not about paying for it: the answer, without the pricing reply.
  // "Can I trade in my car?" asks about the trade-in, not how to pay for the next one: its answer, without the pricing reply.
  const selling = questions.length > 0 && questions.every((topic) => topic === 'trade-in' || topic === 'sell-car');
  const asksPaying = asksPricing && !selling && (questions.length === 0 || questions.some((topic) => PAYING_TOPICS.has(topic)));
  const questionFirst = (asksOther || selling) && !asksPaying && !wantsPerson;
  const pricingFirst = !questionFirst && (asksPaying || (stage === 'pricing-options' && !saidNeeds && !sort && !wantsPerson));
  const missing = missingNeeds(context);
  const deposit = formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', language);
  const parts: string[] = [];

  if (wantsPerson) parts.push(wording.person);
  // The questions first, answered from what the product knows; what it does not know goes to a specialist.
  const answered = answerQuestions(questions, { language, matches, knowledge, landedSaid: false, deliverTo: understanding.deliverTo, withPricing: asksPaying });
  if (questionFirst || asksPaying) parts.push(...answered.parts);
  if (questionFirst && (answered.unanswered || answered.parts.length === 0)) parts.push(answered.parts.length > 0 ? wording.answers.specialistRest : wording.specialist);
  // Summed up only when this message changed it; the openings take turns, never the one the last reply began with.
  const understood = describeContext(context, language, cleared);
  const sumUp = () => {
    const variants = wording.understood.map((variant) => fill(variant, { parts: understood }));
    const pick = variants.map((_, offset) => variants[(turn + offset) % variants.length]!).find((variant) => !previous || openingOf(variant) !== openingOf(previous));
    parts.push(pick ?? variants[turn % variants.length]!);
  };
  if (understood && (understanding.changed || cleared.length > 0)) sumUp();
  // Said plainly whenever the cards are not what was asked, even in a reply about paying.
  const inexact = matches.kind === 'none' || matches.kind === 'cheaper-than-asked' || matches.kind === 'other-type' || matches.kind === 'relaxed' || matches.kind === 'closest';
  const showCards = !(pricingFirst || questionFirst) || saidNeeds || sort || inexact;
  if (showCards) {
    if (sort && vehicles.length > 1) parts.push(wording.sorted[sort]);
    if (vehicles.length > 0) {
      if (matches.kind === 'relaxed' && matches.relaxed && matches.relaxed.length > 0) {
        parts.push(wording.relaxedIntro, ...matches.relaxed.map(({ slot, vehicles: found }) => fill(wording.relaxedLine, { slot: wording.slotName[slot], list: listOf(sort ? sortCards(found, sort) : found) })));
      } else if (matches.kind === 'closest') parts.push(fill(wording.closest, { list }));
      else if (matches.kind === 'cheaper-than-asked') parts.push(fill(wording.cheaperThanAsked, { list }));
      else if (matches.kind === 'other-type' || matches.kind === 'relaxed') parts.push(context.preferredVehicleType ? fill(wording.otherType, { type: wording.type[context.preferredVehicleType], list }) : fill(wording.otherTypeAny, { list }));
      else if (matches.kind === 'not-asked') parts.push(fill(wording.firstPick, { list }));
      else parts.push(fill(wording.withinBudget, { list }));
    } else if (inexact) parts.push(wording.none);
  }
  // Both pricing replies name the trade-in and sell-car pages.
  const pages = pricingFirst || stage === 'pricing-options' ? [{ source: '/trade-in', label: wording.pages.tradeIn }, { source: '/sell-car', label: wording.pages.sellCar }] : [];
  if (pricingFirst) {
    const where = vehicles.length > 0 ? fill(wording.reserveWhere, { list: vehicles.slice(0, 3).map((vehicle) => `${vehicle.year} ${vehicle.name}: ${vehicle.path}`).join(wording.listSeparator) }) : wording.reserveAnyPage;
    const pricing = fill(wording.pricing, { deposit, where });
    const short = fill(wording.pricingShort, { deposit });
    // A "thanks" or an "ok" right after the pricing reply gets its short form: a person does not say it all again.
    const saidBefore = !asksPaying && previous !== null && (previous.includes(pricing) || previous.includes(short));
    parts.push(saidBefore ? short : pricing);
    const landed = matches.landed;
    if (!saidBefore && landed && !answered.citations.some((citation) => citation.source === landed.path)) parts.push(landedText(language, landed));
  } else if (!questionFirst) {
    // One question at a time: which slot to let go of, else the first thing still missing.
    if (showCards && ((matches.kind === 'relaxed' && matches.relaxed && matches.relaxed.length > 0) || matches.kind === 'closest') && vehicles.length > 0) parts.push(wording.relaxAsk);
    else if (missing.length > 0) parts.push(wording.ask[missing[0]!]);
    if (stage === 'pricing-options') parts.push(fill(wording.pricingShort, { deposit }));
  }

  // Nothing new to say (a "hello" once everything is known): what Tara has, so the buyer can correct it.
  if (parts.length === 0) {
    if (understood) sumUp();
    else parts.push(wording.ask.budget);
  }
  let content = parts.join(' ');
  // No two replies in a row start with the same words.
  if (previous && openingOf(content) === openingOf(previous)) {
    const connective = wording.connectives.map((_, offset) => wording.connectives[(turn + offset) % wording.connectives.length]!).find((word) => openingOf(`${word} ${content}`) !== openingOf(previous));
    content = `${connective ?? wording.connectives[0]} ${content}`;
  }
  return {
    content,
    citations: citationsOf({ ...matches, vehicles }, [...(questionFirst || asksPaying ? answered.citations.filter((citation) => !vehicles.some((vehicle) => vehicle.path === citation.source) && !pages.some((page) => page.source === citation.source)) : []), ...pages]),
    suggestions: suggestionsFor(language, stage, understanding, matches, pricingFirst, questionFirst),
  };
}

function suggestionsFor(language: SiteLanguage, stage: ChatStage, { context }: Understanding, matches: VehicleMatches, pricingFirst: boolean, questionFirst: boolean): ChatSuggestion[] {
  const keys: SuggestionKey[] = [];
  if (questionFirst) keys.push('person', ...(matches.vehicles.length > 0 ? (['cheaper', 'financing'] as const) : context.budget ? [] : (['budget'] as const)));
  else if (pricingFirst || stage === 'pricing-options') keys.push('tradeIn', 'cheaper', 'person');
  else if (matches.vehicles.length > 0) keys.push('cheaper', 'financing', 'person');
  else {
    if (!context.budget) keys.push('budget');
    if (!context.preferredVehicleType) keys.push('suvs', 'efficient');
    keys.push('person');
  }
  return keys.map((key) => suggestion(language, key));
}
