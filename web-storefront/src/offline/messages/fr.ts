import type { Translation } from '../../i18n';
import type en from './en';

export default {
  savedOffline: 'Enregistré le {time} — vous êtes hors ligne',
  savedSlow: 'Enregistré le {time} — la connexion est trop lente pour le mettre à jour',
} satisfies Translation<typeof en>;
