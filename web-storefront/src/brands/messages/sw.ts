import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: '← Rudi Mwanzo',
  title: 'Chapa za Magari',
  lead: 'Watengenezaji tunaowauza, kuwahudumia na kuwasimamia, pamoja na modeli zilizopo leo.',
  loading: 'Inapakia chapa...',
  failed: 'Imeshindwa kupakia chapa: {message}',
  retry: 'Jaribu tena',
  cheryAbout: 'Msafirishaji mkubwa wa magari kutoka China: SUV zenye vifaa kamili kama mfululizo wa Tiggo, zenye dhamana ndefu.',
  bydAbout: 'Mtengenezaji mkubwa duniani wa magari ya umeme na mseto yanayochajiwa, kuanzia magari ya mjini hadi saloon.',
  toyotaAbout: 'Maarufu kwa kuaminika na vipuri vinavyopatikana kwa urahisi kote Afrika, kuanzia Corolla hadi Land Cruiser.',
  priceRange: '{min} – {max}',
  inStock: '{count} zipo',
  modelsTitle: 'Modeli',
  noneInStock: 'Hakuna kwa sasa; tuulize nasi tutakutafutia.',
  viewModels: 'Tazama Modeli za {brand}',
  othersTitle: 'Chapa nyingine zilizopo',
} satisfies Translation<typeof en>;
