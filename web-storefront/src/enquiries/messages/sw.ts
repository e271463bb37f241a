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
  'Full name is required': 'Jina kamili linahitajika',
  'Phone number is required': 'Namba ya simu inahitajika',
  'Please enter a valid phone number': 'Tafadhali weka namba ya simu sahihi',
  'Please enter a valid email address': 'Tafadhali weka barua pepe sahihi',
  'Please choose a valid date': 'Tafadhali chagua tarehe sahihi',
} satisfies Translation<typeof en>;
