import { createStore, delMany, get, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * A form filled in on this phone and not sent yet, kept in IndexedDB (idb-keyval) so that neither a lost connection
 * nor a reload loses it: the fields, the consent box, the chosen photos, and the Idempotency-Key of the request, so a
 * request sent again once the connection returns is the same request (the API makes one of both).
 */
export interface FormDraft {
  values: Record<string, string>;
  consent: boolean;
  /** By photo slot. */
  photos: Record<string, File>;
  idempotencyKey: string;
  /**
   * How the photos went with the last request sent with this key, when one was sent: each slot's upload id, or
   * 'withForm' (one multipart request). Its answer may have been lost after the API recorded it; sent again after a
   * reload, the request must be the same one, or the API refuses the key (422) although the request went through.
   */
  sentPhotos?: SentPhotos | undefined;
  /** Submitted with no connection: to be sent as soon as there is one. */
  waiting: boolean;
  /** When it was last written (ms since 1970). */
  savedAt: number;
}

export type SentPhotos = Record<string, string> | 'withForm';

const isSentPhotos = (value: unknown): value is SentPhotos =>
  value === 'withForm' || (typeof value === 'object' && value !== null && Object.values(value).every((id) => typeof id === 'string'));

/** Drafts older than this are dropped unread: a shared phone does not keep someone's details for ever. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A photo as IndexedDB keeps it: a File comes back from the store as a Blob without its name in some browsers. */
interface StoredPhoto {
  name: string;
  type: string;
  bytes: Blob;
}

interface StoredDraft extends Omit<FormDraft, 'photos'> {
  /** The slots that have a photo, each kept under its own key: typing a letter does not write the photos again. */
  slots: string[];
}

let defaultStore: UseStore | undefined;
/** Opened on first use, never on a page that has no form. */
const draftsStore = (): UseStore => (defaultStore ??= createStore('autobest-drafts', 'drafts'));

const photoKey = (form: string, slot: string) => `${form}/photo/${slot}`;

const isStoredDraft = (value: unknown): value is StoredDraft => {
  const draft = value as Partial<StoredDraft> | undefined;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    Object.values(draft.values).every((field) => typeof field === 'string') &&
    typeof draft.consent === 'boolean' &&
    typeof draft.idempotencyKey === 'string' &&
    typeof draft.waiting === 'boolean' &&
    typeof draft.savedAt === 'number' &&
    (draft.sentPhotos === undefined || isSentPhotos(draft.sentPhotos)) &&
    Array.isArray(draft.slots) &&
    draft.slots.every((slot) => typeof slot === 'string')
  );
};

const isStoredPhoto = (value: unknown): value is StoredPhoto => {
  const photo = value as Partial<StoredPhoto> | undefined;
  return typeof photo === 'object' && photo !== null && typeof photo.name === 'string' && typeof photo.type === 'string' && photo.bytes instanceof Blob;
};

/** The kept parts of `form`'s draft, each written only when it changed since `previous` (photos are large). */
export async function saveDraft(form: string, draft: FormDraft, previous?: Pick<FormDraft, 'photos'>, store = draftsStore()): Promise<void> {
  const slots = Object.keys(draft.photos);
  const entries: Array<[IDBValidKey, unknown]> = [[form, { values: draft.values, consent: draft.consent, idempotencyKey: draft.idempotencyKey, sentPhotos: draft.sentPhotos, waiting: draft.waiting, savedAt: draft.savedAt, slots } satisfies StoredDraft]];
  for (const slot of slots) {
    const file = draft.photos[slot]!;
    if (previous?.photos[slot] !== file) entries.push([photoKey(form, slot), { name: file.name, type: file.type, bytes: file } satisfies StoredPhoto]);
  }
  const removed = Object.keys(previous?.photos ?? {}).filter((slot) => !slots.includes(slot));
  await setMany(entries, store);
  if (removed.length > 0) await delMany(removed.map((slot) => photoKey(form, slot)), store);
}

/** `form`'s draft, or undefined when there is none, it is too old, or it is not one this code wrote. */
export async function loadDraft(form: string, now = Date.now(), store = draftsStore()): Promise<FormDraft | undefined> {
  const stored: unknown = await get(form, store);
  if (stored === undefined) return undefined;
  if (!isStoredDraft(stored) || now - stored.savedAt > DRAFT_MAX_AGE_MS) {
    await clearDraft(form, store);
    return undefined;
  }
  const photos: Record<string, File> = {};
  for (const slot of stored.slots) {
    const photo: unknown = await get(photoKey(form, slot), store);
    if (isStoredPhoto(photo)) photos[slot] = new File([photo.bytes], photo.name, { type: photo.type });
  }
  const { slots: _slots, ...draft } = stored;
  return { ...draft, photos };
}

/** Forgets `form`'s draft and every photo kept for it: sent, or too old. */
export async function clearDraft(form: string, store = draftsStore()): Promise<void> {
  const photos = (await keys(store)).filter((key) => typeof key === 'string' && key.startsWith(photoKey(form, '')));
  await delMany([form, ...photos], store);
}
