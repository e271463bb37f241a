import type { ChatContext, ChatVehicleType, StoredChatContext } from './contracts';
import { CHAT_BODY_TYPES, type ChatBodyType } from './vocabulary';

export {
  CHAT_BODY_TYPES,
  CHAT_CONDITIONS,
  CHAT_DRIVES,
  CHAT_FUELS,
  CHAT_PRIORITIES,
  type ChatBodyType,
  type ChatCondition,
  type ChatDrive,
  type ChatFuel,
  type ChatPriority,
  CHAT_FILTER_SLOTS,
  CHAT_RANGE_KM_BOUNDS,
  CHAT_SEATS_BOUNDS,
  CHAT_YEAR_BOUNDS,
  type ChatFilterSlot,
} from './vocabulary';

/**
 * The slots of what Tara understood (body type, fuel, drive, seats, range, condition, year, location, make, budget,
 * priority, usage), their values, and how an older recorded context folds into them. Browser-safe (no zod): the
 * widget and the console may import it.
 */

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

