import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  atLeast: '{value}+',
  countries: 'pays africains desservis',
  vehicles: 'véhicules disponibles',
  customers: 'clients',
  satisfaction: 'de clients satisfaits',
  years: "ans dans l'automobile",
  sold: 'véhicules vendus',
  cities: 'villes',
  partners: 'concessionnaires partenaires',
  containers: 'conteneurs expédiés par an',
} satisfies Translation<typeof en>;
