import { defineMessages } from '../../i18n';
import en from './en';

export const contactMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
