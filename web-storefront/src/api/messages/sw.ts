import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'Imeshindwa kufikia AutoBest. Angalia muunganisho wako kisha ujaribu tena.',
  vehicleNotFound: 'Gari halikupatikana',
  internalError: 'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.',
  vehiclesNotFetched: 'Imeshindwa kupata magari',
  rateLimitedTitle: 'Majaribio mengi mno',
  rateLimited: 'Umetuma hili mara nyingi mno kwa muda mfupi. Tafadhali jaribu tena {when}; ulichoandika kimehifadhiwa.',
  rateLimitedLater: 'Umetuma hili mara nyingi mno kwa muda mfupi. Tafadhali jaribu tena baadaye; ulichoandika kimehifadhiwa.',
} satisfies Translation<typeof en>;
