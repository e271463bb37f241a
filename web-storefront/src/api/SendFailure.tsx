import type { ApiResult } from './client';
import { fieldMessagesOf, requestMessageOf, type FieldMessages, type ShownMessage } from './domainMessages';
import { useRateLimitedText } from './rateLimited';
import { useSayFormMessage } from './sayFormMessage';

/** Why a form's request failed: the sentence, the fields to mark, and a 429's wait when it was one. */
export interface SendFailure {
  message: ShownMessage;
  fields?: FieldMessages;
  rateLimited?: { seconds: number | undefined };
}

/** The failure of a request's answer; `meaning` as for requestMessageOf. */
export function sendFailureOf(result: Extract<ApiResult<unknown>, { ok: false }>, meaning?: Parameters<typeof requestMessageOf>[1]): SendFailure {
  return {
    message: requestMessageOf(result.error, meaning),
    ...(result.error.fields ? { fields: fieldMessagesOf(result.error) } : {}),
    ...(result.status === 429 ? { rateLimited: { seconds: result.retryAfterSeconds } } : {}),
  };
}

/** The form's alert for a failure no field explains: when to try again after a 429, else the sentence. */
export function SendFailureAlert({ failure }: { failure: SendFailure }) {
  const say = useSayFormMessage();
  const rateLimited = useRateLimitedText();
  return (
    <p role="alert" className="field-error">
      {failure.rateLimited ? rateLimited.text(failure.rateLimited.seconds) : say(failure.message)}
    </p>
  );
}
