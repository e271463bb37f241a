import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: '← Rudi Nyumbani',
  title: 'Magari Yaliyopunguzwa Bei',
  subtitle: 'Ofa za Muda Mfupi Kote Afrika Magharibi',
  loading: 'Inapakia ofa...',
  failed: 'Hitilafu ya kupakia ofa: {message}',
  empty: 'Hakuna ofa kwa sasa. Rudi baadaye au vinjari magari yaliyopo.',
  browse: 'Vinjari magari',
  save: 'Okoa {percent}',
  was: 'Awali {price}',
  now: 'Sasa {price}',
  location: 'Linapatikana {city}',
  rating: 'Ukadiriaji {rating}',
  getDeal: 'Pata Ofa Hii',
  viewVehicle: 'Angalia gari',
  dealSubject: 'Ofa ya {name} {year}',
  dialogTitle: 'Pata ofa hii: {name}',
  note: 'Ofa ni halali hadi bidhaa ziishe; bei za mwisho huthibitishwa na timu yetu ya mauzo.',
} satisfies Translation<typeof en>;
