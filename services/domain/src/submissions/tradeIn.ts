import { z } from 'zod';
import { PHONE_PATTERN, answeredYesNo, optionalText, ownerRequestFields, requiredText } from './fields';

export const TRADE_IN_MAKES = [
  'Toyota', 'Honda', 'Nissan', 'Hyundai', 'Kia', 'Mercedes-Benz', 'BMW', 'Audi', 'Volkswagen', 'Ford', 'Chevrolet',
  'Peugeot', 'Mazda', 'Lexus', 'Infiniti', 'Acura', 'Mitsubishi', 'Subaru', 'Suzuki', 'Isuzu', 'Other',
] as const;
export const TRADE_IN_FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'ev'] as const;
export const TRADE_IN_TRANSMISSIONS = ['automatic', 'manual'] as const;
export const TRADE_IN_OLDEST_YEAR = 1990;

export const TRADE_IN_PHOTO_SLOTS = [
  { slot: 'front', label: 'Front' },
  { slot: 'rear', label: 'Rear' },
  { slot: 'left', label: 'Left Side' },
  { slot: 'right', label: 'Right Side' },
  { slot: 'interior', label: 'Interior' },
  { slot: 'dashboard', label: 'Dashboard (odometer visible)' },
] as const;

/** Current year down to 1990, as the form offers them. */
export function tradeInYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= TRADE_IN_OLDEST_YEAR; year--) years.push(year);
  return years;
}

/** The trade-in form's text fields, flat. The form names the make `vehicleMake`; `make` is accepted too. */
export const TradeInFieldsSchema = z.preprocess(
  (input) =>
    typeof input === 'object' && input !== null && !('vehicleMake' in input) && 'make' in input
      ? { ...input, vehicleMake: (input as { make: unknown }).make }
      : input,
  z.object(
    ownerRequestFields({
      phone: (value) => PHONE_PATTERN.test(value),
      vehicle: {
        vehicleMake: requiredText('makeRequired', 60),
        model: requiredText('tradeInModelRequired', 60),
        year: requiredText('tradeInYearRequired', 4).refine((value) => {
          const year = Number(value);
          return Number.isInteger(year) && year >= TRADE_IN_OLDEST_YEAR && year <= new Date().getFullYear() + 1;
        }, 'tradeInYearRequired'),
      },
      fuelTypes: TRADE_IN_FUEL_TYPES,
      transmissions: TRADE_IN_TRANSMISSIONS,
      underFinance: answeredYesNo('underFinanceRequired'),
      askingPrice: optionalText(30),
      consentMessage: 'tradeInConsentRequired',
    }),
  ),
);

export type TradeInFields = z.output<typeof TradeInFieldsSchema>;
