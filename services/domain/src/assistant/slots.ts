import type { ChatContext, ChatVehicleType, StoredChatContext } from './contracts';

/**
 * The slots of what Tara understood (body type, fuel, drive, seats, range, condition, year, location, make, budget,
 * priority, usage), their values, and how an older recorded context folds into them. Browser-safe (no zod): the
 * widget and the console may import it.
 */

/** Body types a buyer can ask for: one slot of what Tara understood. */
export const CHAT_BODY_TYPES = ['suv', 'sedan', 'truck', 'pickup', 'crossover', 'hatchback', 'minivan', 'coupe', 'convertible'] as const;
export type ChatBodyType = (typeof CHAT_BODY_TYPES)[number];
export const CHAT_FUELS = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export type ChatFuel = (typeof CHAT_FUELS)[number];
/** Four-wheel or all-wheel drive ("4x4", "AWD"): the one drive a buyer asks for. */
export const CHAT_DRIVES = ['4x4'] as const;
export type ChatDrive = (typeof CHAT_DRIVES)[number];
export const CHAT_CONDITIONS = ['new', 'used'] as const;
export type ChatCondition = (typeof CHAT_CONDITIONS)[number];
/** What matters most, which orders the cards without ruling any out: fuel economy, or luxury. */
export const CHAT_PRIORITIES = ['economy', 'luxury'] as const;
export type ChatPriority = (typeof CHAT_PRIORITIES)[number];

/**
 * The slots that rule cars out: every card satisfies each one that is set, and when none does Tara offers the
 * closest cars with one of them relaxed.
 */
export const CHAT_FILTER_SLOTS = ['bodyType', 'fuel', 'drive', 'seats', 'minRangeKm', 'condition', 'minYear', 'location', 'make', 'budget'] as const;
export type ChatFilterSlot = (typeof CHAT_FILTER_SLOTS)[number];

/**
 * The bounds of the slots as the rules engine reads them from a message: the context's schema holds every value to
 * them, a language model's too (set_preferences).
 */
export const CHAT_SEATS_BOUNDS = { min: 2, max: 15 } as const;
export const CHAT_RANGE_KM_BOUNDS = { min: 50, max: 2000 } as const;
export const CHAT_YEAR_BOUNDS = { min: 1980, max: 2049 } as const;

export const EMPTY_CHAT_CONTEXT: ChatContext = {
  preferredVehicleType: null,
  usage: null,
  budget: null,
  bodyType: null,
  fuel: null,
  drive: null,
  seats: null,
  minRangeKm: null,
  condition: null,
  minYear: null,
  location: null,
  make: null,
  priority: null,
};

const BODY_TYPES: readonly string[] = CHAT_BODY_TYPES;

/** The one-word summary of the slots (see ChatContextSchema). */
export function preferredVehicleTypeOf(context: Pick<ChatContext, 'bodyType' | 'fuel' | 'priority'>): ChatVehicleType | null {
  if (context.fuel === 'electric' || context.fuel === 'hybrid') return context.fuel;
  return context.bodyType ?? context.priority ?? null;
}

/** A recorded context with every slot: an older one's type goes to the slot it names (body, fuel or priority). */
export function fullContext(stored: StoredChatContext): ChatContext {
  if (stored.bodyType !== undefined) return { ...EMPTY_CHAT_CONTEXT, ...stored } as ChatContext;
  const type = stored.preferredVehicleType;
  return {
    ...EMPTY_CHAT_CONTEXT,
    usage: stored.usage,
    budget: stored.budget,
    preferredVehicleType: type,
    bodyType: type && BODY_TYPES.includes(type) ? (type as ChatBodyType) : null,
    fuel: type === 'electric' || type === 'hybrid' ? type : null,
    priority: type === 'economy' || type === 'luxury' ? type : null,
  };
}

