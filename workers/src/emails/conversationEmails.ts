import type { Transaction } from 'kysely';
import { parseStoredEvent, readStream, type Database, type StoredEvent } from '@autobest/db';
import { ConversationEventSchema, EMPTY_CHAT_CONTEXT, evolveConversation, fullContext, initialConversationState, SITE_LANGUAGE_NAMES, understoodSummary, whatsappUrl, type ConversationEvent, type SiteLanguage } from '@autobest/domain';
import { PUBLIC_WORDING } from './publicWording';
import { adminShowUrl, escapeHtml, greetingIn, layout, publicEmail, quoted, visitorText, type Email, type EmailContext, type PlannedEmails } from './templates';

type Handoff = Extract<ConversationEvent, { type: 'ConversationHandedOff' }>['data'];

/**
 * One line of the transcript: the buyer's words plainly quoted as theirs. Both sides are defanged: Tara's replies may
 * repeat what the buyer wrote.
 */
function transcriptLine(event: ConversationEvent): string | null {
  if (event.type === 'BuyerMessageReceived') return `Buyer (${event.data.receivedAt}): ${quoted(event.data.text)}`;
  if (event.type === 'TaraReplied') return `Tara: ${visitorText(event.data.content)}`;
  return null;
}

/**
 * Staff get each buyer who asks Tara for a person as a lead: who, how to reach them, what Tara understood, the vehicles
 * she showed, a WhatsApp link that starts the chat with that context, and the whole transcript. Our words open the
 * email and fill the subject; everything the buyer typed is quoted and defanged (visitorText).
 */
export function staffLeadNotice(history: readonly ConversationEvent[], handoff: Handoff, context: EmailContext): Email {
  const replies = history.flatMap((event) => (event.type === 'TaraReplied' ? [event.data] : []));
  // The site's language and currency as the buyer had them last (either may have changed since the start).
  const { language, currency } = history.reduce(evolveConversation, initialConversationState);
  const understood = fullContext(replies.at(-1)?.context ?? EMPTY_CHAT_CONTEXT);
  const shown = new Map(replies.flatMap((reply) => reply.vehicles.map((vehicle) => [vehicle.id, vehicle.name] as const)));
  const site = context.publicUrl.replace(/\/$/, '');
  const whatsapp = whatsappUrl(handoff, understood);
  const lines = [
    `A buyer asked Tara for a person (conversation ${handoff.conversationId}).`,
    `Name: ${visitorText(handoff.name)}`,
    `Phone: ${handoff.phone ? visitorText(handoff.phone) : 'not given'}`,
    `Email: ${handoff.email ? visitorText(handoff.email) : 'not given'}`,
    `Language on the site: ${SITE_LANGUAGE_NAMES[language]}; currency ${currency}`,
    `What Tara understood: ${understoodSummary(understood)}`,
    `Vehicles shown: ${shown.size === 0 ? 'none' : [...shown].map(([id, name]) => `${name} (${site}/vehicle/${encodeURIComponent(id)})`).join('; ')}`,
    ...(whatsapp ? [`WhatsApp the buyer: ${whatsapp}`] : []),
    `Follow the lead up in the console: ${adminShowUrl(context, 'conversations', handoff.conversationId)}`,
    'Transcript:',
    ...history.flatMap((event) => transcriptLine(event) ?? []),
  ];
  return {
    template: 'staff-new-tara-lead',
    to: context.staffEmail,
    subject: `New lead from Tara ${handoff.conversationId}`,
    text: `${lines.join('\n')}\n`,
    html: layout(lines.map(escapeHtml)),
  };
}

/** The buyer who left an email address hears from us in the language they were chatting in: our words only. */
export function handoffAcknowledgement(handoff: Handoff, language: SiteLanguage, context: EmailContext): Email | null {
  if (!handoff.email) return null;
  const words = PUBLIC_WORDING[language];
  return publicEmail('customer-tara-handoff-acknowledgement', handoff.email, language, words.handoff.subject, [
    greetingIn(language, handoff.name),
    words.handoff.thanks,
    words.reference(handoff.conversationId),
    words.questions(context.contactPhone),
  ]);
}

/** A conversation's events up to `stored`, read from its stream; null when it was never started. */
export async function conversationUpTo(trx: Transaction<Database>, stored: StoredEvent): Promise<ConversationEvent[] | null> {
  const history = (await readStream(trx, stored.streamId))
    .filter((earlier) => earlier.streamPosition <= stored.streamPosition)
    .map((earlier) => parseStoredEvent(ConversationEventSchema, earlier));
  return history[0]?.type === 'ConversationStarted' ? history : null;
}

/**
 * The notifier's planner for Tara's conversations: for each hand-off (the last event of `history`), a staff notice
 * with the transcript up to it, and the buyer's acknowledgement when they left an email address.
 */
export function conversationEmails(history: readonly ConversationEvent[], context: EmailContext): PlannedEmails | null {
  const event = history.at(-1);
  if (event?.type !== 'ConversationHandedOff') return null;
  // The site's language as the buyer had it last, as the lead says it.
  const { language } = history.reduce(evolveConversation, initialConversationState);
  const acknowledgement = handoffAcknowledgement(event.data, language, context);
  return { emails: [staffLeadNotice(history, event.data, context), ...(acknowledgement ? [acknowledgement] : [])], relatedId: event.data.conversationId };
}
