import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN, SiteLanguageSchema } from '../contact/contactMessage';
import { DEFAULT_SITE_LANGUAGE } from '../platform/languages';
import { isOneLine, tooLong } from '../platform/validation';
import type { MessageCode } from '../platform/messages';

/**
 * The sell form's phone shape: an optional plus, then 10 to 15 digits, with spaces or hyphens between them.
 * Digits are counted, not characters, so "+234 803 555 0142" (13 digits) passes as a buyer would expect.
 */
export const isSellPhone = (value: string) => /^\+?[\d\s-]+$/.test(value) && /^(\D*\d){10,15}\D*$/.test(value);

/** 5 MB, the spec's photo limit. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const REQUIRED_PHOTOS = 6;

/** A required one-line text field: blank is missing, with the spec's message. */
export const requiredText = (message: MessageCode, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong).refine(isOneLine, 'oneLine');

/** One line, unless `freeText` (known issues), which keeps its line breaks. */
export const optionalText = (max: number, { freeText = false } = {}) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => freeText || isOneLine(value), 'oneLine')
    .optional()
    .transform((value) => (value ? value : null));

/** 'yes' / 'no' on the wire (also true/false); an absent answer is the spec's default, No. */
export const yesNo = (message: MessageCode) =>
  z
    .enum(['yes', 'no', 'true', 'false'], { error: message })
    .optional()
    .transform((value) => value === 'yes' || value === 'true');

/** A question the owner must answer (the trade-in's under-finance): exactly 'yes' or 'no'; absent or anything else is refused with `message`. */
export const answeredYesNo = (message: MessageCode) => z.enum(['yes', 'no'], { error: message }).transform((value) => value === 'yes');

export const consentGiven = (message: MessageCode) =>
  z.enum(['true', 'on', 'yes'], { error: message }).transform(() => true as const);

export const emailField = requiredText('emailRequired', 254).regex(EMAIL_PATTERN, 'emailInvalid');

export const phoneField = (accepts: (value: string) => boolean) =>
  requiredText('phoneRequired', 30).refine(accepts, 'phoneInvalid');

/** The site's language as the owner used it, for every email we write back; forms from before it said none: English. */
export const requestLanguage = SiteLanguageSchema.optional().transform((language) => language ?? DEFAULT_SITE_LANGUAGE);

export { PHONE_PATTERN };

/** What an owner told us of themselves and of their car, as a request keeps them (each kind's parseFields makes them of its form's fields). */
export const PersonalInfoSchema = z.object({ fullName: z.string(), phoneNumber: z.string(), email: z.string() });
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>;

export const VehicleInfoSchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.string(),
  odometer: z.string(),
  fuelType: z.string(),
  transmission: z.string(),
  vin: z.string().nullable(),
  knownIssues: z.string().nullable(),
  underFinance: z.boolean(),
  askingPrice: z.string().nullable(),
});
export type VehicleInfo = z.infer<typeof VehicleInfoSchema>;

/** What an owner's request form (sell-car, trade-in) checks its own way; ownerRequestFields holds the rules both share. */
export interface OwnerRequestRules<Vehicle extends z.ZodRawShape, Fuel extends readonly string[], Transmission extends readonly string[], UnderFinance extends z.ZodType, AskingPrice extends z.ZodType> {
  /** The phone shapes the form accepts. */
  phone: (value: string) => boolean;
  /** The make, model and year, as the form names and checks them. */
  vehicle: Vehicle;
  fuelTypes: Fuel;
  transmissions: Transmission;
  underFinance: UnderFinance;
  askingPrice: AskingPrice;
  /** The message for consent not given. */
  consentMessage: MessageCode;
}

/**
 * An owner's request form's text fields, flat as they arrive in the multipart body, in the form's order (the order a
 * 400 names them in): the rules both forms share, and each kind's own from `rules`.
 */
export function ownerRequestFields<Vehicle extends z.ZodRawShape, const Fuel extends readonly string[], const Transmission extends readonly string[], UnderFinance extends z.ZodType, AskingPrice extends z.ZodType>(
  rules: OwnerRequestRules<Vehicle, Fuel, Transmission, UnderFinance, AskingPrice>,
) {
  return {
    fullName: requiredText('fullNameRequired'),
    phoneNumber: phoneField(rules.phone),
    email: emailField,
    ...rules.vehicle,
    odometer: requiredText('odometerRequired', 20),
    vin: optionalText(40),
    fuelType: z.enum(rules.fuelTypes, { error: 'fuelTypeRequired' }),
    transmission: z.enum(rules.transmissions, { error: 'transmissionRequired' }),
    knownIssues: optionalText(5000, { freeText: true }),
    underFinance: rules.underFinance,
    askingPrice: rules.askingPrice,
    consent: consentGiven(rules.consentMessage),
    whatsappUpdates: yesNo('invalid'),
    language: requestLanguage,
  };
}
