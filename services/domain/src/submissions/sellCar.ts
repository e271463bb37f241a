import { z } from 'zod';
import {
  isSellPhone,
  SubmissionMessages as M,
  consentGiven,
  emailField,
  optionalText,
  phoneField,
  requiredText,
  yesNo,
} from './fields';

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
export const SellCarFieldsSchema = z.object({
  fullName: requiredText(M.fullNameRequired),
  phoneNumber: phoneField(isSellPhone),
  email: emailField,
  make: requiredText(M.makeRequired, 60),
  model: requiredText(M.sellModelRequired, 60),
  year: requiredText(M.sellYearRequired, 10),
  odometer: requiredText(M.odometerRequired, 20),
  vin: optionalText(40),
  fuelType: z.enum(SELL_CAR_FUEL_TYPES, { error: M.fuelTypeRequired }),
  transmission: z.enum(SELL_CAR_TRANSMISSIONS, { error: M.transmissionRequired }),
  knownIssues: optionalText(5000),
  underFinance: yesNo(M.underFinanceRequired),
  askingPrice: requiredText(M.askingPriceRequired, 30),
  consent: consentGiven(M.sellConsentRequired),
});

export type SellCarFields = z.output<typeof SellCarFieldsSchema>;
