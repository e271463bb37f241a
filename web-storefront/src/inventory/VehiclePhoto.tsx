import { useState } from 'react';
import { savesData } from '../saveData';
import { PHOTO_VARIANT_FORMATS } from '@autobest/domain/inventory/photoCopies';
import { hasCopies, photoFallback, photoSrcSet } from './photoSources';

const PLACEHOLDER = '/placeholder.svg';

/**
 * A vehicle photo: for a catalogue photo, a `<picture>` offering its AVIF and WebP copies for the width it is shown
 * at (`sizes`), the original JPEG for browsers that read neither; saving data, only the smallest copy. Its width and
 * height reserve its place before it arrives. A photo that fails shows the placeholder.
 */
export function VehiclePhoto({ url, alt, width, height, sizes, lazy = true }: { url: string | undefined; alt: string; width: number; height: number; sizes: string; lazy?: boolean }) {
  const [failed, setFailed] = useState<string | undefined>();
  const source = url && failed !== url ? url : PLACEHOLDER;
  const saveData = savesData();
  const img = (
    <img
      src={photoFallback(source, saveData)}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      onError={() => {
        if (source !== PLACEHOLDER) setFailed(source);
      }}
    />
  );
  if (!hasCopies(source)) return img;
  return (
    <picture>
      {PHOTO_VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={photoSrcSet(source, format, saveData)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
