import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { AlreadyExists, NotFound } from '../platform/errors';
import { CURRENCY_CODES, type CurrencyCode } from '../money/currencies';
import { SITE_LANGUAGES, type SiteLanguage } from '../platform/languages';
import { decideFollowUp, FOLLOW_UP_STATUSES, type FollowUpCommand, type FollowUpStatus } from '../followUps/followUp';
import {
  CHAT_ENTRIES,
  CHAT_STAGES,
  ChatVehicleCardSchema,
  MODEL_FALLBACKS,
  StoredChatContextSchema,
  TARA_ENGINES,
  TARA_TOPICS,
  type ChatCitation,
  type ChatContext,
  type ChatEntry,
  type ChatFilterSlots,
  type ModelFallback,
  type ChatStage,
  type TaraTopic,
} from './contracts';
import { CARD_SORTS, understandMessage, withModelSlots, type Understanding } from './understanding';
import { whatsappReplyFields } from '../whatsapp';
import { CHAT_FILTER_SLOTS, EMPTY_CHAT_CONTEXT, fullContext, type ChatFilterSlot } from './slots';
import { composeReply, greetingFor, sortCards, type ComposedReply, type KnowledgeAnswers, type VehicleMatches } from './replies';

/** The most buyer messages one conversation takes; past it Tara offers a person instead. */
export const CHAT_MAX_MESSAGES = 60;

/** Spec 001 section 4: greeting to needs-assessment on the first message, one stage per message, pricing-options stays. */
export function nextStage(stage: ChatStage): ChatStage {
  const index = CHAT_STAGES.indexOf(stage);
  return CHAT_STAGES[Math.min(index + 1, CHAT_STAGES.length - 1)]!;
}

const followUpStatus = z.enum(FOLLOW_UP_STATUSES);

/** A conversation event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const ConversationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ConversationStarted'),
    data: z.object({
      conversationId: z.string(),
      language: z.enum(SITE_LANGUAGES),
      currency: z.enum(CURRENCY_CODES),
      entry: z.enum(CHAT_ENTRIES).optional(),
      topic: z.enum(TARA_TOPICS).optional(),
      greeting: z.string(),
      startedAt: z.string(),
    }),
  }),
  /** The buyer went on in another of the site's languages: Tara answers in it from then on. */
  z.object({
    type: z.literal('ConversationLanguageChanged'),
    data: z.object({ conversationId: z.string(), from: z.enum(SITE_LANGUAGES), to: z.enum(SITE_LANGUAGES), changedAt: z.string() }),
  }),
  /** The visitor chose another currency on the site: Tara's cards are priced in it from then on. */
  z.object({
    type: z.literal('ConversationCurrencyChanged'),
    data: z.object({ conversationId: z.string(), from: z.enum(CURRENCY_CODES), to: z.enum(CURRENCY_CODES), changedAt: z.string() }),
  }),
  z.object({ type: z.literal('BuyerMessageReceived'), data: z.object({ conversationId: z.string(), messageId: z.string(), text: z.string(), receivedAt: z.string() }) }),
  z.object({
    type: z.literal('TaraReplied'),
    data: z.object({
      conversationId: z.string(),
      messageId: z.string(),
      stage: z.enum(CHAT_STAGES),
      content: z.string(),
      citations: z.array(z.object({ source: z.string(), label: z.string().optional() })),
      /** Older replies carry only the type, usage and budget: they fold into the slots (fullContext). */
      context: StoredChatContextSchema,
      vehicles: z.array(ChatVehicleCardSchema),
      /** The order the buyer asked for in words ("cheapest first"), which the cards come in; absent in older replies. */
      sort: z.enum(CARD_SORTS).optional(),
      matchKind: z.enum(['within-budget', 'cheaper-than-asked', 'other-type', 'relaxed', 'closest', 'none', 'not-asked']),
      /** With 'relaxed': the slots that, let go one at a time, find cars, and which cards each found. */
      relaxed: z.array(z.object({ slot: z.enum(CHAT_FILTER_SLOTS), vehicleIds: z.array(z.string()) })).optional(),
      suggestions: z.array(z.object({ label: z.string(), text: z.string(), action: z.literal('handoff').optional() })),
      /** Which engine answered (issue 40.5); absent in replies recorded before, which the rules engine wrote. */
      engine: z.enum(TARA_ENGINES).optional(),
      /** With engine 'rules': why the language model, tried first, did not answer. */
      fallback: z.enum(MODEL_FALLBACKS).optional(),
      /** With engine 'model': the slots the model read in the message (set_preferences), their values in `context`; absent when none. */
      modelSlots: z.array(z.enum(CHAT_FILTER_SLOTS)).optional(),
      repliedAt: z.string(),
    }),
  }),
  z.object({
    type: z.literal('ConversationHandedOff'),
    data: z.object({
      conversationId: z.string(),
      name: z.string(),
      phone: z.string().optional(),
      email: z.string().optional(),
      /** The buyer asked for updates on WhatsApp (to the phone they left); absent in older hand-offs (read as no). */
      whatsappUpdates: z.boolean().optional(),
      handedOffAt: z.string(),
    }),
  }),
  z.object({ type: z.literal('ConversationStatusChanged'), data: z.object({ conversationId: z.string(), from: followUpStatus, to: followUpStatus, changedAt: z.string() }) }),
  z.object({ type: z.literal('ConversationNoteAdded'), data: z.object({ conversationId: z.string(), text: z.string(), addedAt: z.string() }) }),
  /** The buyer answered one of our WhatsApp messages about their lead: a note in its history, and staff are told. */
  z.object({ type: z.literal('ConversationWhatsAppReplyReceived'), data: z.object({ conversationId: z.string(), ...whatsappReplyFields }) }),
]);

