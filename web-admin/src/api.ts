import { fetchUtils, HttpError } from 'react-admin';

/** The API's own sentence for a failed request when its answer has one, else what was given. */
function failure(status: number, body: unknown, fallback: string): HttpError {
  const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : fallback;
  return new HttpError(message, status, body);
}

/** Every console request carries the session cookie; API errors surface their own sentence. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError) throw failure(error.status, error.body, error.message);
    throw error;
  }
}

export interface FileUpload {
  /** The multipart part the API reads the file from. */
  part: string;
  file: File;
  /** Called with the share of the file sent so far, from 0 to 1. */
  onProgress(fraction: number): void;
  /** What the person reads when the server refuses without saying why, or cannot be reached. */
  failedMessage: string;
}

/**
 * Sends one file as multipart form data, like `httpClient` (session cookie, the same HttpError on a refusal, so a
 * 401 ends the session the same way), but with XMLHttpRequest: fetch cannot report the bytes sent, and the
 * console's progress bars show them. Answers the parsed JSON.
 */
export function sendFile(url: string, { part, file, onProgress, failedMessage }: FileUpload): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append(part, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json);
      else reject(failure(xhr.status, json, failedMessage));
    };
    xhr.onerror = () => reject(new Error(failedMessage));
    xhr.send(form);
  });
}
