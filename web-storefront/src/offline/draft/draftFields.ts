import type { FormDraft } from './draftStore';

/** What a form hands its draft to keep, and takes back from it. */
export type DraftContent = Omit<FormDraft, 'waiting' | 'savedAt'>;

/** A new Idempotency-Key for a request: kept in its draft, so the request sent again is the same request. */
export const newIdempotencyKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The fields of a form that has neither consent box nor photos, as a draft keeps them; `restore` takes back its own fields only. */
export function textDraft<Field extends string>(values: Readonly<Record<Field, string>>, idempotencyKey: string): DraftContent {
  return { values: { ...values }, consent: false, photos: {}, idempotencyKey };
}

/** A kept draft's values for `empty`'s fields only (a draft is data from storage like any other), strings all. */
export function restoredFields<Values extends Record<string, string>>(empty: Values, kept: Readonly<Record<string, string>>): Values {
  return Object.fromEntries(Object.keys(empty).map((name) => [name, typeof kept[name] === 'string' ? kept[name] : empty[name]])) as Values;
}
