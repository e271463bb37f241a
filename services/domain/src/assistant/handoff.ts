import { salesWhatsappUrl, whatsappChatUrl } from '../inventory/reservation';
import { formatMoney, fromMajor } from '../money/money';
import { greetingName } from '../contact/people';
import type { SiteLanguage } from '../platform/languages';
import type { StoredChatContext } from './contracts';
import { fullContext } from './slots';

/** What Tara answers once the buyer has left a name and a way to reach them; the name only when it passes the name rules. */
const HANDOFF_REPLIES: Record<SiteLanguage, { named(name: string): string; unnamed: string }> = {
  en: {
    named: (name) => `Thank you, ${name}. A member of our team has your conversation and will contact you shortly (Mon-Sat, 8AM-6PM WAT).`,
    unnamed: 'Thank you. A member of our team has your conversation and will contact you shortly (Mon-Sat, 8AM-6PM WAT).',
  },
  fr: {
    named: (name) => `Merci, ${name}. Un membre de notre équipe a votre conversation et vous contactera très bientôt (du lundi au samedi, de 8 h à 18 h WAT).`,
    unnamed: 'Merci. Un membre de notre équipe a votre conversation et vous contactera très bientôt (du lundi au samedi, de 8 h à 18 h WAT).',
  },
  ar: {
    named: (name) => `شكرًا لك يا ${name}. لدى أحد أعضاء فريقنا محادثتك وسيتواصل معك قريبًا (من الاثنين إلى السبت، من 8 صباحًا حتى 6 مساءً بتوقيت غرب أفريقيا).`,
    unnamed: 'شكرًا لك. لدى أحد أعضاء فريقنا محادثتك وسيتواصل معك قريبًا (من الاثنين إلى السبت، من 8 صباحًا حتى 6 مساءً بتوقيت غرب أفريقيا).',
  },
  sw: {
    named: (name) => `Asante, ${name}. Mmoja wa timu yetu ana mazungumzo yako na atawasiliana nawe hivi karibuni (Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni WAT).`,
    unnamed: 'Asante. Mmoja wa timu yetu ana mazungumzo yako na atawasiliana nawe hivi karibuni (Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni WAT).',
  },
};

export function handoffReply(language: SiteLanguage, name: string): string {
  const words = HANDOFF_REPLIES[language];
  const greeted = greetingName(name);
  return greeted ? words.named(greeted) : words.unnamed;
}

/** What Tara understood, in the staff's words (English): the lead email, the console and the WhatsApp message say it so. */
export function understoodSummary(stored: StoredChatContext): string {
  const context = fullContext(stored);
  const parts = [
    context.budget ? `budget ${formatMoney(fromMajor(context.budget.amount, context.budget.currency))}` : null,
    context.usage ? `for ${context.usage}` : null,
    context.preferredVehicleType ? `type ${context.preferredVehicleType}` : null,
    context.bodyType && context.bodyType !== context.preferredVehicleType ? `body ${context.bodyType}` : null,
    context.fuel && context.fuel !== context.preferredVehicleType ? `fuel ${context.fuel}` : null,
    context.drive ? `drive ${context.drive}` : null,
    context.seats ? `${context.seats}+ seats` : null,
    context.minRangeKm ? `range ${context.minRangeKm} km+` : null,
    context.condition ? context.condition : null,
    context.minYear ? `${context.minYear} or newer` : null,
    context.make ? `make ${context.make}` : null,
    context.location ? `in ${context.location}` : null,
    context.priority && context.priority !== context.preferredVehicleType ? `priority ${context.priority}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'nothing yet';
}

/**
 * The link staff open to write to the buyer on WhatsApp: wa.me takes the number in international form, digits only,
 * and a message to start with. Null when the buyer left no phone. The buyer's name goes in only when it passes the
 * name rules: anything else they typed stays out of a message staff send in our name.
 */
export function whatsappUrl(lead: { name: string; phone?: string | null | undefined }, context: StoredChatContext): string | null {
  const digits = lead.phone?.replace(/\D/g, '') ?? '';
  if (digits.length === 0) return null;
  const name = greetingName(lead.name);
  const text = `${name ? `Hello ${name}` : 'Hello'}, this is AutoBest Africa following up on your chat with Tara (${understoodSummary(context)}). How can we help you choose your car?`;
  return whatsappChatUrl(digits, text);
}

const BUYER_WHATSAPP_OPENING: Record<SiteLanguage, string> = {
  en: 'Hello AutoBest Africa, I was chatting with Tara and would like to talk to someone',
  fr: "Bonjour AutoBest Africa, je discutais avec Tara et j'aimerais parler à quelqu'un",
  ar: 'مرحبًا AutoBest Africa، كنت أتحدث مع تارا وأود التحدث مع أحد أفراد الفريق',
  sw: 'Habari AutoBest Africa, nilikuwa nikizungumza na Tara na ningependa kuongea na mtu',
};

/**
 * The link the buyer opens to go on with our sales team on WhatsApp (never their own number): the message starts in
 * their language and carries what Tara understood, so nobody asks again.
 */
export function buyerWhatsappUrl(language: SiteLanguage, context: StoredChatContext): string {
  return salesWhatsappUrl(`${BUYER_WHATSAPP_OPENING[language]} (${understoodSummary(context)}).`);
}
