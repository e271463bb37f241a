import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'تعذّر الاتصال بـ AutoBest. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.',
  vehicleNotFound: 'لم يتم العثور على المركبة',
  internalError: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
  vehiclesNotFetched: 'تعذّر جلب المركبات',
  rateLimitedTitle: 'محاولات كثيرة جدًا',
  rateLimited: 'أرسلت هذا مرات كثيرة في وقت قصير. يُرجى المحاولة مرة أخرى {when}، وما كتبته محفوظ.',
  rateLimitedLater: 'أرسلت هذا مرات كثيرة في وقت قصير. يُرجى المحاولة مرة أخرى لاحقًا، وما كتبته محفوظ.',
} satisfies Translation<typeof en>;
