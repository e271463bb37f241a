import { formatMoney, fromMajor } from '@autobest/domain/money';
import { SITE_LANGUAGE_NAMES } from '@autobest/domain/languages';
import type { ChatFilterSlot } from '@autobest/domain/assistant/slots';
import type { ChatBudget, ChatEntry, ChatStage, ChatUsage, ChatVehicleType, ModelFallback, TaraEngine } from '@autobest/domain/assistant/contracts';

/** Spec 001 section 4's stages as staff read them. */
export const STAGE_LABELS: Record<ChatStage, string> = {
  greeting: 'Greeting',
  'needs-assessment': 'Needs assessment',
  'vehicle-selection': 'Vehicle selection',
  'pricing-options': 'Pricing options',
};

export const VEHICLE_TYPE_LABELS: Record<ChatVehicleType, string> = {
  suv: 'SUV',
  sedan: 'Sedan',
  truck: 'Truck',
  pickup: 'Pickup',
  crossover: 'Crossover',
  hatchback: 'Hatchback',
  minivan: 'Minivan',
  coupe: 'Coupe',
  convertible: 'Convertible',
  electric: 'Electric',
  hybrid: 'Hybrid',
  luxury: 'Luxury',
  economy: 'Economy',
};

export const USAGE_LABELS: Record<ChatUsage, string> = { family: 'Family', commute: 'Commute', business: 'Business', 'off-road': 'Off-road' };

/** Where the buyer opened Tara. */
export const ENTRY_LABELS: Record<ChatEntry, string> = {
  widget: 'Chat button',
  companion: 'Car Buyer Companion page',
  'tara-page': 'Tara page',
  contact: 'Contact page',
  support: 'Support page',
  inventory: 'Inventory',
  home: 'Home page',
};

/** Which engine answered a turn (issue 40.5). */
export const ENGINE_LABELS: Record<TaraEngine, string> = { rules: 'Rules engine', model: 'Language model' };

/** The slots that rule cars out, as staff read them (the ones a language model read in a message are named so). */
export const FILTER_SLOT_LABELS: Record<ChatFilterSlot, string> = {
  bodyType: 'body type',
  fuel: 'fuel',
  drive: 'drive',
  seats: 'seats',
  minRangeKm: 'range',
  condition: 'condition',
  minYear: 'year',
  location: 'city',
  make: 'make',
  budget: 'budget',
};

/** Why the rules engine answered a turn the language model was tried on. */
export const FALLBACK_LABELS: Record<ModelFallback, string> = {
  timeout: 'the model took too long',
  'http-error': 'the model could not be reached or answered an error',
  malformed: 'the model answered something unreadable',
  'too-many-tool-calls': 'the model called too many tools',
  'invented-vehicle': 'the model named a car we did not find',
  'invented-price': 'the model wrote a price that is not ours',
  'invented-contact': 'the model wrote a web address, email or phone number',
};

const choicesOf = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));
export const STAGE_CHOICES = choicesOf(STAGE_LABELS);
export const LANGUAGE_CHOICES = choicesOf(SITE_LANGUAGE_NAMES);

/** A budget as the buyer meant it: in its own currency ("₦30,000,000"), or a dash when none was understood. */
export const formatBudget = (budget: ChatBudget | null) => (budget ? formatMoney(fromMajor(budget.amount, budget.currency)) : '—');
