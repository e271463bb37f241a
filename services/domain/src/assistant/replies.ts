import type { SiteLanguage } from '../platform/languages';
import type { ChatCitation, ChatContext, ChatReply, ChatStage, ChatVehicleCard, TaraTopic } from './contracts';
import type { Understanding } from './understanding';

/** How the cards of a reply relate to what the buyer asked: Tara says which, and never names another car. */
export type MatchKind = 'within-budget' | 'cheaper-than-asked' | 'other-type' | 'none' | 'not-asked';

export interface VehicleMatches {
  kind: MatchKind;
  /** Real listed vehicles, prices in the budget's currency. */
  vehicles: ChatVehicleCard[];
  /** The rate snapshot the prices were converted with, when any was converted. */
  rates: { source: string; timestamp: string } | null;
}

export interface ReplyInput {
  language: SiteLanguage;
  stage: ChatStage;
  understanding: Understanding;
  matches: VehicleMatches;
}

export interface ComposedReply extends ChatReply {
  suggestions: Array<{ label: string; text: string }>;
}

/** The spec's three quick replies, the first suggestions of every conversation. */
export const FIRST_SUGGESTIONS = [
  { label: 'Budget $25K', text: 'Budget $25K' },
  { label: 'Show me SUVs', text: 'Show me SUVs' },
  { label: 'Fuel-efficient cars', text: 'Fuel-efficient cars' },
];

export function greetingFor(_language: SiteLanguage, topic?: TaraTopic): string {
  return topic
    ? `Hi, I'm Tara. Let's find you the right ${topic}. What is your budget, and what will you mostly use it for?`
    : "Hi, I'm Tara, your car-buying companion. Tell me your budget, what you'll use the car for and the kind of car you like.";
}

const citationsOf = ({ vehicles, rates }: VehicleMatches): ChatCitation[] => [
  ...vehicles.map((vehicle) => ({ source: vehicle.path, label: vehicle.name })),
  ...(rates ? [{ source: `rates:${rates.source}@${rates.timestamp}`, label: 'Exchange rates' }] : []),
];

// A first, English-only wording; the four-language replies replace it.
export function composeReply({ stage, understanding, matches }: ReplyInput): ComposedReply {
  const names = matches.vehicles.map((vehicle) => vehicle.name).join(', ');
  const missing = missingNeeds(understanding.context);
  let content: string;
  if (stage === 'pricing-options') content = 'You can reserve a car with a deposit, trade in your current car or sell it to us.';
  else if (matches.kind === 'within-budget') content = `These fit what you told me: ${names}.`;
  else if (matches.kind === 'none') content = 'Nothing in our inventory matches that yet.';
  else if (matches.kind === 'not-asked') content = `Tell me your ${missing.join(' and ')}.`;
  else content = `Nothing matches exactly; the closest: ${names}.`;
  return { content, citations: citationsOf(matches), suggestions: FIRST_SUGGESTIONS };
}

export function missingNeeds(context: ChatContext): Array<'budget' | 'usage' | 'type'> {
  const missing: Array<'budget' | 'usage' | 'type'> = [];
  if (!context.budget) missing.push('budget');
  if (!context.usage) missing.push('usage');
  if (!context.preferredVehicleType) missing.push('type');
  return missing;
}

/** The spec's failure message (section 8), in each language. */
export const CHAT_FAILURE_MESSAGE: Record<SiteLanguage, string> = {
  en: "I'm sorry, I encountered an issue processing your request. Please try again.",
  fr: "Je suis désolée, je n'ai pas pu traiter votre demande. Veuillez réessayer.",
  ar: 'عذرًا، واجهت مشكلة أثناء معالجة طلبك. يرجى المحاولة مرة أخرى.',
  sw: 'Samahani, nimekumbana na tatizo nikishughulikia ombi lako. Tafadhali jaribu tena.',
};
