import { useCallback, useEffect, useRef, useState } from 'react';
import type * as TusClientModule from 'tus-js-client';
import type { DetailedError, Upload } from 'tus-js-client';

type TusClient = typeof TusClientModule;
import { PHOTO_UPLOADS_PATH } from '@autobest/domain/submissions/contracts';
import { isApiError, retryAfterSeconds, type ApiError } from '../api/client';

/**
 * Where one chosen photo is: being sent (`percent` of its bytes through), cut off and about to resume, through (the
 * API has it whole and took it as an image: `uploadId` names it in the request), or refused.
 */
export type PhotoUploadState =
  | { state: 'sending'; percent: number }
  | { state: 'resuming'; percent: number }
  | { state: 'through'; uploadId: string }
  /** The API was too busy to start an upload (503, tried again): the photo goes with the form, in one multipart request. */
  | { state: 'withForm' }
  | { state: 'refused'; status: number; error: ApiError; retryAfterSeconds?: number | undefined };

export type PhotoUploads = Record<string, PhotoUploadState | undefined>;
type Refusal = Extract<PhotoUploadState, { state: 'refused' }>;

/**
 * Waits between attempts after a cut: soon at first (a tunnel), then longer (a network that is gone for a while),
 * about ten minutes in all. A cut photo resumes from the last byte the API has (tus asks it with HEAD); the attempts
 * start again from the first once bytes get through.
 */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 120_000, 120_000, 180_000];

const NETWORK_REFUSAL: ApiError = { error: 'network_error', message: 'Could not reach AutoBest. Check your connection and try again.' };

/** A photo the network failed (nothing came back), or not through when there is no connection. */
const NO_CONNECTION: Refusal = { state: 'refused', status: 0, error: NETWORK_REFUSAL };

/** Whether a photo was given up on because the network failed it (no answer from the API): worth sending again. */
const isCut = (state: PhotoUploadState | undefined) => state?.state === 'refused' && state.status === 0;

/**
 * Where the photos of `slots`, together, leave their request: a photo refused (or not chosen); one going with the form,
 * which takes them all (the multipart request carries every photo, so the others' uploads need not finish); every one
 * through; or some still on their way.
 */
export function photosStand(uploads: PhotoUploads, slots: readonly string[]): 'refused' | 'withForm' | 'through' | 'onTheirWay' {
  const states = slots.map((slot) => uploads[slot]);
  if (states.some((state) => !state || state.state === 'refused')) return 'refused';
  if (states.some((state) => state?.state === 'withForm')) return 'withForm';
  return states.every((state) => state?.state === 'through') ? 'through' : 'onTheirWay';
}

/** The API's refusal in a tus error: its JSON body, or, when nothing came back, a network failure (status 0). */
function refusalOf(error: Error | DetailedError): Refusal {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return NO_CONNECTION;
  const status = response.getStatus();
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = undefined;
  }
  return { state: 'refused', status, error: isApiError(body) ? body : { error: `http_${status}`, message: `The server answered ${status}.` }, retryAfterSeconds: retryAfterSeconds(response.getHeader('Retry-After')) };
}

/** Whether to try again after `error`: a cut or a server in trouble is; a refusal of the photo (413, 415, 429) is not. */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/**
 * How many times a creation answered 503 (every waiting upload together fills the API's bound) is tried again before
 * the photo goes with the form instead: the multipart request does not wait for uploads to be deleted.
 */
const BUSY_CREATION_RETRIES = 2;

/** The id the API gave an upload (the last part of its URL), once it made it. */
const uploadIdOf = (upload: Upload | undefined) => upload?.url?.split('/').pop();

/** Whether `error` is the API refusing to start an upload because it is busy (503 with no upload made). */
const busyCreation = (error: Error | DetailedError, upload: Upload) =>
  !upload.url && 'originalResponse' in error && error.originalResponse?.getStatus() === 503;

