import { defineMessages } from '../../i18n';
import en from './en';

export const taraMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
