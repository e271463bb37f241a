import type { Translation } from '../../i18n';
import type en from './en';

export default {
  close: 'Funga',
  intro: 'Acha maelezo yako na timu yetu itawasiliana nawe ndani ya saa 24.',
  fullName: 'Jina kamili',
  phone: 'Namba ya simu',
  email: 'Barua pepe (si lazima)',
  message: 'Ujumbe (si lazima)',
  preferredDate: 'Tarehe unayopendelea',
  send: 'Tuma ombi',
  sending: 'Inatuma...',
  sent: 'Asante! Tumepokea ombi lako kuhusu {subject} na tutawasiliana nawe ndani ya saa 24.',
  failed: 'Ombi lako halikuweza kutumwa. Tafadhali jaribu tena.',
  fieldsInvalid: 'Tafadhali rekebisha sehemu zilizoonyeshwa.',
} satisfies Translation<typeof en>;
