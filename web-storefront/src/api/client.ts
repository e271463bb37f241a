/** The API's error body: a code, a sentence, and per-field messages for forms. */
export interface ApiError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

const NETWORK_ERROR: ApiError = { error: 'network_error', message: 'Could not reach AutoBest. Check your connection and try again.' };

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).error === 'string' && typeof (value as ApiError).message === 'string';
}

/** POSTs JSON to our API; never throws: network failures and error answers come back as `ok: false`. */
export async function postJson<T>(path: string, body: unknown, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: payload as T };
  return {
    ok: false,
    status: response.status,
    error: isApiError(payload) ? payload : { error: `http_${response.status}`, message: `The server answered ${response.status}.` },
  };
}
