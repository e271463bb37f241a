import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'عذرًا! الصفحة غير موجودة',
  returnHome: 'العودة إلى الرئيسية',
} satisfies Translation<typeof en>;
