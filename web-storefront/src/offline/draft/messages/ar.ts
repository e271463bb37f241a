import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  offline: 'أنت غير متصل بالإنترنت. ما تكتبه والصور التي تختارها محفوظة على هذا الهاتف.',
  offlineText: 'أنت غير متصل بالإنترنت. ما تكتبه محفوظ على هذا الهاتف.',
  waiting: 'أنت غير متصل بالإنترنت: سيُرسل طلبك عند عودة الاتصال. لن يضيع شيء مما أدخلته.',
  sendNow: 'حاول الإرسال الآن',
} satisfies Translation<typeof en>;
