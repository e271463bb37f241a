import { z } from 'zod';
import type { DomainEvent } from '../platform/events';
import { CURRENCY_CODES, PRICE_CURRENCY_CODES } from '../money/currencies';
import { SITE_LANGUAGES } from '../platform/languages';
import { followUpRecordFields } from '../followUps/contracts';
import {
  CARD_SORTS,
  CHAT_BODY_TYPES,
  CHAT_CITIES,
  CHAT_CONDITIONS,
  CHAT_DRIVES,
  CHAT_FILTER_SLOTS,
  CHAT_FUELS,
  CHAT_MAKES,
  CHAT_PRIORITIES,
  CHAT_RANGE_KM_BOUNDS,
  CHAT_SEATS_BOUNDS,
  CHAT_YEAR_BOUNDS,
  KNOWLEDGE_TOPICS,
  type ChatFilterSlot,
} from './vocabulary';

/**
 * Tara's public API and the console's conversation records: the one place these shapes are written. The API checks
 * its bodies and answers with them; the storefront and the console take their types (type-only imports).
 */

/** Spec 001 section 4: each buyer message moves one stage on; pricing-options stays. */
export const CHAT_STAGES = ['greeting', 'needs-assessment', 'vehicle-selection', 'pricing-options'] as const;
export type ChatStage = (typeof CHAT_STAGES)[number];

/**
 * What kind of vehicle a buyer can ask for: the spec's keywords (suv, sedan, truck, pickup) and the Tara page's
 * twelve category cards (SUVs, Sedans, Trucks, Crossovers, Hatchbacks, Minivans, Coupes, Convertibles, Electric,
 * Hybrid, Luxury, Economy).
 */
export const CHAT_VEHICLE_TYPES = ['suv', 'sedan', 'truck', 'pickup', 'crossover', 'hatchback', 'minivan', 'coupe', 'convertible', 'electric', 'hybrid', 'luxury', 'economy'] as const;
export type ChatVehicleType = (typeof CHAT_VEHICLE_TYPES)[number];

/** The twelve category cards of the Tara page, each starting a conversation about itself. */
export const TARA_TOPICS = ['suv', 'sedan', 'truck', 'crossover', 'hatchback', 'minivan', 'coupe', 'convertible', 'electric', 'hybrid', 'luxury', 'economy'] as const satisfies readonly ChatVehicleType[];
export type TaraTopic = (typeof TARA_TOPICS)[number];

/** What the buyer will mostly use the car for (spec keywords family, kids, commute; kids is family). */
export const CHAT_USAGES = ['family', 'commute', 'business', 'off-road'] as const;
export type ChatUsage = (typeof CHAT_USAGES)[number];

/** Where a conversation was opened from: the analytics funnel and the console say so. */
export const CHAT_ENTRIES = ['widget', 'companion', 'tara-page', 'contact', 'support', 'inventory', 'home'] as const;
export type ChatEntry = (typeof CHAT_ENTRIES)[number];

/** The longest message Tara reads; longer ones are refused with the field named (and the buyer's text kept). */
export const CHAT_MESSAGE_MAX = 1000;

export const ChatBudgetSchema = z.object({
  amount: z.number().positive().describe("Major units of `currency` (30000000 for '30 million naira')"),
  currency: z.enum(PRICE_CURRENCY_CODES),
});
export type ChatBudget = z.output<typeof ChatBudgetSchema>;

/**
 * Each slot that rules cars out, with the values and bounds the rules engine reads: the one declaration of them. The
 * context holds each or null; a language model sets them through set_preferences (ChatFilterSlotsSchema), held to the
 * same.
 */
const filterSlotValues = {
  bodyType: z.enum(CHAT_BODY_TYPES),
  fuel: z.enum(CHAT_FUELS),
  drive: z.enum(CHAT_DRIVES),
  seats: z.int().min(CHAT_SEATS_BOUNDS.min).max(CHAT_SEATS_BOUNDS.max).describe('At least this many seats'),
  minRangeKm: z.int().min(CHAT_RANGE_KM_BOUNDS.min).max(CHAT_RANGE_KM_BOUNDS.max).describe('At least this electric driving range, in km'),
  condition: z.enum(CHAT_CONDITIONS),
  minYear: z.int().min(CHAT_YEAR_BOUNDS.min).max(CHAT_YEAR_BOUNDS.max).describe('This model year or newer'),
  location: z.string().trim().min(1).max(60).describe('The city the car should be in'),
  make: z.string().trim().min(1).max(40).describe('The brand, as the catalogue writes it'),
  budget: ChatBudgetSchema,
} satisfies Record<ChatFilterSlot, z.ZodType>;

