import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: '← Rudi Nyumbani',
  title: 'Habari na Video za Magari',
  filterLabel: 'Kategoria',
  all: 'Zote',
  byAuthor: 'Na {author}',
  readTime: 'Dakika {minutes} za kusoma',
} satisfies Translation<typeof en>;
