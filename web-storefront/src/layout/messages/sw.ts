import type { Translation } from '../../i18n';
import type en from './en';

export default {
  skipToContent: 'Ruka hadi maudhui',
  brandTagline: 'Afrika',
  mainNavigation: 'Kuu',
  home: 'Nyumbani',
  inventory: 'Magari yaliyopo',
  sell: 'Uza',
  tradeIn: 'Badilisha',
  contact: 'Wasiliana',
  currency: 'Sarafu',
  language: 'Lugha',
  loadingPage: 'Inapakia ukurasa...',
  pageFailed: 'Ukurasa huu haukuweza kupakiwa. Angalia muunganisho wako kisha ujaribu tena.',
  retry: 'Jaribu tena',
  footerAbout: 'AutoBest Africa: magari kwa Nigeria na bara zima.',
  contactUs: 'Wasiliana nasi',
  locationUnknown: 'Imeshindwa kutambua eneo lako. Sarafu ya msingi inatumika.',
} satisfies Translation<typeof en>;
