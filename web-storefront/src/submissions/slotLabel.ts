import type { Translate } from '../i18n';
import en from './messages/en';

type Messages = typeof en;

/** A photo slot's label from the domain (its English is the catalogue's key), in the visitor's language. */
export const slotLabel = (t: Translate<Messages>, label: string): string => (Object.hasOwn(en, label) ? t(label as keyof Messages & string) : label);
