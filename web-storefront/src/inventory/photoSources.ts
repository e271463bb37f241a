import { PHOTO_VARIANT_WIDTHS, type PhotoVariantFormat } from '@autobest/domain/inventory/photoCopies';

/*
 * Catalogue photos are stored with smaller AVIF and WebP copies besides their JPEG (the API's photo codec); the media
 * route answers `?w=&f=` with that copy, or the original for photos stored before copies were made. No React here:
 * src/boot.ts preloads the vehicle page's first photo with the same candidates the page will choose from.
 */

/** The vehicle page's main photo: the page's width on a phone, 840 pixels beside the summary. */
export const GALLERY_SIZES = '(min-width: 900px) 840px, 100vw';

/** A result card: a column of the grid on a desktop, the page's width on a phone. */
export const CARD_SIZES = '(min-width: 900px) 420px, 100vw';

const CATALOGUE_PHOTO = /^\/media\/vehicle-images\/image-[0-9a-f-]{36}\.[a-z]+$/;

/** Whether `url` is a catalogue photo, which has smaller copies (other images, e.g. the seeds' SVGs, have none). */
export const hasCopies = (url: string): boolean => CATALOGUE_PHOTO.test(url);

/** The `srcset` of `url`'s copies in `format`; saving data, only the smallest. */
export function photoSrcSet(url: string, format: PhotoVariantFormat, saveData: boolean): string {
  if (saveData) return `${url}?w=${PHOTO_VARIANT_WIDTHS[0]}&f=${format}`;
  return PHOTO_VARIANT_WIDTHS.map((width) => `${url}?w=${width}&f=${format} ${width}w`).join(', ');
}

/** The `src` of the `<img>` inside the picture: the original, or its smallest copy when saving data. */
export const photoFallback = (url: string, saveData: boolean): string => (saveData && hasCopies(url) ? `${url}?w=${PHOTO_VARIANT_WIDTHS[0]}` : url);

/**
 * Starts the vehicle page's first photo as soon as the data names it, with the candidates its `<picture>` offers
 * (the AVIF source: every browser the storefront supports reads AVIF), so the page finds it in the cache.
 */
export function preloadPhoto(url: string, sizes: string): void {
  if (!hasCopies(url)) {
    new Image().src = url;
    return;
  }
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.type = 'image/avif';
  link.setAttribute('imagesrcset', photoSrcSet(url, 'avif', false));
  link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
