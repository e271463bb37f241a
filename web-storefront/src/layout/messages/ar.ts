import type { Translation } from '../../i18n';
import type en from './en';

export default {
  skipToContent: 'انتقل إلى المحتوى',
  brandTagline: 'أفريقيا',
  mainNavigation: 'الرئيسية',
  home: 'الرئيسية',
  inventory: 'المخزون',
  sell: 'بيع',
  tradeIn: 'الاستبدال',
  contact: 'اتصل بنا',
  currency: 'العملة',
  language: 'اللغة',
  loadingPage: 'جارٍ تحميل الصفحة...',
  pageFailed: 'تعذّر تحميل هذه الصفحة. تحقّق من اتصالك وحاول مرة أخرى.',
  retry: 'حاول مرة أخرى',
  footerAbout: 'أوتوبست أفريقيا: سيارات لنيجيريا ولكل القارة.',
  contactUs: 'اتصل بنا',
  locationUnknown: 'تعذّر تحديد موقعك. يتم استخدام العملة الافتراضية.',
} satisfies Translation<typeof en>;
