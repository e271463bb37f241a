import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { submissionMessages } from './messages';

export interface ToastMessage {
  title: string;
  text?: string;
  kind: 'success' | 'error';
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

/** One toast at a time (the spec's limit), gone after 5 s or when closed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT(submissionMessages);
  const [toast, setToast] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback((next: ToastMessage) => setToast({ ...next, key: Date.now() }), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 5000);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toast ? (
          <div key={toast.key} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <div>
              <strong>{toast.title}</strong>
              {toast.text ? <p>{toast.text}</p> : null}
            </div>
            <button type="button" className="toast-close" aria-label={t('closeNotification')} onClick={() => setToast(null)}>
              ×
            </button>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
