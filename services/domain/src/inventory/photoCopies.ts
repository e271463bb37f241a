/**
 * The smaller copies a catalogue photo is stored with besides its JPEG (issue 42): these widths, each in these
 * formats, best first. The photo codec writes them, the media route serves them, the storefront's `srcset` names
 * them. No zod here: the storefront's first chunk imports it.
 */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 1024] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];
export const PHOTO_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type PhotoVariantFormat = (typeof PHOTO_VARIANT_FORMATS)[number];