export type ConversationEvent = z.infer<typeof ConversationEventSchema>;
export type ConversationStatusChanged = Extract<ConversationEvent, { type: 'ConversationStatusChanged' }>;
export type ConversationNoteAdded = Extract<ConversationEvent, { type: 'ConversationNoteAdded' }>;

export const CONVERSATION_EVENT_TYPES = eventTypesOf(ConversationEventSchema);

export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;

export interface ConversationState {
  /** Null until the conversation was started. */
  conversationId: string | null;
  language: SiteLanguage;
  currency: CurrencyCode;
  stage: ChatStage;
  context: ChatContext;
  buyerMessages: number;
  /** Tara's last words (the greeting, then each reply): the next reply never starts the same way. */
  lastReply: string | null;
  handoff: { name: string; phone?: string; email?: string; whatsappUpdates: boolean } | null;
  status: FollowUpStatus;
}

export const initialConversationState: ConversationState = {
  conversationId: null,
  language: 'en',
  currency: 'NGN',
  stage: 'greeting',
  context: EMPTY_CHAT_CONTEXT,
  buyerMessages: 0,
  lastReply: null,
  handoff: null,
  status: 'new',
};

export function evolveConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'ConversationStarted':
      return { ...initialConversationState, conversationId: event.data.conversationId, language: event.data.language, currency: event.data.currency, lastReply: event.data.greeting };
    case 'ConversationLanguageChanged':
      return { ...state, language: event.data.to };
    case 'ConversationCurrencyChanged':
      return { ...state, currency: event.data.to };
    case 'BuyerMessageReceived':
      return { ...state, buyerMessages: state.buyerMessages + 1 };
    case 'TaraReplied':
      return { ...state, stage: event.data.stage, context: fullContext(event.data.context), lastReply: event.data.content };
    case 'ConversationHandedOff':
      return {
        ...state,
        handoff: {
          name: event.data.name,
          ...(event.data.phone ? { phone: event.data.phone } : {}),
          ...(event.data.email ? { email: event.data.email } : {}),
          whatsappUpdates: event.data.whatsappUpdates ?? false,
        },
      };
    case 'ConversationStatusChanged':
      return { ...state, status: event.data.to };
    case 'ConversationNoteAdded':
    case 'ConversationWhatsAppReplyReceived':
      return state;
  }
}

export const conversationDecider: Decider<ConversationState, ConversationEvent> = {
  eventSchema: ConversationEventSchema,
  initialState: initialConversationState,
  evolve: evolveConversation,
};

