import { defineMessages } from '../../i18n';
import en from './en';

/** The vehicle page's price-calculation list (issue 18.3). */
export const quoteMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});

export type QuoteMessage = keyof typeof en & string;
