import { isApiError, NETWORK_ERROR, type ApiError } from '../api/client';
import { requestMessageOf, type ShownMessage } from '../api/domainMessages';
import { takePrefetched } from '../prefetch';
import { noteAnswer } from '../offline/savedAnswers';

/** A catalogue read that failed: its status (0 when the API could not be reached) and the API's error answer. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly answer: ApiError,
  ) {
    super(answer.message);
  }
}

/** On a vehicle's page (its read, its reservation), what the API does not find is the vehicle. */
export const VEHICLE_MEANING = { not_found: 'vehicleNotFound' } as const;

/** What to tell the visitor when a catalogue read failed; `meaning` as for requestMessageOf. */
export function failedReadMessage(error: unknown, meaning?: Parameters<typeof requestMessageOf>[1]): ShownMessage {
  return error instanceof ApiFailure ? requestMessageOf(error.answer, meaning) : { code: 'vehiclesNotFetched', message: 'Failed to fetch vehicles' };
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await (takePrefetched(url) ?? fetch(url, { signal: signal ?? null, headers: { Accept: 'application/json' } }));
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw new ApiFailure(0, NETWORK_ERROR);
  }
  noteAnswer(response);
  const body: unknown = await response.json().catch(() => undefined);
  // Given up on while the answer arrived (a newer search replaced it): it must not overwrite the newer one.
  if (signal?.aborted) throw new DOMException('The request was replaced', 'AbortError');
  if (!response.ok) throw new ApiFailure(response.status, isApiError(body) ? body : { error: `http_${response.status}`, message: `The server answered ${response.status}` });
  if (body === undefined) throw new ApiFailure(response.status, { error: 'unreadable_answer', message: 'The server sent an answer that could not be read' });
  return body as T;
}
