import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../contact/contactMessage';

/**
 * The sell form's phone shape: an optional plus, then 10 to 15 digits, with spaces or hyphens between them.
 * Digits are counted, not characters, so "+234 803 555 0142" (13 digits) passes as a buyer would expect.
 */
export const isSellPhone = (value: string) => /^\+?[\d\s-]+$/.test(value) && /^(\D*\d){10,15}\D*$/.test(value);

export const SubmissionMessages = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  makeRequired: 'Vehicle make is required',
  sellModelRequired: 'Vehicle model is required',
  sellYearRequired: 'Vehicle year is required',
  tradeInModelRequired: 'Model is required',
  tradeInYearRequired: 'Year is required',
  odometerRequired: 'Odometer reading is required',
  fuelTypeRequired: 'Fuel type is required',
  transmissionRequired: 'Transmission type is required',
  askingPriceRequired: 'Asking price is required',
  underFinanceRequired: 'Please specify if vehicle is under finance',
  sellConsentRequired: 'You must agree to the terms and conditions',
  tradeInConsentRequired: 'You must consent to sharing your information',
  sellPhotosRequired: 'Please upload all 6 required images',
  tradeInPhotosRequired: (labels: readonly string[]) => `Please upload images for: ${labels.join(', ')}`,
  invalidFileTitle: 'Invalid file type',
  invalidFileText: 'Please upload an image file (JPG, PNG, etc.)',
  fileTooLargeTitle: 'File too large',
  fileTooLargeText: 'Please upload an image smaller than 5MB',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** 5 MB, the spec's photo limit. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const REQUIRED_PHOTOS = 6;

/** A required text field: blank is missing, with the spec's message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, SubmissionMessages.tooLong(max));

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, SubmissionMessages.tooLong(max))
    .optional()
    .transform((value) => (value ? value : null));

/** 'yes' / 'no' on the wire (also true/false); an absent answer is the spec's default, No. */
export const yesNo = (message: string) =>
  z
    .enum(['yes', 'no', 'true', 'false'], { error: message })
    .optional()
    .transform((value) => value === 'yes' || value === 'true');

export const consentGiven = (message: string) =>
  z.enum(['true', 'on', 'yes'], { error: message }).transform(() => true as const);

export const emailField = requiredText(SubmissionMessages.emailRequired, 254).regex(EMAIL_PATTERN, SubmissionMessages.emailInvalid);

export const phoneField = (accepts: (value: string) => boolean) =>
  requiredText(SubmissionMessages.phoneRequired, 30).refine(accepts, SubmissionMessages.phoneInvalid);

export { PHONE_PATTERN };