/**
 * Sends each chosen photo on its own as soon as it is chosen, resumably (tus, to PHOTO_UPLOADS_PATH): a photo that
 * was cut off goes on from where it stopped, and only that photo is sent again. `choose` starts a slot's photo (giving
 * up the one it replaces), `remove` gives it up, `retry` starts a refused one again, and `whenThrough` waits for every
 * chosen photo to be through, answering their upload ids, or the slots that were refused, or that a photo goes with
 * the form (the API too busy to start its upload: the form is then sent as one multipart request), or that there is no
 * connection (the request waits for it, and the uploads resume when it is back). `forget` drops
 * every slot after their request was sent: the uploads belong to it now; `giveUpAllBut` first ends the uploads the
 * request did not name (its photos went with the form, or named by the uploads made before a reload).
 */
export function usePhotoUploads() {
  const [uploads, setUploads] = useState<PhotoUploads>({});
  const running = useRef(new Map<string, { upload: Upload | undefined; file: File }>());
  const latest = useRef(uploads);
  const waiting = useRef(new Set<() => void>());
  const left = useRef(false);

  const update = useCallback((slot: string, state: PhotoUploadState | undefined) => {
    latest.current = { ...latest.current, [slot]: state };
    setUploads(latest.current);
    for (const wake of waiting.current) wake();
  }, []);

  const start = useCallback(
    async (slot: string, file: File, resumeFrom?: string) => {
      // The upload this one replaces is given up (deleted from the API), unless this one goes on where it stopped.
      running.current.get(slot)?.upload?.abort(resumeFrom === undefined).catch(() => undefined);
      const entry: { upload: Upload | undefined; file: File } = { upload: undefined, file };
      running.current.set(slot, entry);
      const before = latest.current[slot];
      update(slot, { state: 'sending', percent: resumeFrom && before && 'percent' in before ? before.percent : 0 });
      // The client is fetched with the first photo chosen, not with the form: a visitor who only reads the page on a
      // slow network does not pay for it before the page shows.
      let Tus: TusClient;
      try {
        Tus = await import('tus-js-client');
      } catch {
        if (running.current.get(slot) === entry) update(slot, NO_CONNECTION);
        return;
      }
      if (running.current.get(slot) !== entry) return;
      const upload: Upload = new Tus.Upload(file, {
        endpoint: PHOTO_UPLOADS_PATH,
        // From the last byte the API has (tus asks it with HEAD).
        ...(resumeFrom ? { uploadUrl: resumeFrom } : {}),
        metadata: { filename: file.name },
        retryDelays: RETRY_DELAYS_MS,
        // Within this page: after a reload the photo is chosen (or restored) again and sent afresh.
        storeFingerprintForResuming: false,
        onShouldRetry: (error, retryAttempt) => {
          const retry = worthRetrying(error) && !(busyCreation(error, upload) && retryAttempt >= BUSY_CREATION_RETRIES);
          if (retry && running.current.get(slot)?.upload === upload) {
            const current = latest.current[slot];
            update(slot, { state: 'resuming', percent: current && 'percent' in current ? current.percent : 0 });
          }
          return retry;
        },
        onProgress: (sent, total) => {
          if (running.current.get(slot)?.upload === upload) update(slot, { state: 'sending', percent: total > 0 ? Math.floor((sent / total) * 100) : 0 });
        },
        onSuccess: () => {
          const uploadId = uploadIdOf(upload);
          if (running.current.get(slot)?.upload !== upload) return;
          update(slot, uploadId ? { state: 'through', uploadId } : NO_CONNECTION);
        },
        onError: (error) => {
          if (running.current.get(slot)?.upload === upload) update(slot, busyCreation(error, upload) ? { state: 'withForm' } : refusalOf(error));
        },
      });
      entry.upload = upload;
      upload.start();
    },
    [update],
  );

  const remove = useCallback(
    (slot: string) => {
      running.current.get(slot)?.upload?.abort(true).catch(() => undefined);
      running.current.delete(slot);
      update(slot, undefined);
    },
    [update],
  );

  /**
   * Tries the slot's photo again now: from where it stopped when the network (or the server) failed it or it waits for
   * its next attempt, else from the start as a new upload (gone from the API: expired, or refused by a request). Each
   * time a new tus upload, with all its attempts ahead of it: one that gave up has none left, and one started again
   * while it was still starting would run twice.
   */
  const retry = useCallback(
    (slot: string) => {
      const entry = running.current.get(slot);
      if (!entry) return;
      const state = latest.current[slot];
      const resumable = state?.state === 'resuming' || (state?.state === 'refused' && (state.status === 0 || state.status >= 500));
      void start(slot, entry.file, resumable ? (entry.upload?.url ?? undefined) : undefined);
    },
    [start],
  );

  /**
   * Waits for the photos of `slots` to be through. A photo the network cut off for good (refused with no answer) is
   * tried again first when the phone is online: sending the form is asking for that. With no connection (the browser
   * offline or going offline meanwhile, or a photo cut off and waiting for its next attempt: online by the browser's
   * word, nothing getting through), a photo not yet through answers at once that the network failed (status 0), so the
   * request waits for the connection and says so instead of showing its progress stopped; the uploads go on by
   * themselves, at once when the browser is back online.
   */
  const whenThrough = useCallback(
    (slots: readonly string[]) => {
      if (navigator.onLine) for (const slot of slots) if (isCut(latest.current[slot])) retry(slot);
      return new Promise<{ ok: true; uploadIds: Record<string, string> } | { ok: true; withForm: true } | { ok: false; refusal: Refusal }>((resolve) => {
        const check = () => {
          // The page was left: nothing will come through.
          if (left.current) return finish({ ok: false, refusal: NO_CONNECTION });
          const states = slots.map((slot) => [slot, latest.current[slot]] as const);
          switch (photosStand(latest.current, slots)) {
            case 'refused': {
              const refused = states.find(([, state]) => state?.state === 'refused')?.[1];
              return finish({ ok: false, refusal: refused?.state === 'refused' ? refused : NO_CONNECTION });
            }
            case 'withForm':
              return finish({ ok: true, withForm: true });
            case 'through':
              return finish({ ok: true, uploadIds: Object.fromEntries(states.map(([slot, state]) => [slot, state?.state === 'through' ? state.uploadId : ''])) });
            case 'onTheirWay':
              if (!navigator.onLine || states.some(([, state]) => state?.state === 'resuming')) finish({ ok: false, refusal: NO_CONNECTION });
          }
        };
        const finish = (answer: Parameters<typeof resolve>[0]) => {
          waiting.current.delete(check);
          window.removeEventListener('offline', check);
          resolve(answer);
        };
        waiting.current.add(check);
        window.addEventListener('offline', check);
        check();
      });
    },
    [retry],
  );

  /** Gives up every upload but those `named` (their ids): the request was recorded without them. */
  const giveUpAllBut = useCallback((named: readonly string[]) => {
    for (const { upload } of running.current.values()) if (!named.includes(uploadIdOf(upload) ?? '')) upload?.abort(true).catch(() => undefined);
  }, []);

  const forget = useCallback(() => {
    running.current.clear();
    latest.current = {};
    setUploads({});
  }, []);

  // A photo cut off while the phone was offline resumes as soon as it is back, without waiting for its next attempt
  // (tus waits up to three minutes between attempts).
  useEffect(() => {
    const online = () => {
      for (const [slot, state] of Object.entries(latest.current)) if (isCut(state) || state?.state === 'resuming') retry(slot);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [retry]);

  // Leaving the page stops the uploads (their bytes so far expire on the API), and a send waiting for them ends.
  useEffect(() => {
    const uploadsRunning = running.current;
    const waits = waiting.current;
    left.current = false;
    return () => {
      for (const { upload } of uploadsRunning.values()) void upload?.abort();
      left.current = true;
      for (const wake of [...waits]) wake();
    };
  }, []);

  return { uploads, start, remove, retry, whenThrough, giveUpAllBut, forget };
}
