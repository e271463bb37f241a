import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  atLeast: '{value}+',
  countries: 'nchi za Afrika tunazohudumia',
  vehicles: 'magari yanayopatikana',
  customers: 'wateja',
  satisfaction: 'ya wateja wameridhika',
  years: 'miaka katika biashara ya magari',
  sold: 'magari yameuzwa',
  cities: 'miji',
  partners: 'wafanyabiashara washirika',
  containers: 'kontena zinazosafirishwa kwa mwaka',
} satisfies Translation<typeof en>;
