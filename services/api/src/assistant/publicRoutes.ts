import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readState } from '@autobest/db';
import {
  ChatAnswerSchema,
  contextAfter,
  deliveryCityOf,
  conversationDecider,
  ConversationMovedOn,
  ConversationStartedSchema,
  conversationStreamId,
  ConversationViewSchema,
  decideConversation,
  fullContext,
  EMAIL_PATTERN,
  HandoffAnswerSchema,
  HandoffSchema,
  isUuid,
  messageOfIssue,
  NotFound,
  PHONE_PATTERN,
  SendChatMessageSchema,
  StartConversationSchema,
  transcriptMessage,
  buyerWhatsappUrl,
  type ChatAnswer,
  type ChatMessage,
  type ConversationEvent,
  type ConversationState,
  type ConversationView,
  type CurrencyCode,
  type DomainMessage,
  type SiteLanguage,
} from '@autobest/domain';
import { errorResponses, HttpError } from '../http/errors';
import { handleCommand, STREAMS } from '../http/commands';
import { perAddressAndContact, perAddressLimit } from '../plugins/publicWriteLimits';
import type { VehicleMatcher } from './vehicleMatcher';
import type { KnowledgeBase } from './knowledge';
import type { TaraLanguageModel } from './languageModel';

/** One conversation's messages: a person reads and types far slower; a script hammering one conversation is stopped. */
export const CHAT_MESSAGES_PER_CONVERSATION = { max: 20, windowMs: 60_000 };

const tags = ['assistant'];
const ConversationParams = z.object({ id: z.string().max(64).describe("The conversation's id (a random UUID: the buyer's only key to it)") });

/** An id that cannot be a conversation's is unknown, like one that was never started. */
const streamOf = (id: string) => {
  if (!isUuid(id)) throw new NotFound('conversation', id);
  return conversationStreamId(id.toLowerCase());
};

/** The transcript of a stream's events; stream positions start at 1. */
const messagesOf = (events: readonly ConversationEvent[], state: ConversationState, firstPosition = 1): ChatMessage[] =>
  events.flatMap((event, index) => transcriptMessage(event, { language: state.language, position: firstPosition + index }) ?? []);

function viewOf(id: string, events: readonly ConversationEvent[], state: ConversationState): ConversationView {
  const replies = events.flatMap((event) => (event.type === 'TaraReplied' ? [event.data] : []));
  const withCards = replies.findLast((reply) => reply.vehicles.length > 0);
  return {
    id,
    stage: state.stage,
    language: state.language,
    currency: state.currency,
    context: state.context,
    messages: messagesOf(events, state),
    vehicles: withCards?.vehicles ?? [],
    sort: withCards?.sort ?? null,
    // Until Tara has suggested anything, the widget shows the spec's quick replies in the visitor's language.
    suggestions: replies.at(-1)?.suggestions ?? [],
    handedOff: state.handoff !== null,
  };
}

