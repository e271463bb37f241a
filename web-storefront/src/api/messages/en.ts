/**
 * Why a whole request failed, by the API's `error` code or the storefront's own, on any page: a catalogue read or a
 * form's send that did not get through. What only forms say (the domain's messages about their fields, a 429) is in
 * ../formMessages, which only pages with a form load.
 */
export default {
  networkFailure: 'Could not reach AutoBest. Check your connection and try again.',
  vehicleNotFound: 'Vehicle was not found',
  internalError: 'Something went wrong on our side. Please try again.',
  vehiclesNotFetched: 'Failed to fetch vehicles',
};
