import { defineMessages } from '../../../i18n';
import en from './en';

export const homeSectionMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
