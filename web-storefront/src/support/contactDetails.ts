/**
 * How visitors reach us, shared by the informational pages. The phone number is the API's CONTACT_PHONE
 * default (services/domain platform/config.ts), which is server configuration the browser cannot read.
 */
export const SUPPORT_PHONE = '+234 800 288 6237';
export const SUPPORT_PHONE_HREF = 'tel:+2348002886237';
export const SUPPORT_EMAIL = 'support@autobest.africa';
export const CAREERS_EMAIL = 'careers@autobest.africa';
export const INVESTORS_EMAIL = 'investors@autobest.africa';
export const PRIVACY_EMAIL = 'privacy@autobest.africa';

/** A mailto: link with a subject line, so the message lands in the right inbox folder. */
export const mailtoLink = (address: string, subject?: string): string =>
  subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
