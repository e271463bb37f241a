import { defineMessages } from '../../i18n';
import en from './en';

export const serviceMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
