import { defineMessages } from '../../i18n';
import ar from './ar';
import en from './en';
import fr from './fr';
import sw from './sw';

// All four languages in the note's own chunk (a few words each): the service worker precaches that one chunk, so the
// note can be read offline in any language.
export const offlineMessages = defineMessages(en, {
  fr: () => Promise.resolve({ default: fr }),
  ar: () => Promise.resolve({ default: ar }),
  sw: () => Promise.resolve({ default: sw }),
});
