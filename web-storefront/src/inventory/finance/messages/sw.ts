import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Kikokotoo cha mkopo',
  term: 'Muda',
  termMonths: 'miezi {months}',
  depositAs: 'Malipo ya awali kama',
  depositAmount: 'Kiasi',
  depositPercent: 'Sehemu ya bei',
  deposit: 'Malipo ya awali ({currency})',
  depositShare: 'Malipo ya awali (%)',
  depositTooHigh: 'Malipo ya awali hayawezi kuzidi bei.',
  monthly: '{amount} kwa mwezi',
  summary: 'Malipo {months} ya kila mwezi kwa riba ya mwaka {apr} kwa bei iliyoorodheshwa ya {price}, baada ya malipo ya awali ya {deposit}',
  borrowed: 'Kiasi kilichokopwa',
  totalPayable: 'Jumla ya kulipa',
  apr: 'Riba ya mwaka',
  estimate: 'Makadirio: mkopeshaji huthibitisha riba na masharti unapoomba.',
} satisfies Translation<typeof en>;
