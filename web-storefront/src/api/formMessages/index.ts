import { defineMessages } from '../../i18n';
import en from './en';

export const formMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
