import type { Translation } from '../../i18n';
import type en from './en';

export default {
  savedOffline: 'محفوظ {time} — أنت غير متصل بالإنترنت',
  savedSlow: 'محفوظ {time} — الاتصال أبطأ من أن يحدّثه',
} satisfies Translation<typeof en>;
