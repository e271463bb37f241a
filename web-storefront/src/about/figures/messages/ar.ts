import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  atLeast: '+{value}',
  countries: 'دولة أفريقية نخدمها',
  vehicles: 'سيارة متاحة',
  customers: 'عميل',
  satisfaction: 'نسبة رضا العملاء',
  years: 'عامًا في تجارة السيارات',
  sold: 'سيارة مُباعة',
  cities: 'مدن',
  partners: 'وكيلًا شريكًا',
  containers: 'حاوية نشحنها سنويًا',
} satisfies Translation<typeof en>;
