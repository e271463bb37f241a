import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: "← Retour à l'accueil",
  title: 'Actualités et vidéos automobiles',
  filterLabel: 'Catégorie',
  all: 'Toutes',
  byAuthor: 'Par {author}',
  readTime: '{minutes} min de lecture',
} satisfies Translation<typeof en>;
