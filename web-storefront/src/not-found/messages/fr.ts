import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Oups ! Page introuvable',
  returnHome: 'Retour à l’accueil',
} satisfies Translation<typeof en>;
