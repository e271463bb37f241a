/**
 * How one person is recognised across requests (limits per email and per phone, one open reservation per buyer):
 * the same mailbox or phone written two ways gives the same key.
 */

/**
 * Lower case, without a "+tag" (every provider we know delivers `name+anything@` to `name@`), the domain without the
 * trailing dots of a fully qualified name (`gmail.com.` is `gmail.com` to DNS and so to mail), and for Gmail without
 * dots: otherwise one mailbox could be sent a confirmation, and given a budget of requests, per spelling.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let domain = address.slice(at + 1);
  while (domain.endsWith('.')) domain = domain.slice(0, -1);
  let local = address.slice(0, at).split('+')[0] ?? '';
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** Digits only, without an international "00": "+234 803-555 0142" and "00234 8035550142" are one phone. */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('00') ? digits.slice(2) : digits;
}

/** Letters of any script (with their accents), joined inside a word by an apostrophe or hyphen, maybe ending in ".". */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?$/u;
const MAX_GREETING_NAME_LENGTH = 60;
const MAX_GREETING_NAME_WORDS = 6;

/**
 * The name rules an email's greeting follows: what a visitor typed as their name opens an email ("Dear Ada Obi,")
 * only if it reads as a name: at most 6 words of letters, 60 characters. No digits, no ":", "/", "@" or a dot
 * inside a word, so it can never be a link, an address or a phone number; anything else is greeted without the name.
 * Forms still accept any name (a person's name is theirs to write); this only decides what we put first in an email.
 */
export function greetingName(fullName: string): string | null {
  const words = fullName.trim().split(/\s+/u);
  const name = words.join(' ');
  if (name.length === 0 || name.length > MAX_GREETING_NAME_LENGTH || words.length > MAX_GREETING_NAME_WORDS) return null;
  return words.every((word) => NAME_WORD.test(word)) ? name : null;
}
