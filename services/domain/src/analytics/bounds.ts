/**
 * How much one analytics event may carry, in a module without zod, so the storefront's main bundle can use it. A
 * property's text is a name, an id, a page or a short filter, never a document; the storefront cuts longer text to this
 * length.
 */
export const ANALYTICS_TEXT_MAX_LENGTH = 200;
/**
 * One event's properties, as the JSON kept (UTF-8 bytes). Every event the storefront sends fits with room to spare
 * (the largest, an article opened, is about 150 bytes); this is what bounds what a batch may store.
 */
export const ANALYTICS_PROPERTIES_MAX_BYTES = 1024;
