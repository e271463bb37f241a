import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'Imeshindwa kufikia AutoBest. Angalia muunganisho wako kisha ujaribu tena.',
  vehicleNotFound: 'Gari halikupatikana',
  internalError: 'Hitilafu imetokea upande wetu. Tafadhali jaribu tena.',
  vehiclesNotFetched: 'Imeshindwa kupata magari',
} satisfies Translation<typeof en>;
