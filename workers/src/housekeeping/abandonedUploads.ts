import type { Dirent } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sweep } from './housekeeping';

const HOUR = 3_600_000;

/** The newest modification time in a tree, without following links: a file still being written is recent. */
async function newestChange(path: string): Promise<number> {
  const stats = await lstat(path);
  let newest = stats.mtimeMs;
  if (stats.isDirectory()) {
    for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)));
  }
  return newest;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * What a crash mid-upload leaves in UPLOADS_DIR/.incoming. The API streams each request's photos into a folder of its
 * own there and moves or deletes them before it answers (submissions/photoUpload.ts), so only a process that died
 * leaves one behind. A request cannot last longer than REQUEST_TIMEOUT_MS and a file being written changes as its
 * bytes arrive, so a folder nothing in which changed for an hour (or the request timeout, if longer) belongs to no
 * request in progress. Counts the folders removed: one per abandoned request.
 */
export const abandonedUploads: Sweep = {
  name: 'abandoned-uploads',
  schedule: '20 * * * *',
  async run({ config, now }) {
    const incoming = join(config.uploadsDir, '.incoming');
    const olderThan = now.getTime() - Math.max(HOUR, config.requestTimeoutMs);
    let entries: Dirent[];
    try {
      entries = await readdir(incoming, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const entry of entries) {
      const path = join(incoming, entry.name);
      try {
        if ((await newestChange(path)) >= olderThan) continue;
      } catch (error) {
        // Moved away or discarded by its request meanwhile: nothing left to sweep.
        if (isMissing(error)) continue;
        throw error;
      }
      await rm(path, { recursive: true, force: true });
      removed++;
    }
    return removed;
  },
};
