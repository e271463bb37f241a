import type { Translation } from '../../i18n';
import type en from './en';

export default {
  savedOffline: 'Imehifadhiwa {time} — uko nje ya mtandao',
  savedSlow: 'Imehifadhiwa {time} — muunganisho ni wa polepole mno kuisasisha',
} satisfies Translation<typeof en>;
