import type { CurrencyCode } from '../money/currencies';
import type { SiteLanguage } from '../platform/languages';
import type { ChatBudget, ChatContext, ChatUsage, ChatVehicleType } from './contracts';

/** The Efficiency, Power, Price and Popularity chips: a buyer can also ask in words ("cheapest first"). */
export const CARD_SORTS = ['efficiency', 'power', 'price', 'popularity'] as const;
export type CardSort = (typeof CARD_SORTS)[number];

/** What one buyer message said, and the conversation's context once it is taken in. */
export interface Understanding {
  /** The context after this message: what it said replaces what was understood before; the rest is kept. */
  context: ChatContext;
  /** Only what this message itself said. */
  said: { budget?: ChatBudget; preferredVehicleType?: ChatVehicleType; usage?: ChatUsage };
  /** The buyer asks for a person ("talk to someone", "WhatsApp"). */
  wantsPerson: boolean;
  /** The buyer asks about paying, financing, reserving or a deposit. */
  asksPricing: boolean;
  /** The buyer asks for the cards in another order. */
  sort?: CardSort;
}

export interface UnderstandOptions {
  language: SiteLanguage;
  /** The visitor's currency: a budget that names none is read in it. */
  currency: CurrencyCode;
  prior: ChatContext;
}

// A first, English-only reading (spec 001 section 9's keywords); the four-language reading replaces it.
const BUDGET = /(\d+(?:[.,]\d+)?)\s*(k|m|million)\b/i;
const TYPES: ReadonlyArray<[RegExp, ChatVehicleType]> = [
  [/\bsuvs?\b/i, 'suv'],
  [/\bsedans?\b/i, 'sedan'],
  [/\btrucks?\b/i, 'truck'],
  [/\bpick-?ups?\b/i, 'pickup'],
];
const USAGES: ReadonlyArray<[RegExp, ChatUsage]> = [
  [/\b(family|kids)\b/i, 'family'],
  [/\bcommut/i, 'commute'],
];

export function understandMessage(text: string, { currency, prior }: UnderstandOptions): Understanding {
  const said: Understanding['said'] = {};
  const budget = BUDGET.exec(text);
  if (budget) {
    const multiplier = budget[2]!.toLowerCase() === 'k' ? 1_000 : 1_000_000;
    said.budget = { amount: Number(budget[1]!.replace(',', '.')) * multiplier, currency: /\$|usd|dollar/i.test(text) ? 'USD' : currency };
  }
  const type = TYPES.find(([pattern]) => pattern.test(text));
  if (type) said.preferredVehicleType = type[1];
  const usage = USAGES.find(([pattern]) => pattern.test(text));
  if (usage) said.usage = usage[1];
  return {
    context: {
      preferredVehicleType: said.preferredVehicleType ?? prior.preferredVehicleType,
      usage: said.usage ?? prior.usage,
      budget: said.budget ?? prior.budget,
    },
    said,
    wantsPerson: /\b(talk to (someone|a person|a human)|whatsapp|human|agent)\b/i.test(text),
    asksPricing: /\b(financ|deposit|reserv|pay|loan|price)/i.test(text),
  };
}
