import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRuntimeConfig } from '@autobest/domain';
import { PHOTO_VARIANT_FORMATS, PHOTO_VARIANT_WIDTHS } from '@autobest/domain/inventory/photoCopies';
import { photoVariantPath, writePhotoVariants } from '@autobest/runtime';

/** The folder under UPLOADS_DIR where the catalogue's photos are (services/api/src/inventory/imageRoutes.ts). */
const VEHICLE_IMAGES = 'vehicle-images';
/** A stored catalogue photo, not one of its copies or thumbnails (image-<uuid>.jpg). */
const STORED_PHOTO = /^image-[0-9a-f-]{36}\.jpg$/;

const exists = (path: string) => access(path).then(() => true, () => false);

export interface PhotoCopiesReport {
  photos: number;
  made: number;
  failed: Array<{ photo: string; reason: string }>;
}

/**
 * Writes the smaller AVIF and WebP copies (issue 42) of every catalogue photo stored before uploads made them, one
 * photo at a time; a photo that has all its copies is left alone, so running it again does nothing more. A photo that
 * no longer decodes is reported and skipped: the image route keeps serving it whole.
 */
export async function makeMissingPhotoCopies(uploadsDir: string, progress: (done: number, of: number) => void = () => undefined): Promise<PhotoCopiesReport> {
  const folder = join(uploadsDir, VEHICLE_IMAGES);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => STORED_PHOTO.test(name)).sort();
  const report: PhotoCopiesReport = { photos: names.length, made: 0, failed: [] };
  for (const [index, name] of names.entries()) {
    const photo = join(folder, name);
    const copies = PHOTO_VARIANT_WIDTHS.flatMap((width) => PHOTO_VARIANT_FORMATS.map((format) => photoVariantPath(photo, width, format)));
    if (!(await Promise.all(copies.map(exists))).every(Boolean)) {
      try {
        await writePhotoVariants(await readFile(photo), photo);
        report.made++;
      } catch (error) {
        report.failed.push({ photo: name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    progress(index + 1, names.length);
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { uploadsDir } = loadRuntimeConfig(process.env);
  const report = await makeMissingPhotoCopies(uploadsDir, (done, of) => {
    if (done % 25 === 0 || done === of) console.info(`${done} of ${of} photos looked at`);
  });
  console.info(`${report.made} photo(s) given their smaller copies in ${join(uploadsDir, VEHICLE_IMAGES)}; ${report.photos - report.made - report.failed.length} had them already`);
  for (const { photo, reason } of report.failed) console.error(`${photo}: not readable as an image (${reason}); it is served whole`);
  process.exitCode = report.failed.length > 0 ? 1 : 0;
}
