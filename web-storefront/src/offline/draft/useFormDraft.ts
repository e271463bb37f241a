import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useOnline } from '../savedAnswers';
import type { FormDraft } from './draftStore';
import type { DraftContent } from './draftFields';

// The IndexedDB code (draftStore.ts and idb-keyval) is asked for by the effect that restores a draft, which runs once
// the form has painted: no page waits for it to show its form.
const draftStore = () => import('./draftStore');

/**
 * When a waiting request is tried again after a send that got no answer while the browser said it was online: the
 * signal back but the network not yet carrying anything (common on a phone regaining 2G), or lost again at once. Later
 * each time, then every five minutes while the page stays open; the connection coming back again sends at once.
 */
const RESEND_AFTER_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

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
 * its photos have come through while it is online, with the draft's Idempotency-Key. A retry that gets no answer while
 * the browser says it is online is tried again later (RESEND_AFTER_MS), one send at a time: a reason to send that came
 * while another send was under way (the connection back, the photos through) is not lost with it.
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
  // Sends in a row that got no answer while the browser said it was online. Photos not through yet hold the retries
  // back: their uploads try again by themselves, and the request goes when they are through.
  const [unanswered, setUnanswered] = useState(0);
  useEffect(() => {
    if (!restored || !waiting || !online || unanswered === 0 || form.ready === false) return;
    const timer = setTimeout(() => send(), RESEND_AFTER_MS[Math.min(unanswered, RESEND_AFTER_MS.length) - 1]);
    return () => clearTimeout(timer);
  }, [restored, waiting, online, unanswered, form.ready]);

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
      setUnanswered((count) => (noConnection && navigator.onLine ? count + 1 : 0));
      return noConnection;
    },
  };
}
