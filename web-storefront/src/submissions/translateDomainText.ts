import type { Translate } from '../i18n';
import en from './messages/en';

type Messages = typeof en;
const MISSING_PHOTOS = /^Please upload images for: (.+)$/;
const TOO_LONG = /^Must be at most (\d+) characters$/;

// The domain's messages and labels are the catalogue's keys written as their own English text.
const isDomainText = (text: string): text is keyof Messages & string => Object.hasOwn(en, text) && en[text as keyof Messages] === text;

/**
 * A message or photo label from the domain, as the form's own check or the API's `fields` give it, in the
 * visitor's language. The two messages with values are matched by pattern; text we do not know stays English.
 */
export function translateDomainText(t: Translate<Messages>, text: string): string {
  if (isDomainText(text)) return t(text);
  const missingPhotos = MISSING_PHOTOS.exec(text);
  if (missingPhotos) {
    const labels = (missingPhotos[1] ?? '').split(', ').map((label) => (isDomainText(label) ? t(label) : label));
    return t('Please upload images for: {labels}', { labels: labels.join(t('labelSeparator')) });
  }
  const tooLong = TOO_LONG.exec(text);
  if (tooLong) return t('Must be at most {max} characters', { max: tooLong[1] ?? '' });
  return text;
}
