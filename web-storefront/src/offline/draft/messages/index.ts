import { defineMessages } from '../../../i18n';
import en from './en';

export const draftMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
