import { PUBLIC_MESSAGES } from '@autobest/domain/messages';

/**
 * What the domain's forms say to a visitor: the domain's public messages keyed by their codes (their English is the
 * domain's own). Loaded with the pages that have a form: the catalogue's pages, which only read, never show one.
 */
export default {
  ...PUBLIC_MESSAGES,
  /** Between the items of a list inside a message ("Front, Rear"). */
  listSeparator: ', ',
};