/**
 * The filter slots a language model sets (set_preferences): any of them, each a value (a slot is never cleared this
 * way); the city and the make only as the rules engine writes them, so a model never puts words of its own into what
 * Tara shows the buyer (the context's summary, the WhatsApp message).
 */
export const ChatFilterSlotsSchema = z
  .strictObject({
    ...filterSlotValues,
    location: z.enum(CHAT_CITIES).describe(filterSlotValues.location.description!),
    make: z.enum(CHAT_MAKES).describe(filterSlotValues.make.description!),
  })
  .partial();
export type ChatFilterSlots = z.output<typeof ChatFilterSlotsSchema>;

const slotFields = {
  bodyType: filterSlotValues.bodyType.nullable(),
  fuel: filterSlotValues.fuel.nullable(),
  drive: filterSlotValues.drive.nullable(),
  seats: filterSlotValues.seats.nullable(),
  minRangeKm: filterSlotValues.minRangeKm.nullable(),
  condition: filterSlotValues.condition.nullable(),
  minYear: filterSlotValues.minYear.nullable(),
  location: filterSlotValues.location.nullable(),
  make: filterSlotValues.make.nullable(),
  priority: z.enum(CHAT_PRIORITIES).nullable(),
};

/**
 * The conversation state's userContext: what Tara understood so far, slot by slot, shown to the buyer so they can
 * correct it. A message adds to the slots or changes the ones it names; the others stay. `preferredVehicleType` is the
 * older one-word summary (the body type, else the fuel if electric or hybrid, else the priority), kept for clients
 * that read it.
 */
export const ChatContextSchema = z
  .object({
    preferredVehicleType: z.enum(CHAT_VEHICLE_TYPES).nullable(),
    usage: z.enum(CHAT_USAGES).nullable(),
    budget: filterSlotValues.budget.nullable(),
    ...slotFields,
  })
  .meta({ id: 'ChatContext' });
export type ChatContext = z.output<typeof ChatContextSchema>;
/** A context as recorded: conversations stored before the slots have only the first three fields. */
export const StoredChatContextSchema = ChatContextSchema.partial(Object.fromEntries(Object.keys(slotFields).map((key) => [key, true])) as { [K in keyof typeof slotFields]: true });
export type StoredChatContext = z.output<typeof StoredChatContextSchema>;

/**
 * Which engine answered a turn (issue 40.5): the rules engine, or the language model phrasing it with our tools and
 * passing the guards. Turns recorded before this read as 'rules'.
 */
export const TARA_ENGINES = ['rules', 'model'] as const;
export type TaraEngine = (typeof TARA_ENGINES)[number];
/** Why the rules engine answered a turn the model was asked to: the model failed, or its reply broke a guard. */
export const MODEL_FALLBACKS = ['timeout', 'http-error', 'malformed', 'too-many-tool-calls', 'invented-vehicle', 'invented-price', 'invented-contact'] as const;
export type ModelFallback = (typeof MODEL_FALLBACKS)[number];

export const ChatCitationSchema = z.object({
  source: z.string().describe('What the statement rests on: a vehicle page path, or the rate snapshot a price was converted with'),
  label: z.string().optional(),
});
export type ChatCitation = z.output<typeof ChatCitationSchema>;

/** A vehicle card of the 'Within Your Budget' pane: a real, listed vehicle (its id answers /api/vehicles/{id}). */
export const ChatVehicleCardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    year: z.number(),
    category: z.string(),
    price: z.object({ amount: z.number(), currency: z.string() }).describe("In the visitor's currency (the conversation's), converted from the listed price at the cited rates as the vehicle page shows it"),
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    efficiency: z.object({ label: z.string(), score: z.number().describe('Higher is more efficient; the Efficiency chip sorts by it') }),
    powerHp: z.number().nullable(),
    rating: z.number(),
    reviewCount: z.number().describe('Popularity: the Popularity chip sorts by it'),
    path: z.string().describe('The vehicle page'),
  })
  .meta({ id: 'ChatVehicleCard' });
