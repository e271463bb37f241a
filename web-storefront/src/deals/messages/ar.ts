import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: '→ العودة إلى الرئيسية',
  title: 'سيارات بأسعار مخفّضة',
  subtitle: 'عروض لفترة محدودة في أنحاء غرب أفريقيا',
  loading: 'جارٍ تحميل العروض...',
  failed: 'خطأ في تحميل العروض: {message}',
  empty: 'لا توجد عروض حاليًا. عُد قريبًا أو تصفّح المخزون.',
  browse: 'تصفّح المخزون',
  save: 'وفّر {percent}',
  was: 'كان {price}',
  now: 'الآن {price}',
  location: 'متوفرة في {city}',
  rating: 'التقييم {rating}',
  getDeal: 'احصل على هذا العرض',
  viewVehicle: 'عرض السيارة',
  dealSubject: 'عرض {name} {year}',
  dialogTitle: 'احصل على هذا العرض: {name}',
  note: 'العروض سارية حتى نفاد الكمية؛ ويؤكد فريق المبيعات الأسعار النهائية.',
} satisfies Translation<typeof en>;
