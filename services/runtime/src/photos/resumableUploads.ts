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
 * How long a finished upload may wait, from its creation, until it is sent with its request: a form filled in on a
 * phone that loses its network now and then, the same day. After that it is refused (410) and housekeeping deletes it.
 */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 3_600_000;

/**
 * How long an unfinished upload is kept with no byte arriving (from its creation, or its last byte): a phone resumes
 * within minutes of finding a network again; an upload started and abandoned (or started only to hold a place) goes
 * within the hour instead of the day.
 */
export const RESUMABLE_UPLOAD_IDLE_MS = 3_600_000;

/** The suffix of an upload's record while a request is claiming it (`{id}.json` renamed: tus no longer sees it). */
export const CLAIMED_SUFFIX = '.claimed';

/** When an upload (its `{id}.json`) was created and how long it is, or undefined when the file is missing or not one we wrote. */
async function recordOf(folder: string, id: string): Promise<{ created: number; size: number } | undefined> {
  try {
    const info = JSON.parse(await readFile(join(folder, `${id}.json`), 'utf8')) as { creation_date?: unknown; size?: unknown };
    const time = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : Number.NaN;
    return Number.isNaN(time) || typeof info.size !== 'number' ? undefined : { created: time, size: info.size };
  } catch {
    return undefined;
  }
}

/** The newest change to any of `names` in `folder` (ms), or -Infinity when none exists. */
const lastChange = async (folder: string, names: readonly string[]) =>
  Math.max(...(await Promise.all(names.map((name) => stat(join(folder, name)).then((s) => s.mtimeMs, () => Number.NEGATIVE_INFINITY)))));

/** The bytes of an upload that arrived so far (0 when none). */
export const receivedBytes = (folder: string, id: string) => stat(join(folder, id)).then((s) => s.size, () => 0);

/**
 * Whether an upload is past keeping at `now`: finished, RESUMABLE_UPLOAD_EXPIRY_MS after its creation; unfinished,
 * RESUMABLE_UPLOAD_IDLE_MS after its last byte (or its creation, when none came).
 */
export async function uploadExpired(folder: string, id: string, upload: { created: number; size: number }, now: number): Promise<boolean> {
  if (upload.created + RESUMABLE_UPLOAD_EXPIRY_MS < now) return true;
  const received = await receivedBytes(folder, id);
  if (received >= upload.size) return false;
  return Math.max(upload.created, await lastChange(folder, [id])) + RESUMABLE_UPLOAD_IDLE_MS < now;
}

/**
 * Deletes every expired upload (uploadExpired: a finished one no request claimed within RESUMABLE_UPLOAD_EXPIRY_MS
 * never will be; an unfinished one that received nothing for RESUMABLE_UPLOAD_IDLE_MS was given up). Written for this
 * folder rather than tus' `deleteExpired`, which stops at the first upload whose bytes are gone. A file with no
 * readable `{id}.json` (a crash while creating, or while a request claimed it: `{id}.claimed`) goes by its age, an
 * hour. Counts uploads.
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
  const ids = new Set(names.map((name) => name.replace(/\.json$|\.claimed$/, '')).filter((id) => PHOTO_UPLOAD_ID_PATTERN.test(id)));
  let removed = 0;
  for (const id of ids) {
    const record = await recordOf(folder, id);
    if (record === undefined) {
      // No readable record: judged by the files' age instead (the bytes of a crashed creation or claim).
      if ((await lastChange(folder, [id, `${id}.json`, `${id}${CLAIMED_SUFFIX}`])) + RESUMABLE_UPLOAD_IDLE_MS >= now.getTime()) continue;
    } else if (!(await uploadExpired(folder, id, record, now.getTime()))) continue;
    for (const name of [id, `${id}.json`, `${id}${CLAIMED_SUFFIX}`]) await rm(join(folder, name), { force: true });
    removed++;
  }
  return removed;
}