export type ChatVehicleCard = z.output<typeof ChatVehicleCardSchema>;

export const ChatReplySchema = z.object({ content: z.string(), citations: z.array(ChatCitationSchema) });
export type ChatReply = z.output<typeof ChatReplySchema>;

/** Suggested next messages under a reply (the spec's three to start with, then what fits the stage). */
export const ChatSuggestionSchema = z.object({
  label: z.string(),
  text: z.string(),
  action: z.literal('handoff').optional().describe('The client opens the hand-off form instead of sending the text'),
});

export const ChatMessageSchema = z
  .object({
    id: z.string(),
    content: z.string(),
    isUser: z.boolean(),
    timestamp: z.iso.datetime(),
    citations: z.array(ChatCitationSchema).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export const StartConversationSchema = z.object({
  language: z.enum(SITE_LANGUAGES, { error: `language must be one of: ${SITE_LANGUAGES.join(', ')}` }),
  currency: z.enum(CURRENCY_CODES, { error: `currency must be one of: ${CURRENCY_CODES.join(', ')}` }),
  entry: z.enum(CHAT_ENTRIES).optional(),
  topic: z.enum(TARA_TOPICS).optional().describe('A category card of the Tara page: the conversation starts about it'),
});
export type StartConversation = z.input<typeof StartConversationSchema>;

export const ConversationStartedSchema = z.object({ id: z.uuid(), stage: z.enum(CHAT_STAGES), greeting: ChatMessageSchema });
export type ConversationStartedAnswer = z.output<typeof ConversationStartedSchema>;

export const SendChatMessageSchema = z.object({
  text: z.string({ error: 'text is required' }).trim().min(1, 'text must not be blank').max(CHAT_MESSAGE_MAX, `text must be at most ${CHAT_MESSAGE_MAX} characters`),
  language: z
    .enum(SITE_LANGUAGES, { error: `language must be one of: ${SITE_LANGUAGES.join(', ')}` })
    .optional()
    .describe("The site's language as the buyer writes now (they may have switched since the start): Tara answers in it from then on"),
  currency: z
    .enum(CURRENCY_CODES, { error: `currency must be one of: ${CURRENCY_CODES.join(', ')}` })
    .optional()
    .describe("The visitor's currency as they write now (they may have chosen another since the start): Tara's cards are priced in it from then on"),
});

/** The answer to a buyer's message (the contract, plus the recorded messages so a client keeps one transcript). */
export const ChatAnswerSchema = z
  .object({
    stage: z.enum(CHAT_STAGES),
    reply: ChatReplySchema,
    context: ChatContextSchema,
    vehicles: z.array(ChatVehicleCardSchema),
    sort: z.enum(CARD_SORTS).nullable().describe('The order the buyer asked for in words ("cheapest first"), which the cards come in: the widget shows that sort chip pressed'),
    suggestions: z.array(ChatSuggestionSchema),
    message: ChatMessageSchema.describe("The buyer's message as recorded"),
    replyMessage: ChatMessageSchema.describe("Tara's reply as recorded"),
  })
  .meta({ id: 'ChatAnswer' });
export type ChatAnswer = z.output<typeof ChatAnswerSchema>;

/** A conversation as its buyer reopens it (after a reload, on another page). */
export const ConversationViewSchema = z
  .object({
    id: z.uuid(),
    stage: z.enum(CHAT_STAGES),
    language: z.enum(SITE_LANGUAGES),
    currency: z.enum(CURRENCY_CODES),
    context: ChatContextSchema,
    messages: z.array(ChatMessageSchema),
    vehicles: z.array(ChatVehicleCardSchema).describe('The cards of the latest reply that showed any'),
    sort: z.enum(CARD_SORTS).nullable().describe('The order those cards come in, when the buyer asked for one in words'),
    suggestions: z.array(ChatSuggestionSchema),
    handedOff: z.boolean(),
  })
  .meta({ id: 'ConversationView' });
export type ConversationView = z.output<typeof ConversationViewSchema>;

export const HandoffSchema = z
  .object({
    name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
    phone: z.string().trim().max(30).optional(),
    email: z.string().trim().max(254).optional(),
    whatsappUpdates: z.boolean().optional().describe('"Send me updates on WhatsApp" (off by default): to the phone given'),
  })
  .describe('A phone, an email or both; the API checks their shape with the contact forms\' rules');
export type HandoffInput = z.input<typeof HandoffSchema>;

export const HandoffAnswerSchema = z.object({
  id: z.uuid(),
  reply: ChatMessageSchema,
  whatsappUrl: z.string().nullable().describe("The sales team's WhatsApp, the message pre-filled with what Tara understood, for the buyer to go on there"),
});

/** A message of the console's transcript: Tara's replies say which engine answered and what she understood after it. */
export const ConversationTranscriptMessageSchema = ChatMessageSchema.extend({
  engine: z.enum(TARA_ENGINES).optional().describe("Tara's replies: which engine answered the turn ('rules' for turns recorded before engines were)"),
  fallback: z.enum(MODEL_FALLBACKS).optional().describe('With engine rules: why the language model tried first did not answer'),
  context: ChatContextSchema.optional().describe("Tara's replies: every slot as she understood them after the turn"),
  modelSlots: z.array(z.enum(CHAT_FILTER_SLOTS)).optional().describe("Tara's replies: the slots the language model read in the buyer's message (their values are in context); absent when it set none"),
}).meta({ id: 'ConversationTranscriptMessage' });
export type ConversationTranscriptMessage = z.output<typeof ConversationTranscriptMessageSchema>;

/** A conversation as staff see it in the console (resource `conversations`). */
export const ConversationRecordSchema = z
  .object({
    id: z.uuid(),
    stage: z.enum(CHAT_STAGES),
    language: z.enum(SITE_LANGUAGES),
    currency: z.enum(CURRENCY_CODES),
    entry: z.enum(CHAT_ENTRIES).nullable(),
    topic: z.enum(TARA_TOPICS).nullable(),
    context: ChatContextSchema,
    startedAt: z.iso.datetime(),
    lastMessageAt: z.iso.datetime(),
    messageCount: z.int(),
    vehiclesShown: z.array(z.object({ id: z.string(), name: z.string() })),
    lead: z
      .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable(), handedOffAt: z.iso.datetime(), whatsappUrl: z.string().nullable() })
      .nullable(),
    transcript: z
      .array(ConversationTranscriptMessageSchema)
      .describe('The whole conversation, in one record (getOne); empty in lists (getList, getMany), which would be too heavy with it'),
    ...followUpRecordFields,
  })
  .meta({ id: 'Conversation' });
