import type { ErrorResponse } from '@autobest/domain/errors';

/** The API's error body (the domain's contract): a code, a sentence, and per-field messages with their codes. */
export type ApiError = ErrorResponse;

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** `retryAfterSeconds`: when a 429 says to try again (its Retry-After), if it says. */
  | { ok: false; status: number; error: ApiError; retryAfterSeconds?: number | undefined };

/** The client's own message when the API cannot be reached, with its code in the request catalogue (./messages). */
export const NETWORK_FAILURE = { code: 'networkFailure', message: 'Could not reach AutoBest. Check your connection and try again.' } as const;
export const NETWORK_ERROR: ApiError = { error: 'network_error', message: NETWORK_FAILURE.message };

/** Seconds from a Retry-After header (seconds or an HTTP date), or undefined when there is none we can read. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; anything else (a negative number...) is not one.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).error === 'string' && typeof (value as ApiError).message === 'string';
}

/**
 * How many times a request answered 409 `request_in_progress` is sent again, waiting a second longer each time (21 s
 * in all): its Idempotency-Key is held by the same request still running on the API (a send that overtook its own lost
 * answer, or a second tab), and once that one is done the API answers the retry as that request. A buyer is never told.
 */
const IN_PROGRESS_RETRIES = 6;

/**
 * POSTs JSON to our API; never throws: network failures and error answers come back as `ok: false`. A request whose
 * Idempotency-Key is still being processed is sent again a moment later (after its Retry-After, if it gives one).
 */
export async function postJson<T>(path: string, body: unknown, init: RequestInit = {}): Promise<ApiResult<T>> {
  for (let attempt = 0; ; attempt++) {
    const result = await postJsonOnce<T>(path, body, init);
    if (result.ok || result.status !== 409 || result.error.error !== 'request_in_progress' || attempt >= IN_PROGRESS_RETRIES) return result;
    await new Promise((wait) => setTimeout(wait, (result.retryAfterSeconds ?? attempt + 1) * 1000));
  }
}

async function postJsonOnce<T>(path: string, body: unknown, init: RequestInit): Promise<ApiResult<T>> {
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
    retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')),
  };
}
