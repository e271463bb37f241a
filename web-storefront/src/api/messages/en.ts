/**
 * Why a whole request failed, by the API's `error` code or the storefront's own, on any page: a catalogue read or a
 * form's send that did not get through, and what every form says when the API answers 429 ({when} is "in 45 seconds",
 * "in 3 minutes" in the visitor's language). What the domain says about a form's fields is in ../formMessages, which
 * only pages with a form load.
 */
export default {
  networkFailure: 'Could not reach AutoBest. Check your connection and try again.',
  vehicleNotFound: 'Vehicle was not found',
  internalError: 'Something went wrong on our side. Please try again.',
  vehiclesNotFetched: 'Failed to fetch vehicles',
  rateLimitedTitle: 'Too many attempts',
  rateLimited: 'You have sent this too many times in a short while. Please try again {when}; what you typed is kept.',
  rateLimitedLater: 'You have sent this too many times in a short while. Please try again later; what you typed is kept.',
};