export type ConversationRecord = z.output<typeof ConversationRecordSchema>;

/** The console's conversation funnel: how many conversations reached each step, over a period. */
export const ConversationFunnelSchema = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    started: z.int(),
    needsUnderstood: z.int(),
    vehiclesShown: z.int(),
    pricingReached: z.int(),
    handedOff: z.int(),
  })
  .meta({ id: 'ConversationFunnel' });
export type ConversationFunnel = z.output<typeof ConversationFunnelSchema>;

/**
 * Staff changed one answer of Tara's knowledge base, recorded on `tara-answer-{id}` for the activity trail; the
 * `tara_answers` row stays the answer's state. The text is not copied: the trail says who changed which answer.
 */
export type TaraAnswerChanged = DomainEvent<'TaraAnswerChanged', { answerId: string }>;
export const taraAnswerStreamId = (answerId: string) => `tara-answer-${answerId}`;

/** One answer of Tara's knowledge base as staff see and edit it (resource `tara-answers`; id `topic:language`). */
export const TaraAnswerRecordSchema = z
  .object({
    id: z.string(),
    topic: z.enum(KNOWLEDGE_TOPICS),
    language: z.enum(SITE_LANGUAGES),
    text: z.string(),
    updatedBy: z.string().nullable().describe('The staff member who last edited it; null for the seeded text'),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'TaraAnswer' });
export type TaraAnswerRecord = z.output<typeof TaraAnswerRecordSchema>;

/** An edit of one answer: Tara says it, as written, to every visitor who asks about its topic in its language. */
export const TaraAnswerBodySchema = z.object({
  text: z.string({ error: 'text is required' }).trim().min(1, 'text must not be blank').max(2000, 'text must be at most 2000 characters'),
});
