import { useCallback } from 'react';
import { useLanguage, useT, type Language, type Translate } from '../i18n';
import { formMessages } from './formMessages';
import type en from './formMessages/en';

/** "in 45 seconds", "in 3 minutes", "in 2 hours", rounded up so the visitor never comes back too early. */
export function tryAgainIn(language: Language, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return format.format(minutes, 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

/** The sentence a form shows for a 429, in the visitor's language, saying when to try again if the API said. */
export function rateLimitedText(t: Translate<typeof en>, language: Language, seconds: number | undefined): string {
  return seconds === undefined ? t('rateLimitedLater') : t('rateLimited', { when: tryAgainIn(language, seconds) });
}

/** For forms: the title and the sentence for a 429 answer. */
export function useRateLimitedText() {
  const t = useT(formMessages);
  const language = useLanguage();
  return {
    title: t('rateLimitedTitle'),
    text: useCallback((seconds: number | undefined) => rateLimitedText(t, language, seconds), [t, language]),
  };
}
