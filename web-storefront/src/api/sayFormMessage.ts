import { useCallback } from 'react';
import type { MessageParams } from '@autobest/domain/messages';
import { useT } from '../i18n';
import { useSayRequestMessage, type ShownMessage } from './domainMessages';
import { formMessages } from './formMessages';
import type en from './formMessages/en';

type FormMessageCode = keyof typeof en & string;

const isFormMessage = (code: string | undefined): code is FormMessageCode => code !== undefined && Object.hasOwn(formMessages.en, code);

/**
 * Says a form's message in the visitor's language: one of the domain's by its code, else why the whole request failed
 * (useSayRequestMessage); one whose code we do not translate (a staff-only message) stays English.
 * `values` gives what the form words itself, such as the field's own label for "{label} must be at most...".
 */
export function useSayFormMessage() {
  const t = useT(formMessages);
  const sayRequestMessage = useSayRequestMessage();
  return useCallback(
    (shown: ShownMessage, values: MessageParams = {}) => {
      if (!isFormMessage(shown.code)) return sayRequestMessage(shown);
      const filled: Record<string, string | number> = {};
      for (const [name, value] of Object.entries({ ...shown.params, ...values })) filled[name] = typeof value === 'object' ? value.join(t('listSeparator')) : value;
      return t(shown.code, filled);
    },
    [t, sayRequestMessage],
  );
}
