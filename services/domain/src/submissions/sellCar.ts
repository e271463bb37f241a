import { z } from 'zod';
import { isSellPhone, ownerRequestFields, requiredText, yesNo } from './fields';

export const SELL_CAR_FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'electric', 'lpg'] as const;
export const SELL_CAR_TRANSMISSIONS = ['automatic', 'manual', 'cvt', 'semiAutomatic'] as const;

/** Slot names on the wire and their labels, in the order the form shows them. */
export const SELL_CAR_PHOTO_SLOTS = [
  { slot: 'front', label: 'Front View' },
  { slot: 'rear', label: 'Rear View' },
  { slot: 'leftSide', label: 'Left Side' },
  { slot: 'rightSide', label: 'Right Side' },
  { slot: 'interior', label: 'Interior' },
  { slot: 'dashboard', label: 'Dashboard' },
] as const;

/** The sell form's text fields, flat, as they arrive in the multipart body. */
export const SellCarFieldsSchema = z.object(
  ownerRequestFields({
    phone: isSellPhone,
    vehicle: { make: requiredText('makeRequired', 60), model: requiredText('sellModelRequired', 60), year: requiredText('sellYearRequired', 10) },
    fuelTypes: SELL_CAR_FUEL_TYPES,
    transmissions: SELL_CAR_TRANSMISSIONS,
    underFinance: yesNo('underFinanceRequired'),
    askingPrice: requiredText('askingPriceRequired', 30),
    consentMessage: 'sellConsentRequired',
  }),
);

export type SellCarFields = z.output<typeof SellCarFieldsSchema>;
