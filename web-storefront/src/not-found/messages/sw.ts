import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Samahani! Ukurasa haukupatikana',
  returnHome: 'Rudi Mwanzo',
} satisfies Translation<typeof en>;