export type ConversationCommand =
  | { type: 'StartConversation'; conversationId: string; language: SiteLanguage; currency: CurrencyCode; entry?: ChatEntry | undefined; topic?: TaraTopic | undefined; now: Date }
  | {
      type: 'ReceiveBuyerMessage';
      text: string;
      /** The site's language as the buyer writes now; Tara answers in it (the conversation's language when absent). */
      language?: SiteLanguage | undefined;
      /** The visitor's currency as they write now; cards are priced in it (the conversation's currency when absent). */
      currency?: CurrencyCode | undefined;
      messageIds: { buyer: string; reply: string };
      /**
       * The vehicles found for the context the message leads to, found before deciding (I/O): `matchedFor`, the rules
       * engine's, or with the language model's slots merged in when `phrasing` has any.
       */
      matches: VehicleMatches;
      matchedFor: ChatContext;
      /** The staff's knowledge-base answers in the reply's language (loaded by the API, kept in memory). */
      knowledge?: KnowledgeAnswers | undefined;
      /** What the language model made of the turn, when one is configured (found before deciding, I/O). */
      phrasing?: ModelPhrasing | undefined;
      now: Date;
    }
  | { type: 'HandOff'; name: string; phone?: string | undefined; email?: string | undefined; whatsappUpdates?: boolean | undefined; now: Date }
  | FollowUpCommand;

/**
 * The language model's part in a turn: its reply, which passed the guards, with the citations of the tool-found cars it
 * names and the slots it read in the message (merged after the rules engine's by withModelSlots; the suggestions stay
 * the rules engine's, and they always offer a person); or why the rules engine answered instead.
 */
export type ModelPhrasing =
  | {
      engine: 'model';
      content: string;
      citations: ChatCitation[];
      /** The slots the model read in the message (set_preferences); the command's matches were found with them merged. */
      slots?: ChatFilterSlots | undefined;
    }
  | { engine: 'rules'; fallback: ModelFallback };

/** The conversation reached CHAT_MAX_MESSAGES: Tara offers a person instead of reading on. */
export class ConversationTooLong extends Error {
  override readonly name = 'ConversationTooLong';
}
/** Another message changed what Tara understood between finding the vehicles and deciding: find them again. */
export class ConversationMovedOn extends Error {
  override readonly name = 'ConversationMovedOn';
}

const sameContext = (a: ChatContext, b: ChatContext) => JSON.stringify(a) === JSON.stringify(b);

/** What the conversation a message leads to has understood: the API finds the vehicles for it before deciding. */
export const contextAfter = (state: ConversationState, text: string, language: SiteLanguage = state.language, currency: CurrencyCode = state.currency): ChatContext =>
  understandMessage(text, { language, currency, prior: state.context }).context;

export interface DraftInput {
  text: string;
  language?: SiteLanguage | undefined;
  currency?: CurrencyCode | undefined;
  matches: VehicleMatches;
  knowledge?: KnowledgeAnswers | undefined;
  /** The slots a language model read in the message (set_preferences): merged after the rules engine's (withModelSlots). */
  modelSlots?: ChatFilterSlots | undefined;
}

/** The rules engine's reply to a message: what the decider records, and what a language model is given to phrase. */
export function draftReply(state: ConversationState, { text, language = state.language, currency = state.currency, matches, knowledge, modelSlots }: DraftInput): {
  language: SiteLanguage;
  currency: CurrencyCode;
  /** What the rules engine alone understood after the message: the context the API found the cards for first. */
  rulesContext: ChatContext;
  /** With the model's slots merged in. */
  understanding: Understanding;
  /** The model's slots that changed the context, and those the rules engine held (it read them in this message). */
  fromModel: { applied: ChatFilterSlot[]; kept: ChatFilterSlot[] };
  stage: ChatStage;
  reply: ComposedReply;
} {
  const read = understandMessage(text, { language, currency, prior: state.context });
  const { understanding, applied, kept } = modelSlots ? withModelSlots(read, modelSlots) : { understanding: read, applied: [], kept: [] };
  const stage = nextStage(state.stage);
  const reply = composeReply({ language, stage, understanding, matches, previous: state.lastReply, turn: state.buyerMessages, knowledge });
  return { language, currency, rulesContext: read.context, understanding, fromModel: { applied, kept }, stage, reply };
}

/** The model's words in place of the rules engine's, with the tool-found cars it names cited. */
function phrased(reply: ComposedReply, phrasing: ModelPhrasing | undefined): ComposedReply {
  if (phrasing?.engine !== 'model') return reply;
  const extra = phrasing.citations.filter((citation) => !reply.citations.some((known) => known.source === citation.source));
  return { ...reply, content: phrasing.content, citations: [...reply.citations, ...extra] };
}

