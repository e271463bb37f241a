/*
 * The words Tara's contracts and her engines share: the values of the slots that rule cars out, the orders of the
 * cards, the topics a buyer asks about and those the staff's knowledge base answers. Imports nothing, so the contracts
 * (zod) and the browser-safe engines (slots, understanding, replies, which re-export these) both build on it and
 * neither on the other's values.
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

/** The brands people ask for, as the catalogue writes them: the make slot's values (a language model's too). */
export const CHAT_MAKES = [
  'Toyota', 'Chery', 'Haval', 'Changan', 'Kia', 'MG', 'BYD', 'ROX', 'Xpeng', 'Honda', 'Hyundai', 'Nissan', 'Lexus', 'Mercedes-Benz', 'BMW', 'Audi', 'Volkswagen', 'Ford', 'Peugeot',
  'Mitsubishi', 'Suzuki', 'Mazda', 'Geely', 'GAC', 'JAC', 'Isuzu', 'Land Rover', 'Jeep', 'Tesla', 'Renault', 'Subaru', 'Innoson', 'Omoda', 'Jetour',
] as const;

/** The location slot's values (a language model's too). */
export const CHAT_CITIES = ['Lagos', 'Abuja', 'Port Harcourt', 'Kano', 'Ibadan', 'Kaduna', 'Enugu', 'Benin City', 'Nairobi', 'Mombasa', 'Kisumu', 'Accra', 'Kumasi', 'Dar es Salaam', 'Kampala', 'Johannesburg', 'Cape Town', 'Addis Ababa', 'Luanda', 'Dakar', 'Abidjan', 'Douala', 'Yaoundé', 'Lomé', 'Cotonou'] as const;

/** The Efficiency, Power, Price and Popularity chips: a buyer can also ask in words ("cheapest first"). */
export const CARD_SORTS = ['efficiency', 'power', 'price', 'popularity'] as const;
export type CardSort = (typeof CARD_SORTS)[number];

/**
 * What a buyer asks that the product knows the answer to (issue 40.2). delivery, landed-cost and finance are answered
 * from the landed-cost quote and the finance terms; trade-in, sell-car and reservation from the product's pages and
 * the deposit; documents, inspection and warranty (and delivery times) from the staff's knowledge base.
 */
export const QUESTION_TOPICS = ['delivery', 'landed-cost', 'documents', 'inspection', 'warranty', 'finance', 'trade-in', 'sell-car', 'reservation'] as const;
export type QuestionTopic = (typeof QUESTION_TOPICS)[number];

/** The topics of the staff's knowledge base (table tara_answers), each written in the four languages. */
export const KNOWLEDGE_TOPICS = ['delivery', 'documents', 'inspection', 'warranty'] as const satisfies readonly QuestionTopic[];
export type KnowledgeTopic = (typeof KNOWLEDGE_TOPICS)[number];
