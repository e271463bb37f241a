import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  priceRange: 'Kiwango cha bei: {low} – {high}',
  trim: 'Toleo',
  vin: 'VIN',
  vinNotYet: 'Hutolewa kiwanda kinapounda gari',
  vinOnRequest: 'Ukiomba',
  importStatus: 'Upatikanaji',
  statusInStock: 'Lipo hapa nchini',
  statusInTransit: 'Liko njiani',
  statusOnOrder: 'Limeagizwa kutoka kiwandani',
  expectedArrival: '{status}, linatarajiwa {date}',
  drivingRange: 'Umbali wa kuendesha',
  drivingRangeKm: 'km {km}',
  pricing: 'Kiwango cha bei',
  reservationAmount: 'Kiasi cha kuhifadhi',
  pricingNote: 'Kuhusu bei',
} satisfies Translation<typeof en>;
