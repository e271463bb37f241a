import { removeExpiredPhotoUploads } from '@autobest/runtime';
import type { Sweep } from './housekeeping';

/**
 * Photos uploaded one by one (tus) that no request claimed within a day of their creation, finished or not: the
 * owner gave up, or chose another photo. Counts the uploads removed.
 */
export const expiredPhotoUploads: Sweep = {
  name: 'expired-photo-uploads',
  schedule: '40 * * * *',
  run: ({ config, now }) => removeExpiredPhotoUploads(config.uploadsDir, now),
};
