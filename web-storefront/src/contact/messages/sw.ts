import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Wasiliana Nasi',
  lead: 'Una swali kuhusu gari, kubadilisha gari au usafirishaji? Wasiliana nasi kwa njia inayokufaa.',
  callTitle: 'Tupigie simu',
  callHours: 'Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni (WAT)',
  callAction: 'Piga sasa',
  emailTitle: 'Tutumie barua pepe',
  emailNote: 'Tunajibu ndani ya saa 24',
  emailAction: 'Tuma barua pepe',
  chatTitle: 'Gumzo la moja kwa moja',
  chatDetail: 'Ongea na Tara, msaidizi wetu',
  chatNote: 'Majibu wakati wowote, mchana au usiku',
  chatAction: 'Anza gumzo',
  formTitle: 'Tutumie ujumbe',
  form: 'Fomu ya mawasiliano',
  firstName: 'Jina la kwanza',
  lastName: 'Jina la ukoo',
  email: 'Barua pepe',
  phone: 'Simu',
  message: 'Ujumbe',
  send: 'Tuma Ujumbe',
  sending: 'Inatuma...',
  sent: 'Asante! Ujumbe wako umetumwa. Timu yetu itakujibu ndani ya saa 24.',
  failed: 'Samahani, hatukuweza kutuma ujumbe wako. Tafadhali jaribu tena.',
} satisfies Translation<typeof en>;
