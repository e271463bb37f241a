import type { ChatAnswer, ConversationStartedAnswer, ConversationView, HandoffInput, StartConversation } from '@autobest/domain/assistant/contracts';
import type { z } from 'zod';
import type { SiteLanguage } from '@autobest/domain/languages';
import type { CurrencyCode } from '@autobest/domain/money';
import type { HandoffAnswerSchema } from '@autobest/domain/assistant/contracts';
import { postJson, type ApiResult } from '../api/client';
import { ApiFailure, getJson } from '../inventory/api';

export type HandoffAnswer = z.output<typeof HandoffAnswerSchema>;

const CONVERSATIONS = '/api/chat/conversations';
const path = (id: string, rest = '') => `${CONVERSATIONS}/${encodeURIComponent(id)}${rest}`;

export const startConversation = (input: StartConversation): Promise<ApiResult<ConversationStartedAnswer>> => postJson(CONVERSATIONS, input);

/** A message in the site's language and currency as the visitor has them now (either may have changed since the start). */
export const sendChatMessage = (id: string, text: string, language: SiteLanguage, currency: CurrencyCode): Promise<ApiResult<ChatAnswer>> => postJson(path(id, '/messages'), { text, language, currency });

export const handOff = (id: string, input: HandoffInput): Promise<ApiResult<HandoffAnswer>> => postJson(path(id, '/handoff'), input);

/** The conversation as its buyer left it; null when the server no longer has it (404, or an id it cannot read: start afresh). */
export async function reopenConversation(id: string): Promise<ConversationView | null> {
  try {
    return await getJson<ConversationView>(path(id));
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
