import type { SubmissionCreated } from '@autobest/domain/submissions/contracts';
import { retryAfterSeconds, type ApiError } from '../api/client';

export type UploadResult =
  | { ok: true; status: number; data: SubmissionCreated }
  | { ok: false; status: number; error: ApiError; retryAfterSeconds?: number | undefined };

export interface UploadRequest {
  url: string;
  fields: Record<string, string>;
  /** In slot order; each is sent as a file part named after its slot. */
  photos: ReadonlyArray<{ slot: string; file: File }>;
  idempotencyKey: string;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress(sent: number, total: number): void;
}

/**
 * Sends a request with its photos as multipart/form-data, to the resource itself (not /from-uploads): the way forms
 * were sent before photos went one by one, kept for when the API is too busy to take uploads (useSubmissionForm). XMLHttpRequest, not fetch, because only it reports
 * upload progress: the bar shows the bytes really sent. Never throws; a network failure is status 0.
 */
export function uploadSubmission({ url, fields, photos, idempotencyKey, onProgress }: UploadRequest): Promise<UploadResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { slot, file } of photos) form.append(slot, file, file.name);

  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, status: xhr.status, data: body as SubmissionCreated });
        return;
      }
      const error = body as Partial<ApiError> | undefined;
      resolve({
        ok: false,
        status: xhr.status,
        error:
          error && typeof error.error === 'string' && typeof error.message === 'string'
            ? (error as ApiError)
            : { error: `http_${xhr.status}`, message: `The server answered ${xhr.status}.` },
        retryAfterSeconds: retryAfterSeconds(xhr.getResponseHeader('Retry-After')),
      });
    };
    const networkFailure = () =>
      resolve({ ok: false, status: 0, error: { error: 'network_error', message: 'Could not reach AutoBest. Check your connection and try again.' } });
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = networkFailure;
    xhr.send(form);
  });
}
