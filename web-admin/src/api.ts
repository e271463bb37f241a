import { fetchUtils, HttpError } from 'react-admin';

/** Every console request carries the session cookie; API errors surface their own sentence. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError && error.body && typeof error.body === 'object' && 'message' in error.body) {
      throw new HttpError(String((error.body as { message: unknown }).message), error.status, error.body);
    }
    throw error;
  }
}
