import { defineMessages } from '../../../i18n';
import en from './en';

/** The vehicle page's record: VIN, trim, import status, driving range and the quoted pricing. */
export const vehicleRecordMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});
