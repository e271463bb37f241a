import { useCallback } from 'react';
import type { MessageParams } from '@autobest/domain/messages';
import type { ErrorResponse } from '@autobest/domain/errors';
import { useT } from '../i18n';
import { apiMessages } from './messages';
import type en from './messages/en';

/** A message to show a visitor: the domain's code and values when there is one, and the English to fall back on. */
export interface ShownMessage {
  code?: string | undefined;
  params?: MessageParams | undefined;
  message: string;
}

export type FieldMessages = Partial<Record<string, ShownMessage>>;

/** The messages per field of an API error answer: the English of `fields`, with the code and values of `codes`. */
export function fieldMessagesOf(error: Pick<ErrorResponse, 'fields' | 'codes'>): FieldMessages {
  const found: FieldMessages = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) found[field] = { ...error.codes?.[field], message };
  return found;
}

type ApiMessageCode = keyof typeof en & string;

/**
 * The API's whole-request error codes (and the client's own) the storefront says in the visitor's language. A moment
 * without the database (service_unavailable, 503) reads like any failure on our side: try again.
 */
const REQUEST_ERROR_MESSAGES: Partial<Record<string, ApiMessageCode>> = { internal_error: 'internalError', service_unavailable: 'internalError', network_error: 'networkFailure' };

/**
 * The message of a whole-request error answer, by its `error` code; `meaning` names what a code means on this screen
 * (a vehicle page's not_found is its vehicle). An answer we have no words for stays in the API's English.
 */
export function requestMessageOf(error: Pick<ErrorResponse, 'error' | 'message' | 'params'>, meaning: Partial<Record<string, ApiMessageCode>> = {}): ShownMessage {
  return { code: meaning[error.error] ?? REQUEST_ERROR_MESSAGES[error.error], params: error.params, message: error.message };
}

const isTranslated = (code: string | undefined): code is ApiMessageCode => code !== undefined && Object.hasOwn(apiMessages.en, code);

/**
 * Says why a whole request failed in the visitor's language, by its code; an answer we have no words for stays in the
 * API's English. A form, whose fields carry the domain's messages too, says them with useSayFormMessage.
 */
export function useSayRequestMessage() {
  const t = useT(apiMessages);
  return useCallback((shown: ShownMessage) => (isTranslated(shown.code) ? t(shown.code) : shown.message), [t]);
}