/** Tara's public API: a buyer starts a conversation, writes to Tara, reopens it after a reload, and asks for a person. */
export const assistantPublicRoutes: FastifyPluginAsyncZod<{ matcher: VehicleMatcher; knowledge: KnowledgeBase; model: TaraLanguageModel | null }> = async (app, { matcher, knowledge, model }) => {
  app.post(
    '/api/chat/conversations',
    {
      config: perAddressLimit(app, 'chat-start'),
      schema: {
        tags,
        summary: "Start a conversation with Tara in the visitor's language and currency; answers its id and Tara's greeting",
        body: StartConversationSchema,
        response: { 201: ConversationStartedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const conversationId = randomUUID();
      const { language, currency, entry, topic } = request.body;
      const { events } = await handleCommand(
        app,
        request,
        STREAMS.conversation,
        conversationStreamId(conversationId),
        (state) => decideConversation({ type: 'StartConversation', conversationId, language, currency, entry, topic, now: new Date() }, state),
        { by: 'visitor', fresh: true },
      );
      const greeting = transcriptMessage(events[0]!, { language, position: 1 })!;
      return reply.code(201).send({ id: conversationId, stage: 'greeting', greeting });
    },
  );

  /** The conversation's limit, answered in Tara's voice: the widget shows the message as her reply. */
  async function countMessage(reply: FastifyReply, conversationId: string) {
    try {
      await app.limits.consume(reply, 'chat-conversation', conversationId, CHAT_MESSAGES_PER_CONVERSATION);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      throw new HttpError(429, 'rate_limited', `You're writing faster than I can read! Give me ${error.params?.['retryAfterSeconds'] ?? 60} seconds and send it again.`, undefined, error.params);
    }
  }

  /** Finds the vehicles for what the message leads to, then decides; another message deciding first is ConversationMovedOn. */
  async function answerMessage(
    request: FastifyRequest,
    streamId: string,
    { text, language, currency }: { text: string; language?: SiteLanguage | undefined; currency?: CurrencyCode | undefined },
    read?: { state: ConversationState; version: number },
  ): Promise<ChatAnswer> {
    const known = read ?? (await readState(app.eventStore, conversationDecider, streamId));
    const { state } = known;
    const matchedFor = contextAfter(state, text, language, currency);
    const deliverTo = deliveryCityOf(text);
    const [found, answers] = await Promise.all([matcher(matchedFor, currency ?? state.currency, { deliverTo }), knowledge.answersFor(language ?? state.language)]);
    // With a language model, it phrases the reply and may add the slots it read (the cards found again), or says why the rules engine's stands.
    const modelTurn = model ? await model({ state, text, language, currency, matches: found, knowledge: answers, deliverTo, log: request.log }) : undefined;
    const phrasing = modelTurn?.phrasing;
    const matches = modelTurn?.matches ?? found;
    const messageIds = { buyer: randomUUID(), reply: randomUUID() };
    const { events, state: after, version } = await handleCommand(
      app,
      request,
      STREAMS.conversation,
      streamId,
      (current) => decideConversation({ type: 'ReceiveBuyerMessage', text, language, currency, messageIds, matches, matchedFor, knowledge: answers, phrasing, now: new Date() }, current),
      { by: 'visitor', known: { state: known.state, version: known.version } },
    );
    const [message, replyMessage] = messagesOf(events, after, version - events.length + 1);
    const replied = events.find((event) => event.type === 'TaraReplied')!;
    return {
      stage: replied.data.stage,
      reply: { content: replied.data.content, citations: replied.data.citations },
      context: fullContext(replied.data.context),
      vehicles: replied.data.vehicles,
      sort: replied.data.sort ?? null,
      suggestions: replied.data.suggestions,
      message: message!,
      replyMessage: replyMessage!,
    };
  }

  app.post(
    '/api/chat/conversations/:id/messages',
    {
      config: perAddressLimit(app, 'chat-message'),
      schema: {
        tags,
        summary: "Send the buyer's message; answers Tara's reply, the stage, what she understood and the vehicles she shows",
        params: ConversationParams,
        body: SendChatMessageSchema,
        response: { 200: ChatAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const streamId = streamOf(request.params.id);
      const read = await readState(app.eventStore, conversationDecider, streamId);
      if (read.state.conversationId === null) throw new NotFound('conversation', request.params.id);
      await countMessage(reply, read.state.conversationId);
      try {
        return await answerMessage(request, streamId, request.body, read);
      } catch (error) {
        // Two messages of one conversation at once (two tabs): the second is answered on what the first changed.
        if (!(error instanceof ConversationMovedOn)) throw error;
        return answerMessage(request, streamId, request.body);
      }
    },
  );

  app.get(
    '/api/chat/conversations/:id',
    {
      schema: {
        tags,
        summary: 'The conversation as its buyer reopens it: every message, what Tara understood, the latest cards',
        params: ConversationParams,
        response: { 200: ConversationViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Folded from the stream, not read from the read model, so a reload right after a reply shows it.
      const { state, events } = await readState(app.eventStore, conversationDecider, streamOf(request.params.id));
      if (state.conversationId === null) throw new NotFound('conversation', request.params.id);
      reply.header('Cache-Control', 'no-store');
      return viewOf(state.conversationId, events, state);
    },
  );

  app.post(
    '/api/chat/conversations/:id/handoff',
    {
      ...perAddressAndContact(app, 'chat-handoff'),
      schema: {
        tags,
        summary: 'Ask for a person: a name and a phone or an email (or both); staff get the lead with the transcript',
        params: ConversationParams,
        body: HandoffSchema,
        response: { 201: HandoffAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const streamId = streamOf(request.params.id);
      const name = request.body.name;
      const phone = request.body.phone || undefined;
      const email = request.body.email || undefined;
      const problems: Record<string, string | DomainMessage> = {};
      if (!phone && !email) problems['phone'] = 'Leave a phone number or an email address so we can reach you';
      if (phone && !PHONE_PATTERN.test(phone)) problems['phone'] = messageOfIssue({ code: 'custom', message: 'phoneInvalid' });
      if (email && !EMAIL_PATTERN.test(email)) problems['email'] = messageOfIssue({ code: 'custom', message: 'emailInvalid' });
      if (Object.keys(problems).length > 0) {
        throw new HttpError(400, 'validation_failed', `Some fields in the request body are missing or invalid: ${Object.keys(problems).join(', ')}`, problems);
      }
      const { state: before } = await readState(app.eventStore, conversationDecider, streamId);
      if (before.conversationId === null) throw new NotFound('conversation', request.params.id);
      await handleCommand(app, request, STREAMS.conversation, streamId, (state) => decideConversation({ type: 'HandOff', name, phone, email, whatsappUpdates: request.body.whatsappUpdates, now: new Date() }, state), { by: 'visitor' });
      // The reply to the latest hand-off (the same again when nothing changed), as the transcript shows it.
      const { state, events } = await readState(app.eventStore, conversationDecider, streamId);
      const position = events.findLastIndex((event) => event.type === 'ConversationHandedOff') + 1;
      const answer = transcriptMessage(events[position - 1]!, { language: state.language, position })!;
      return reply.code(201).send({ id: before.conversationId, reply: answer, whatsappUrl: buyerWhatsappUrl(state.language, state.context) });
    },
  );
};
