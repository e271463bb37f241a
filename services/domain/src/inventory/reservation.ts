/**
 * What reserving a vehicle asks of a buyer, in one place: the vehicle page's 'Reserve Now' button and Tara's
 * pricing-options reply say the same deposit and the same sales line. Browser-safe (no imports).
 */

/** The reservation deposit the spec names, in naira whatever the visitor's currency. */
export const RESERVATION_DEPOSIT_NGN = 5_000_000;

/** The sales team's WhatsApp number (international form, no '+', as wa.me wants it). */
export const SALES_WHATSAPP = '2348002886237';

/** A WhatsApp chat with a number (international form, digits only), the first message already typed. */
export const whatsappChatUrl = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** A wa.me link to the sales team with a pre-filled message. */
export const salesWhatsappUrl = (text: string) => whatsappChatUrl(SALES_WHATSAPP, text);
