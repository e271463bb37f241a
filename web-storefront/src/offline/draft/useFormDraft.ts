import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useOnline } from '../savedAnswers';
import type { FormDraft } from './draftStore';
import type { DraftContent } from './draftFields';

// The IndexedDB code (draftStore.ts and idb-keyval) is asked for by the effect that restores a draft, which runs once
// the form has painted: no page waits for it to show its form.
const draftStore = () => import('./draftStore');

interface DraftableForm {
  values: Readonly<Record<string, string>>;
  /** A form without a consent box or photos (contact, reservation, enquiry) leaves them out. */
  consent?: boolean;
  photos?: Readonly<Record<string, unknown>>;
  /** True when nothing was entered: no draft is kept. */
  blank: boolean;
  /**
   * Whether what the request needs before it goes is there (a form with photos: every chosen photo uploaded). A
   * request that waits is sent again when this turns true, as when the connection returns: photos that came through
   * while the browser said it was online all along (the network gone, the interface up) let it go.
   */
  ready?: boolean;
  snapshot(): DraftContent;
  restore(draft: DraftContent): void;
}

/**
 * Keeps what was typed into `form` and the chosen photos on this phone (draftStore.ts) as the visitor goes: a reload, a
 * closed tab or a lost connection loses nothing. A request submitted with no connection waits (`waitsAfter`)
 * and `sendWaiting` is called once the browser is back online (or on the next visit, if it is online then), or once
 * its photos have come through while it is online, with the draft's Idempotency-Key. A failed retry leaves it waiting for
 * the next return of the connection, or `sendWaiting` again from the page's button: never a loop of requests.
 */
export function useFormDraft(name: string, form: DraftableForm, sendWaiting: () => void) {
  const online = useOnline();
  const [restored, setRestored] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const lastSaved = useRef<DraftContent | undefined>(undefined);
  // One write at a time, in order: a slow write never lands after a newer one.
  const writes = useRef(Promise.resolve());

  const restore = useEffectEvent((draft: FormDraft) => {
    // Typed into before the kept draft came back: what is on screen is newer, and it is what gets kept.
    if (!form.blank) return;
    form.restore(draft);
    lastSaved.current = draft;
    setWaiting(draft.waiting);
  });
  useEffect(() => {
    let current = true;
    draftStore()
      .then(({ loadDraft }) => loadDraft(name))
      .then((draft) => {
        if (current && draft) restore(draft);
      })
      // No IndexedDB (a private window in some browsers), or its code not reachable offline: the form works as before,
      // without drafts.
      .catch(() => undefined)
      .finally(() => {
        if (current) setRestored(true);
      });
    return () => {
      current = false;
    };
  }, [name]);

  const save = useEffectEvent(() => {
    const content = form.blank && !waiting ? undefined : form.snapshot();
    const previous = lastSaved.current;
    lastSaved.current = content;
    writes.current = writes.current
      .then(async () => {
        const { clearDraft, saveDraft } = await draftStore();
        await (content ? saveDraft(name, { ...content, waiting, savedAt: Date.now() }, previous) : clearDraft(name));
      })
      .catch(() => undefined);
  });
  useEffect(() => {
    if (restored) save();
  }, [restored, waiting, form.values, form.consent, form.photos]);

  const send = useEffectEvent(sendWaiting);
  useEffect(() => {
    if (restored && waiting && online) send();
  }, [restored, waiting, online]);
  // Only when it turns true: photos starting again after a reload, or changing while a request goes, send nothing.
  const wasReady = useRef(form.ready);
  useEffect(() => {
    const cameThrough = form.ready === true && wasReady.current === false;
    wasReady.current = form.ready;
    if (cameThrough && restored && waiting && online) send();
  }, [form.ready, restored, waiting, online]);

  return {
    online,
    waiting,
    /**
     * What a send's answer means for the draft. No answer at all (status 0: no connection) keeps the request waiting, to
     * be sent when there is one, and returns true: the page stays as it is. Any answer (sent, or refused for a reason a
     * retry will not change) settles it: nothing waits any more, and the page says which.
     */
    waitsAfter(answer: { ok: boolean; status?: number }): boolean {
      const noConnection = !answer.ok && answer.status === 0;
      setWaiting(noConnection);
      return noConnection;
    },
  };
}
