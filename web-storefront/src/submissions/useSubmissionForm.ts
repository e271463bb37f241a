import { useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { useT } from '../i18n';
import { submissionMessages } from './messages';
import { translateDomainText } from './translateDomainText';
import { slotProgress, uploadSubmission, type SubmissionCreated } from './uploadSubmission';
import type { PhotoSelection, PhotoSlotDefinition, SelectedPhoto } from './PhotoSlots';

export type FieldErrors = Record<string, string | undefined>;

interface Options<Values extends Record<string, string>> {
  url: string;
  initial: Values;
  slots: readonly PhotoSlotDefinition[];
  schema: z.ZodType;
  /** In the domain's English, like the schema's messages; shown translated. */
  missingPhotosMessage(missingLabels: string[]): string;
  /** Field order on the page, to focus and scroll to the first error. */
  order: readonly string[];
}

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The state of a sell-car or trade-in form: values, photos, errors, and sending with real progress. The same
 * zod schema as the API checks the fields before sending; the API stays the authority. One Idempotency-Key
 * covers every retry of one filled-in form, so a double click or a retry after a dropped connection makes
 * one request. Errors are kept in the domain's English, as the schema and the API word them, and handed out
 * in the visitor's language.
 */
export function useSubmissionForm<Values extends Record<string, string>>({ url, initial, slots, schema, missingPhotosMessage, order }: Options<Values>) {
  const t = useT(submissionMessages);
  const [values, setValues] = useState<Values>(initial);
  const [consent, setConsent] = useState(false);
  const [photos, setPhotos] = useState<PhotoSelection>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<{ overall: number; slots: Record<string, number> } | null>(null);
  const idempotencyKey = useRef(newKey());
  const sendingRef = useRef(false);

  const clearError = (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };
  const setPhoto = (slot: string, photo: SelectedPhoto | undefined) => {
    setPhotos((current) => ({ ...current, [slot]: photo }));
    clearError(slot);
    clearError('photos');
  };
  const changeConsent = (checked: boolean) => {
    setConsent(checked);
    clearError('consent');
  };

  const wireFields = (): Record<string, string> => ({ ...values, consent: consent ? 'true' : '' });

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const parsed = schema.safeParse(wireFields());
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '_');
        found[field] ??= issue.message;
      }
    }
    const missing = slots.filter((slot) => !photos[slot.slot]).map((slot) => slot.label);
    if (missing.length > 0) found['photos'] = missingPhotosMessage(missing);
    return found;
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = order.find((name) => found[name]) ?? (found['photos'] ? 'photos' : undefined);
    if (!first) return;
    const element = document.getElementById(first === 'photos' ? 'photos-section' : first);
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) element.focus({ preventScroll: true });
  };

  const reset = () => {
    for (const photo of Object.values(photos)) if (photo) URL.revokeObjectURL(photo.preview);
    setValues(initial);
    setConsent(false);
    setPhotos({});
    setErrors({});
    setProgress(null);
    idempotencyKey.current = newKey();
  };

  /** Validates, sends, and answers what happened; the page shows the spec's toasts. */
  const submit = async (): Promise<
    { outcome: 'invalid' } | { outcome: 'sent'; created: SubmissionCreated } | { outcome: 'refused'; error: string; message: string; status: number } | { outcome: 'busy' }
  > => {
    if (sendingRef.current) return { outcome: 'busy' };
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstError(found);
      return { outcome: 'invalid' };
    }
    sendingRef.current = true;
    setSending(true);
    const selected = slots.flatMap(({ slot }) => (photos[slot] ? [{ slot, file: photos[slot].file }] : []));
    setProgress({ overall: 0, slots: {} });
    try {
      const result = await uploadSubmission({
        url,
        fields: wireFields(),
        photos: selected,
        idempotencyKey: idempotencyKey.current,
        onProgress: (sent, total) => setProgress({ overall: Math.round((sent / total) * 100), slots: slotProgress(selected, sent, total) }),
      });
      if (result.ok) return { outcome: 'sent', created: result.data };
      if (result.error.fields) {
        setErrors(result.error.fields);
        focusFirstError(result.error.fields);
      }
      setProgress(null);
      return { outcome: 'refused', error: result.error.error, message: result.error.message, status: result.status };
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const shownErrors = useMemo(() => {
    const translated: FieldErrors = {};
    for (const [name, message] of Object.entries(errors)) translated[name] = message === undefined ? undefined : translateDomainText(t, message);
    return translated;
  }, [errors, t]);

  return { values, setValue, consent, setConsent: changeConsent, photos, setPhoto, errors: shownErrors, sending, progress, submit, reset };
}
