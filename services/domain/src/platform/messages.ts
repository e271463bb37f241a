import type { z } from 'zod';

/*
 * Every message the domain gives a person, keyed by a stable code, in English with `{name}` placeholders. Schemas
 * name the code (zod carries it as the issue's message); the API answers with the code, its parameters and this
 * English text; the web apps translate by code. Rewording a message here cannot break a translation, and a new
 * public code without a translation fails the storefront's typecheck instead of showing English silently.
 */

/** What a visitor can be told: the storefront's form catalogue (web-storefront/src/api/formMessages) translates every one of these. */
export const PUBLIC_MESSAGES = {
  // Text rules every field is held to.
  notUnicode: 'Must be valid Unicode text',
  controlCharacters: 'Must not contain control characters',
  oneLine: 'Must be one line, without tabs or line breaks',
  tooLong: 'Must be at most {max} characters',
  fieldTooLong: '{label} must be at most {max} characters',
  /** Anything zod says itself (a wrong type in a hand-made request): the English detail stays in `message`. */
  invalid: 'Invalid value',

  // People: the contact form, enquiries and both request forms.
  nameRequired: 'Name is required',
  fullNameRequired: 'Full name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  messageRequired: 'Message is required',
  /** The site language a form sends with a request, for what we write back. */
  languageInvalid: 'Language must be one of: {values}',

  // Sell-car and trade-in requests.
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
  /** `labels`: the missing slots' labels; `slots`: their names on the wire, for a translation to label itself. */
  tradeInPhotosRequired: 'Please upload images for: {labels}',
  invalidFileTitle: 'Invalid file type',
  invalidFileText: 'Please upload an image file (JPG, PNG, etc.)',
  fileTooLargeTitle: 'File too large',
  fileTooLargeText: 'Please upload an image smaller than 5MB',
  /** A request named a photo uploaded on its own that is not there: never finished, expired, or sent with another request. */
  photoUploadUnavailable: 'This photo did not finish uploading or has expired. Please choose it again',

  // Enquiries (test drives, reservations, finance, ...).
  enquiryKindInvalid: 'Enquiry kind must be one of: {values}',
  subjectRequired: 'Please say what your enquiry is about',
  dateInvalid: 'Please choose a valid date',
  detailsTooMany: 'At most {max} details',
  detailNameInvalid: 'Detail names must be 1 to 40 characters',
  detailValueTooLong: 'Detail values must be at most 200 characters',
  detailValueInvalid: 'Detail values must be text or numbers',
} as const;

/** What only staff are told, in the console (English). */
export const STAFF_MESSAGES = {
  // Following up enquiries, contact messages and reservation requests (and notes on sell-car and trade-in requests).
  followUpStatusInvalid: 'Status must be one of: {values}',
  followUpBackToNew: 'A {from} request cannot go back to new',
  noteRequired: 'Note text is required',
  noteTooLong: 'A note is at most {max} characters',

  // The catalogue (console forms and bulk import), in the spec's words.
  vehicleIdRequired: 'Vehicle ID is required',
  vehicleIdInvalid: 'Vehicle ID may hold letters, digits, ".", "_" and "-" only',
  vehicleNameRequired: 'Vehicle name is required',
  brandRequired: 'Brand is required',
  modelRequired: 'Model is required',
  yearInvalid: 'Valid year (2020-2025) is required',
  priceInvalid: 'Valid price is required',
  imagesRequired: 'At least one image is required',
  specificationsRequired: 'Vehicle specifications are required',
  categoryRequired: 'Vehicle category is required',
  vinInvalid: 'VIN must be 17 letters and digits, without I, O or Q',
  vinCheckDigit: 'VIN check digit (9th character) does not match the rest of the VIN',
  importStatusInvalid: 'Import status must be one of: {values}',
  expectedArrivalInvalid: 'Expected arrival must be a date like 2026-03-31',
  evRangeInvalid: 'Driving range must be a whole number of km between 1 and 2000',
  evRangeNotCharging: 'Driving range is only for electric and plug-in hybrid cars: leave it empty for this fuel',
  expectedArrivalInStock: 'Expected arrival is only for a car in transit or on order: leave it empty for a car in stock',
  pricingAmountInvalid: 'Pricing minimum and maximum must be amounts above 0',
  pricingCurrencyInvalid: 'Pricing currency must be one of: {values}',
  pricingRangeInvalid: 'Pricing minimum must not be above the maximum',
  reservationAmountInvalid: 'Reservation amount must be 0 or more',

  // News sources, articles and review videos (issue 15).
  newsSourceNameRequired: 'Source name is required',
  newsSourceUrlInvalid: 'Feed URL must be an http:// or https:// address',
  newsSourceUrlPrivate: 'Feeds on loopback or private addresses are refused',
  newsRegionInvalid: 'Region must be one of: {values}',
  newsCategoryInvalid: 'Category must be one of: {values}',
  videoTitleRequired: 'Title is required',
  videoChannelRequired: 'Channel is required',
  videoCategoryInvalid: 'Category must be one of: {values}',
  videoUrlInvalid: 'Video URL must be an http:// or https:// address, or #',
  videoThumbnailInvalid: 'Thumbnail must be an image on this site: a path starting with /',
  videoDurationInvalid: 'Duration must look like 12:34 or 1:02:03',
  videoRatingInvalid: 'Rating must be between 0 and 5',
  videoViewsInvalid: 'Views must be a whole number, 0 or more',
  videoPublishDateInvalid: 'Publish date must be a date like 2025-01-31',
} as const;

export const MESSAGES = { ...PUBLIC_MESSAGES, ...STAFF_MESSAGES } as const;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Readonly<Record<string, string | number | readonly string[]>>;

/** What a person is told: a code the web apps translate, its parameters, and the English text. */
export interface DomainMessage {
  code: MessageCode;
  params?: MessageParams;
  message: string;
}

export const isMessageCode = (text: string): text is MessageCode => Object.hasOwn(MESSAGES, text);

/** A list parameter reads as "a, b, c" in English; translations join their own way. */
export function renderMessage(code: MessageCode, params: MessageParams = {}): string {
  return MESSAGES[code].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

export const domainMessage = (code: MessageCode, params?: MessageParams): DomainMessage => ({ code, ...(params ? { params } : {}), message: renderMessage(code, params) });

/** The zod parameters that carry a code and its values through a refine, for messages with placeholders. */
export const coded = (code: MessageCode, params: MessageParams) => ({ message: code, params });

type IssueLike = Pick<z.core.$ZodIssue, 'code' | 'message'> & { maximum?: unknown; minimum?: unknown; values?: unknown; params?: unknown };

const limitOf = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined);

/**
 * The message of a zod issue. Our schemas put a code in the issue's message (and, through a refine, its values in
 * `params`); a length or size check adds its limit as `max` / `min`, a choice the `values` it accepts. An issue zod worded itself is `invalid`, with
 * zod's English kept as the text.
 */
export function messageOfIssue(issue: IssueLike): DomainMessage {
  if (!isMessageCode(issue.message)) return { code: 'invalid', message: issue.message };
  const params: Record<string, string | number | readonly string[]> = {};
  const max = limitOf(issue.maximum);
  const min = limitOf(issue.minimum);
  if (issue.code === 'too_big' && max !== undefined) params['max'] = max;
  if (issue.code === 'too_small' && min !== undefined) params['min'] = min;
  // A choice (z.enum) lists what it accepts.
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) params['values'] = issue.values.map(String);
  if (typeof issue.params === 'object' && issue.params !== null) Object.assign(params, issue.params);
  return domainMessage(issue.message, Object.keys(params).length > 0 ? params : undefined);
}
