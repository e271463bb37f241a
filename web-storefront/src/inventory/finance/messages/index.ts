import { defineMessages } from '../../../i18n';
import en from './en';

/** The vehicle page's finance calculator. */
export const financeMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
