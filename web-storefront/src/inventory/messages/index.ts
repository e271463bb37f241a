import type { VEHICLE_CONDITIONS } from '@autobest/domain/inventory/kinds';
import { defineMessages } from '../../i18n';
import en from './en';

export const inventoryMessages = defineMessages(en, {
  fr: () => import('./fr'),
  ar: () => import('./ar'),
  sw: () => import('./sw'),
});

export type InventoryMessage = keyof typeof en & string;

/** The catalogue's conditions, named in the visitor's language. */
export const CONDITION_MESSAGES = { new: 'conditionNew', used: 'conditionUsed', certified: 'conditionCertified' } as const satisfies Record<(typeof VEHICLE_CONDITIONS)[number], InventoryMessage>;
