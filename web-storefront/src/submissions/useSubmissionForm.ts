import { useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { DomainMessage } from '@autobest/domain/messages';
import { fieldErrorsOf } from '@autobest/domain/validation';
import { fieldMessagesOf, useSayMessage, type FieldMessages } from '../api/domainMessages';
import { currentLanguage, useT } from '../i18n';
import { submissionMessages } from './messages';
import { slotLabel } from './slotLabel';
import type { SubmissionCreated } from '@autobest/domain/submissions/contracts';
import { slotProgress, uploadSubmission } from './uploadSubmission';
import type { PhotoSelection, PhotoSlotDefinition, SelectedPhoto } from './PhotoSlots';

export type FieldErrors = Record<string, string | undefined>;

interface Options<Values extends Record<string, string>> {
  url: string;
  initial: Values;
  slots: readonly PhotoSlotDefinition[];
  schema: z.ZodType;
  /** As the API words it, with its code: shown translated. */
  missingPhotosMessage(missing: readonly PhotoSlotDefinition[]): DomainMessage;
  /** Field order on the page, to focus and scroll to the first error. */
  order: readonly string[];
}

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The state of a sell-car or trade-in form: values, photos, errors, and sending with real progress. The same
 * zod schema as the API checks the fields before sending; the API stays the authority. One Idempotency-Key
 * covers every retry of one filled-in form, so a double click or a retry after a dropped connection makes
 * one request; any change to the form takes a new key, since the API refuses a key sent with other content. Errors
 * are kept as the schema and the API give them (code, values, English) and handed out in the visitor's language.
 */
export function useSubmissionForm<Values extends Record<string, string>>({ url, initial, slots, schema, missingPhotosMessage, order }: Options<Values>) {
  const t = useT(submissionMessages);
  const say = useSayMessage();
  const [values, setValues] = useState<Values>(initial);
  const [consent, setConsent] = useState(false);
  const [photos, setPhotos] = useState<PhotoSelection>({});
  const [errors, setErrors] = useState<FieldMessages>({});
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<{ overall: number; slots: Record<string, number> } | null>(null);
  const idempotencyKey = useRef(newKey());
  const sendingRef = useRef(false);

  const clearError = (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  const edited = () => {
    idempotencyKey.current = newKey();
  };
  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
    edited();
  };
  const setPhoto = (slot: string, photo: SelectedPhoto | undefined) => {
    setPhotos((current) => ({ ...current, [slot]: photo }));
    clearError(slot);
    clearError('photos');
    edited();
  };
  const changeConsent = (checked: boolean) => {
    setConsent(checked);
    clearError('consent');
    edited();
  };

  // The site's language goes with the request: the confirmation and every status email are written in it.
  const wireFields = (): Record<string, string> => ({ ...values, consent: consent ? 'true' : '', language: currentLanguage() });

  const validate = (): FieldMessages => {
    const parsed = schema.safeParse(wireFields());
    const found: FieldMessages = parsed.success ? {} : fieldErrorsOf(parsed.error);
    const missing = slots.filter((slot) => !photos[slot.slot]);
    if (missing.length > 0) found['photos'] = missingPhotosMessage(missing);
    return found;
  };

  const focusFirstError = (found: FieldMessages) => {
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
    | { outcome: 'invalid' }
    | { outcome: 'sent'; created: SubmissionCreated }
    | { outcome: 'refused'; error: string; message: string; status: number; retryAfterSeconds?: number | undefined }
    | { outcome: 'busy' }
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
        const refused = fieldMessagesOf(result.error);
        setErrors(refused);
        focusFirstError(refused);
      }
      setProgress(null);
      return { outcome: 'refused', error: result.error.error, message: result.error.message, status: result.status, retryAfterSeconds: result.retryAfterSeconds };
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  /** What a draft keeps (offline/draft): read when saving it, never while rendering. */
  const snapshot = () => ({
    values: values as Record<string, string>,
    consent,
    photos: Object.fromEntries(Object.entries(photos).flatMap(([slot, photo]) => (photo ? [[slot, photo.file]] : []))),
    idempotencyKey: idempotencyKey.current,
  });
  /** A kept draft back in the form, with its Idempotency-Key: sending it again is the same request. */
  const restore = (draft: ReturnType<typeof snapshot>) => {
    // Only this form's fields and slots: a draft is data from storage like any other.
    setValues(Object.fromEntries(Object.entries(initial).map(([name, value]) => [name, draft.values[name] ?? value])) as Values);
    setConsent(draft.consent);
    setPhotos(Object.fromEntries(slots.flatMap(({ slot }) => (draft.photos[slot] ? [[slot, { file: draft.photos[slot], preview: URL.createObjectURL(draft.photos[slot]) }]] : []))));
    idempotencyKey.current = draft.idempotencyKey;
  };

  const shownErrors = useMemo(() => {
    // Missing photos are named by their slots, labelled in the visitor's language.
    const labelsOf = (slotNames: readonly string[]) => slotNames.map((name) => slotLabel(t, slots.find(({ slot }) => slot === name)?.label ?? name));
    const translated: FieldErrors = {};
    for (const [name, message] of Object.entries(errors)) {
      if (!message) continue;
      const missingSlots = message.params?.['slots'];
      translated[name] = say(message, Array.isArray(missingSlots) ? { labels: labelsOf(missingSlots) } : {});
    }
    return translated;
  }, [errors, t, say, slots]);

  return { values, setValue, consent, setConsent: changeConsent, photos, setPhoto, errors: shownErrors, sending, progress, submit, reset, snapshot, restore };
}
