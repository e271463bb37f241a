import { removeExpiredPhotoUploads } from '@autobest/runtime';
import type { Sweep } from './housekeeping';

/**
 * Photos uploaded one by one (tus) that no request claimed within a day of their creation, and unfinished ones that
 * received nothing for an hour: the owner gave up, or chose another photo. Every 5 minutes, so an abandoned upload
 * stops counting against its network's waiting uploads soon after its hour. Counts the uploads removed.
 */
export const expiredPhotoUploads: Sweep = {
  name: 'expired-photo-uploads',
  schedule: '*/5 * * * *',
  run: ({ config, now }) => removeExpiredPhotoUploads(config.uploadsDir, now),
};
