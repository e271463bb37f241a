import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: '→ العودة إلى الرئيسية',
  title: 'أخبار وفيديوهات السيارات',
  filterLabel: 'الفئة',
  all: 'الكل',
  byAuthor: 'بقلم {author}',
  readTime: 'قراءة في {minutes} دقائق',
} satisfies Translation<typeof en>;
