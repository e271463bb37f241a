import type { VEHICLE_CONDITIONS } from '@autobest/domain/inventory';
import { defineMessages, type Translate } from '../../i18n';
import en from './en';

export const inventoryMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});

export type InventoryMessage = keyof typeof en & string;

/** The catalogue's conditions, named in the visitor's language. */
export const CONDITION_MESSAGES = { new: 'conditionNew', used: 'conditionUsed', certified: 'conditionCertified' } as const satisfies Record<(typeof VEHICLE_CONDITIONS)[number], InventoryMessage>;

/** An English message from the API or a fetch helper, in the visitor's language when we know it, else as it came. */
export const apiMessage = (t: Translate<typeof en>, message: string) => t(message as InventoryMessage);
