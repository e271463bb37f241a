import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  offline: 'Vous êtes hors ligne. Ce que vous saisissez et les photos choisies sont gardés sur ce téléphone.',
  offlineText: 'Vous êtes hors ligne. Ce que vous saisissez est gardé sur ce téléphone.',
  waiting: 'Vous êtes hors ligne : votre demande sera envoyée dès votre retour en ligne. Rien de ce que vous avez saisi n’est perdu.',
  sendNow: 'Essayer d’envoyer maintenant',
} satisfies Translation<typeof en>;
