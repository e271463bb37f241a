import type { Translation } from '../../i18n';
import type en from './en';

export default {
  skipToContent: 'Aller au contenu',
  brandTagline: 'Afrique',
  mainNavigation: 'Principale',
  home: 'Accueil',
  inventory: 'Inventaire',
  sell: 'Vendre',
  tradeIn: 'Reprise',
  contact: 'Contact',
  currency: 'Devise',
  language: 'Langue',
  loadingPage: 'Chargement de la page...',
  pageFailed: "Cette page n'a pas pu être chargée. Vérifiez votre connexion et réessayez.",
  retry: 'Réessayer',
  footerAbout: "AutoBest Africa : des voitures pour le Nigeria et tout le continent.",
  contactUs: 'Nous contacter',
  locationUnknown: 'Impossible de détecter votre position. Devise par défaut utilisée.',
} satisfies Translation<typeof en>;
