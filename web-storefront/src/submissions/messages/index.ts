import { defineMessages } from '../../i18n';
import en from './en';

export const submissionMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});

export type SubmissionMessage = keyof typeof en & string;
