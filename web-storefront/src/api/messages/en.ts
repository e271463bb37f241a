import { PUBLIC_MESSAGES } from '@autobest/domain/messages';

/**
 * What the API and the domain's forms say to a visitor: the domain's public messages keyed by their codes (their English
 * is the domain's own), and what every form says when the API answers 429 ({when} is "in 45 seconds", "in 3 minutes"
 * in the visitor's language).
 */
export default {
  ...PUBLIC_MESSAGES,
  /** Between the items of a list inside a message ("Front, Rear"). */
  listSeparator: ', ',
  networkFailure: 'Could not reach AutoBest. Check your connection and try again.',
  /** Whole-request failures, by the API's `error` code or the storefront's own. */
  vehicleNotFound: 'Vehicle was not found',
  internalError: 'Something went wrong on our side. Please try again.',
  vehiclesNotFetched: 'Failed to fetch vehicles',
  rateLimitedTitle: 'Too many attempts',
  rateLimited: 'You have sent this too many times in a short while. Please try again {when}; what you typed is kept.',
  rateLimitedLater: 'You have sent this too many times in a short while. Please try again later; what you typed is kept.',
};
