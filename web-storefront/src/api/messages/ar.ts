import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'تعذّر الاتصال بـ AutoBest. تحقّق من اتصالك بالإنترنت ثم حاول مرة أخرى.',
  vehicleNotFound: 'لم يتم العثور على المركبة',
  internalError: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
  vehiclesNotFetched: 'تعذّر جلب المركبات',
} satisfies Translation<typeof en>;
