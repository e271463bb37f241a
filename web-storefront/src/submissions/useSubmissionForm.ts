import { useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { DomainMessage } from '@autobest/domain/messages';
import { fieldErrorsOf } from '@autobest/domain/validation';
import { fieldMessagesOf, type FieldMessages } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { currentLanguage, useT } from '../i18n';
import { submissionMessages } from './messages';
import { slotLabel } from './slotLabel';
import type { SubmissionCreated, SubmissionWithUploads } from '@autobest/domain/submissions/contracts';
import { postJson } from '../api/client';
import type { PhotoSelection, PhotoSlotDefinition, SelectedPhoto } from './PhotoSlots';
import { photosStand, usePhotoUploads, type PhotoUploads } from './usePhotoUploads';
import { uploadSubmission } from './uploadSubmission';
import { newIdempotencyKey } from '../offline/draft/draftFields';
import type { SentPhotos } from '../offline/draft/draftStore';

export type FieldErrors = Record<string, string | undefined>;

interface Options<Values extends Record<string, string>> {
  /** The request's resource (/api/sell-car-submissions); the form sends to its /from-uploads. */
  url: string;
  initial: Values;
  slots: readonly PhotoSlotDefinition[];
  schema: z.ZodType;
  /** As the API words it, with its code: shown translated. */
  missingPhotosMessage(missing: readonly PhotoSlotDefinition[]): DomainMessage;
  /** Field order on the page, to focus and scroll to the first error. */
  order: readonly string[];
}


/** How far the chosen photos are, together: the percent of them through (a photo through counts whole). */
function overallPercent(uploads: PhotoUploads, slots: readonly string[]): number {
  if (slots.length === 0) return 0;
  const done = slots.reduce((sum, slot) => {
    const upload = uploads[slot];
    return sum + (upload?.state === 'through' ? 100 : upload && 'percent' in upload ? upload.percent : 0);
  }, 0);
  return Math.floor(done / slots.length);
}

/**
 * The state of a sell-car or trade-in form: values, photos, errors, and sending with real progress. Each photo is
 * sent on its own as soon as it is chosen (usePhotoUploads, resumable); the form itself is a small JSON request naming
 * the photos' uploads, sent once every chosen photo is through. The same
 * zod schema as the API checks the fields before sending; the API stays the authority. One Idempotency-Key
 * covers every retry of one filled-in form, so a double click or a retry after a dropped connection makes
 * one request; any change to the form takes a new key, since the API refuses a key sent with other content. A request
 * sent again under its key goes as it went (sentUnderKey), in the same page or after a reload: its photos named by the
 * same uploads, or with the form, whatever the photos' uploads have done since. Errors
 * are kept as the schema and the API give them (code, values, English) and handed out in the visitor's language.
 */
export function useSubmissionForm<Values extends Record<string, string>>({ url, initial, slots, schema, missingPhotosMessage, order }: Options<Values>) {
  const t = useT(submissionMessages);
  const say = useSayFormMessage();
  const [values, setValues] = useState<Values>(initial);
  const [consent, setConsent] = useState(false);
  const [photos, setPhotos] = useState<PhotoSelection>({});
  const [errors, setErrors] = useState<FieldMessages>({});
  const [sending, setSending] = useState(false);
  /** While the form goes as one multipart request (the API too busy for uploads): the percent of its bytes sent. */
  const [multipartPercent, setMultipartPercent] = useState<number | null>(null);
  const photoUploads = usePhotoUploads();
  const idempotencyKey = useRef(newIdempotencyKey());
  /** How the photos went with the last request sent (in this page, or before a reload: restore), and under which key. */
  const lastSent = useRef<{ key: string; photos: SentPhotos } | undefined>(undefined);
  /** How the photos went under the current key, if a request went with it: kept in the draft, and sent so again. */
  const sentUnderKey = (): SentPhotos | undefined => (lastSent.current?.key === idempotencyKey.current ? lastSent.current.photos : undefined);
  const sendingRef = useRef(false);

  const clearError = (name: string) => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  /** The form changed: a new key, under which nothing went yet. */
  const edited = () => {
    idempotencyKey.current = newIdempotencyKey();
  };
  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
    edited();
  };
  const setPhoto = (slot: string, photo: SelectedPhoto | undefined) => {
    setPhotos((current) => ({ ...current, [slot]: photo }));
    if (photo) void photoUploads.start(slot, photo.file);
    else photoUploads.remove(slot);
    clearError(slot);
    clearError('photos');
    edited();
  };
  /** Sends a photo again; its upload may get a new id, so the form's content, and its key, change. */
  const retryPhoto = (slot: string) => {
    clearError(slot);
    edited();
    photoUploads.retry(slot);
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
    photoUploads.forget();
    edited();
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
    const chosen = slots.flatMap(({ slot }) => (photos[slot] ? [slot] : []));
    /** Sends the form with its photos as `sent` names them: their uploads, or the files themselves. */
    const sendWith = (sent: SentPhotos) => {
      lastSent.current = { key: idempotencyKey.current, photos: sent };
      if (sent !== 'withForm') {
        const body: SubmissionWithUploads = { fields: wireFields(), photos: sent };
        return postJson<SubmissionCreated>(`${url}/from-uploads`, body, { headers: { 'Idempotency-Key': idempotencyKey.current } });
      }
      // The API was too busy to start an upload: the whole form goes as one multipart request, as before uploads.
      setMultipartPercent(0);
      return uploadSubmission({
        url,
        fields: wireFields(),
        photos: chosen.flatMap((slot) => (photos[slot] ? [{ slot, file: photos[slot].file }] : [])),
        idempotencyKey: idempotencyKey.current,
        onProgress: (sent, total) => setMultipartPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
      });
    };
    try {
      let result: Awaited<ReturnType<typeof sendWith>> | undefined;
      const sentBefore = sentUnderKey();
      if (sentBefore) {
        // Sent under this key, its answer lost (a cut connection, in this page or before a reload): it may have gone
        // through, so it goes again as it was, and the API answers it as the same request (until it is sent, whatever
        // else the answer). Its uploads gone (expired) means the API never recorded it: the photos' uploads as they
        // stand now go instead, under a new key.
        result = await sendWith(sentBefore);
        if (!result.ok && result.error.fields && Object.values(fieldMessagesOf(result.error)).some((message) => message?.code === 'photoUploadUnavailable')) {
          edited();
          result = undefined;
        }
      }
      if (!result) {
        const through = await photoUploads.whenThrough(chosen);
        if (!through.ok) {
          const { error, status, retryAfterSeconds } = through.refusal;
          // A photo the API refused (not an image, too large): said at its slot, and as a whole. With no connection
          // (status 0) the request waits for it instead (useFormDraft), and the page says so at its top.
          if (status !== 0) document.getElementById('photos-section')?.focus();
          return { outcome: 'refused', error: error.error, message: error.message, status, retryAfterSeconds };
        }
        result = await sendWith('withForm' in through ? 'withForm' : through.uploadIds);
      }
      if (result.ok) {
        // The uploads the request does not name (its photos went with the form, or as they went before a reload) are
        // not needed.
        const went = lastSent.current?.photos;
        photoUploads.giveUpAllBut(went && went !== 'withForm' ? Object.values(went) : []);
        photoUploads.forget();
        return { outcome: 'sent', created: result.data };
      }
      if (result.error.fields) {
        const refused = fieldMessagesOf(result.error);
        setErrors(refused);
        focusFirstError(refused);
        // An upload that expired (or was used already) is sent again at once, its message kept until the owner
        // sends the form again.
        for (const [slot, message] of Object.entries(refused)) {
          if (message?.code !== 'photoUploadUnavailable') continue;
          edited();
          photoUploads.retry(slot);
        }
      }
      return { outcome: 'refused', error: result.error.error, message: result.error.message, status: result.status, retryAfterSeconds: result.retryAfterSeconds };
    } finally {
      sendingRef.current = false;
      setSending(false);
      setMultipartPercent(null);
    }
  };

  /** What a draft keeps (offline/draft): read when saving it, never while rendering. */
  const snapshot = () => ({
    values: values as Record<string, string>,
    consent,
    photos: Object.fromEntries(Object.entries(photos).flatMap(([slot, photo]) => (photo ? [[slot, photo.file]] : []))),
    idempotencyKey: idempotencyKey.current,
    sentPhotos: sentUnderKey(),
  });
  /** A kept draft back in the form, with its Idempotency-Key: sending it again is the same request. */
  const restore = (draft: ReturnType<typeof snapshot>) => {
    // Only this form's fields and slots: a draft is data from storage like any other.
    setValues(Object.fromEntries(Object.entries(initial).map(([name, value]) => [name, draft.values[name] ?? value])) as Values);
    setConsent(draft.consent);
    const kept = slots.flatMap(({ slot }) => (draft.photos[slot] ? [[slot, draft.photos[slot]] as const] : []));
    setPhotos(Object.fromEntries(kept.map(([slot, file]) => [slot, { file, preview: URL.createObjectURL(file) }])));
    // Each kept photo is sent again from its start (an upload does not outlive the page); the hook waits for the
    // connection and resumes on its own.
    // A request sent before the reload goes again with its photos as they went then (submit); these uploads are for
    // when the API never recorded it.
    for (const [slot, file] of kept) void photoUploads.start(slot, file);
    idempotencyKey.current = draft.idempotencyKey;
    lastSent.current = draft.sentPhotos ? { key: draft.idempotencyKey, photos: draft.sentPhotos } : undefined;
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

  const chosenSlots = slots.flatMap(({ slot }) => (photos[slot] ? [slot] : []));
  return {
    values,
    setValue,
    consent,
    setConsent: changeConsent,
    photos,
    setPhoto,
    /** Each chosen photo's upload, and a way to try a refused one again. */
    uploads: photoUploads.uploads,
    retryPhoto,
    errors: shownErrors,
    sending,
    /** The chosen photos let the request go (every one through, or going with the form): nothing keeps it back. */
    photosReady: ['through', 'withForm'].includes(photosStand(photoUploads.uploads, chosenSlots)),
    /** While sending: how far the photos are, together (the form's own request is tiny). */
    progress: sending ? { overall: multipartPercent ?? overallPercent(photoUploads.uploads, chosenSlots) } : null,
    submit,
    reset,
    snapshot,
    restore,
  };
}
