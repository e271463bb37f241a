import { PUBLIC_MESSAGES } from '@autobest/domain/messages';

/**
 * What forms say to a visitor: the domain's public messages keyed by their codes (their English is the domain's own),
 * and what every form says when the API answers 429 ({when} is "in 45 seconds", "in 3 minutes" in the visitor's
 * language). Loaded with the pages that have a form: the catalogue's pages, which only read, never show one.
 */
export default {
  ...PUBLIC_MESSAGES,
  /** Between the items of a list inside a message ("Front, Rear"). */
  listSeparator: ', ',
  /** A form's send refused with 429. */
  rateLimitedTitle: 'Too many attempts',
  rateLimited: 'You have sent this too many times in a short while. Please try again {when}; what you typed is kept.',
  rateLimitedLater: 'You have sent this too many times in a short while. Please try again later; what you typed is kept.',
};
