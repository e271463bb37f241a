import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'حاسبة التمويل',
  term: 'المدة',
  termMonths: '{months} شهرًا',
  depositAs: 'الدفعة الأولى',
  depositAmount: 'مبلغ',
  depositPercent: 'نسبة من السعر',
  deposit: 'الدفعة الأولى ({currency})',
  depositShare: 'الدفعة الأولى (%)',
  depositTooHigh: 'لا يمكن أن تزيد الدفعة الأولى على السعر.',
  monthly: '{amount} شهريًا',
  summary: '{months} دفعة شهرية بمعدل سنوي {apr} على السعر المعلن {price}، بعد دفعة أولى قدرها {deposit}',
  borrowed: 'المبلغ المقترض',
  totalPayable: 'إجمالي المبلغ المدفوع',
  apr: 'المعدل السنوي',
  estimate: 'تقدير: يؤكد المُقرض المعدل والشروط عند تقديم طلبك.',
} satisfies Translation<typeof en>;