export function decideConversation(command: ConversationCommand, state: ConversationState): ConversationEvent[] {
  if (command.type === 'StartConversation') {
    if (state.conversationId !== null) throw new AlreadyExists('conversation', command.conversationId);
    const { conversationId, language, currency, entry, topic, now } = command;
    return [
      {
        type: 'ConversationStarted',
        data: { conversationId, language, currency, ...(entry ? { entry } : {}), ...(topic ? { topic } : {}), greeting: greetingFor(language, topic), startedAt: now.toISOString() },
      },
    ];
  }
  if (state.conversationId === null) throw new NotFound('conversation');
  const { conversationId } = state;
  switch (command.type) {
    case 'ReceiveBuyerMessage': {
      if (state.buyerMessages >= CHAT_MAX_MESSAGES) throw new ConversationTooLong('This conversation is long enough: a person can help from here');
      const draft = draftReply(state, { ...command, modelSlots: command.phrasing?.engine === 'model' ? command.phrasing.slots : undefined });
      const { language, currency, understanding, stage } = draft;
      if (!sameContext(draft.rulesContext, command.matchedFor)) throw new ConversationMovedOn('The conversation moved on meanwhile');
      const reply = phrased(draft.reply, command.phrasing);
      const engine = command.phrasing?.engine ?? 'rules';
      const at = command.now.toISOString();
      const languageChanged: ConversationEvent[] =
        language === state.language ? [] : [{ type: 'ConversationLanguageChanged', data: { conversationId, from: state.language, to: language, changedAt: at } }];
      const currencyChanged: ConversationEvent[] =
        currency === state.currency ? [] : [{ type: 'ConversationCurrencyChanged', data: { conversationId, from: state.currency, to: currency, changedAt: at } }];
      return [
        ...languageChanged,
        ...currencyChanged,
        { type: 'BuyerMessageReceived', data: { conversationId, messageId: command.messageIds.buyer, text: command.text, receivedAt: at } },
        {
          type: 'TaraReplied',
          data: {
            conversationId,
            messageId: command.messageIds.reply,
            stage,
            content: reply.content,
            citations: reply.citations,
            context: understanding.context,
            // Asked for a sort ("cheapest first"), the cards come in the order the reply lists them.
            vehicles: understanding.sort ? sortCards(command.matches.vehicles, understanding.sort) : command.matches.vehicles,
            ...(understanding.sort ? { sort: understanding.sort } : {}),
            matchKind: command.matches.kind,
            ...(command.matches.relaxed ? { relaxed: command.matches.relaxed.map(({ slot, vehicles }) => ({ slot, vehicleIds: vehicles.map((vehicle) => vehicle.id) })) } : {}),
            suggestions: reply.suggestions,
            engine,
            ...(command.phrasing?.engine === 'rules' ? { fallback: command.phrasing.fallback } : {}),
            ...(draft.fromModel.applied.length > 0 ? { modelSlots: draft.fromModel.applied } : {}),
            repliedAt: at,
          },
        },
      ];
    }
    case 'HandOff': {
      const { name, phone, email } = command;
      // Updates on WhatsApp go to a phone: without one the box means nothing.
      const whatsappUpdates = Boolean(phone && command.whatsappUpdates);
      const { handoff } = state;
      const same = handoff && handoff.name === name && handoff.phone === phone && handoff.email === email && handoff.whatsappUpdates === whatsappUpdates;
      if (same) return [];
      return [
        {
          type: 'ConversationHandedOff',
          data: { conversationId, name, ...(phone ? { phone } : {}), ...(email ? { email } : {}), ...(whatsappUpdates ? { whatsappUpdates } : {}), handedOffAt: command.now.toISOString() },
        },
      ];
    }
    default: {
      const change = decideFollowUp(command, state.status);
      if (!change) return [];
      return change.type === 'StatusChanged'
        ? [{ type: 'ConversationStatusChanged', data: { conversationId, from: change.from, to: change.to, changedAt: change.at } }]
        : [{ type: 'ConversationNoteAdded', data: { conversationId, text: change.text, addedAt: change.at } }];
    }
  }
}
