import type { SiteLanguage } from '../platform/languages';
import type { ChatMessage } from './contracts';
import type { ConversationEvent } from './conversation';
import { handoffReply } from './handoff';

/**
 * The message an event puts into the conversation's transcript, if any: Tara's greeting, each buyer message and reply,
 * and Tara's answer to a hand-off. The buyer's reopened conversation (folded from the stream) and the console's
 * transcript (the read model) are both made by it, so they show the same messages with the same ids.
 */
export function transcriptMessage(event: ConversationEvent, { language, position }: { language: SiteLanguage; position: number }): ChatMessage | null {
  switch (event.type) {
    case 'ConversationStarted':
      return { id: 'greeting', content: event.data.greeting, isUser: false, timestamp: event.data.startedAt };
    case 'BuyerMessageReceived':
      return { id: event.data.messageId, content: event.data.text, isUser: true, timestamp: event.data.receivedAt };
    case 'TaraReplied':
      return { id: event.data.messageId, content: event.data.content, isUser: false, timestamp: event.data.repliedAt, citations: event.data.citations };
    case 'ConversationHandedOff':
      return { id: `handoff-${position}`, content: handoffReply(language, event.data.name), isUser: false, timestamp: event.data.handedOffAt };
    case 'ConversationLanguageChanged':
    case 'ConversationCurrencyChanged':
    case 'ConversationStatusChanged':
    case 'ConversationNoteAdded':
    case 'ConversationWhatsAppReplyReceived':
      // A WhatsApp reply is the lead's note, not a message to Tara.
      return null;
  }
}
