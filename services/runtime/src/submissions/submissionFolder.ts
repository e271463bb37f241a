import { join } from 'node:path';
import type { SubmissionKind } from '@autobest/domain';

/**
 * A request's folder under UPLOADS_DIR. It holds the owner's files as sent until they are processed, then only
 * the files we made; deleting the request removes the folder.
 */
export const submissionFolder = (uploadsDir: string, kind: SubmissionKind, submissionId: string) => join(uploadsDir, kind, submissionId);
