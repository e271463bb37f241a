import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_UPLOAD_ID_PATTERN } from '@autobest/domain';

/**
 * Where the photos of sell-car and trade-in requests wait while they arrive one by one over the tus protocol
 * (services/api/src/submissions/resumablePhotos.ts): `{id}` holds the bytes received so far and `{id}.json` what the
 * upload was created with (tus' FileStore). A request claims a finished one by moving it into its own folder.
 */
export const resumableUploadsFolder = (uploadsDir: string) => join(uploadsDir, '.resumable');

/**
 * How long an upload may take, from its creation, until it is sent with its request: a form filled in on a phone that
 * loses its network now and then, the same day. After that it is refused (410) and housekeeping deletes it.
 */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 3_600_000;

/** When an upload (its `{id}.json`) was created, or undefined when the file is missing or not one we wrote. */
async function createdAt(folder: string, id: string): Promise<number | undefined> {
  try {
    const info = JSON.parse(await readFile(join(folder, `${id}.json`), 'utf8')) as { creation_date?: unknown };
    const time = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}

/**
 * Deletes every upload created more than RESUMABLE_UPLOAD_EXPIRY_MS before `now`, finished or not (a finished one
 * that no request claimed in that time never will be). Written for this folder rather than tus' `deleteExpired`, which
 * stops at the first upload whose bytes are gone: a crash between a claim's move and its deletion of `{id}.json`
 * leaves exactly that. A file with no readable `{id}.json` (a crash while creating) goes by its age. Counts uploads.
 */
export async function removeExpiredPhotoUploads(uploadsDir: string, now: Date): Promise<number> {
  const folder = resumableUploadsFolder(uploadsDir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return 0;
    throw error;
  }
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => PHOTO_UPLOAD_ID_PATTERN.test(id)));
  const expiredBefore = now.getTime() - RESUMABLE_UPLOAD_EXPIRY_MS;
  let removed = 0;
  for (const id of ids) {
    const created = await createdAt(folder, id);
    if (created === undefined) {
      // No readable record: judged by the file's age instead (the bytes of a crashed creation).
      const ages = await Promise.all([id, `${id}.json`].map((name) => stat(join(folder, name)).then((s) => s.mtimeMs, () => Number.NEGATIVE_INFINITY)));
      if (Math.max(...ages) >= expiredBefore) continue;
    } else if (created >= expiredBefore) continue;
    await rm(join(folder, id), { force: true });
    await rm(join(folder, `${id}.json`), { force: true });
    removed++;
  }
  return removed;
}
