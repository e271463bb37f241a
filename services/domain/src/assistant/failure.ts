import type { SiteLanguage } from '../platform/languages';

/**
 * The spec's failure message (section 8), in each language: the one copy, which Tara's widget shows when a reply
 * cannot be had (browser-safe, imported there as '@autobest/domain/assistant/failure').
 */
export const CHAT_FAILURE_MESSAGE: Readonly<Record<SiteLanguage, string>> = {
  en: "I'm sorry, I encountered an issue processing your request. Please try again.",
  fr: "Je suis désolée, j'ai rencontré un problème en traitant votre demande. Veuillez réessayer.",
  ar: 'عذرًا، واجهت مشكلة أثناء معالجة طلبك. يرجى المحاولة مرة أخرى.',
  sw: 'Samahani, nimekumbana na tatizo nikishughulikia ombi lako. Tafadhali jaribu tena.',
};
